import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { stripStyleWriters } = require('./antd-zero-runtime-loader.cjs') as { stripStyleWriters: (source: string) => string };

const antdStyle = (component: string) =>
  readFileSync(join(createRequire(require.resolve('antd')).resolve('antd/package.json'), '..', 'es', component, 'style', 'index.js'), 'utf8');

describe('antd-zero-runtime-loader', () => {
  it("replaces a style hook's CSS writer and keeps its name, component tokens and options", () => {
    const source = `import { genStyleHooks } from '../../theme/internal';
const genTableStyle = (token) => ({ [token.componentCls]: { color: \`\${token.colorText}\` } });
export default genStyleHooks('Table', (token) => [genTableStyle(token), { a: [1, '(', ')'] }], prepareComponentToken, { unitless: { x: true } });`;
    const stripped = stripStyleWriters(source);
    expect(stripped).toContain("genStyleHooks('Table', () => [], prepareComponentToken, { unitless: { x: true } })");
    // The writer's helper is still declared; the minifier drops it, now that nothing calls it.
    expect(stripped).toContain('const genTableStyle');
  });

  it("strips antd's own style modules: the Table's shrinks and still names its tokens", () => {
    const source = antdStyle('table');
    const stripped = stripStyleWriters(source);
    expect(stripped).toMatch(/genStyleHooks\('Table', \(\) => \[\], prepareComponentToken/);
    expect(stripped.length).toBeLessThan(source.length);
  });

  it('leaves a module without a style hook, and one it cannot parse, as they are', () => {
    const plain = "export const x = genStyle('not a hook');";
    expect(stripStyleWriters(plain)).toBe(plain);
    const broken = "genStyleHooks('Button', (token) => [ ;";
    expect(stripStyleWriters(broken)).toBe(broken);
  });
});
