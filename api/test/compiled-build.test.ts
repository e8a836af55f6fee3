import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Production runs api/dist (api/build.mjs: esbuild, docs/operations.md "In production"). The bundles must need
 * no TypeScript tool at run time, keep the npm dependencies external and still find files beside the sources.
 */
describe('the compiled API (api/build.mjs)', () => {
  const apiDir = join(__dirname, '..');
  let outdir: string;
  beforeAll(() => {
    outdir = mkdtempSync(join(tmpdir(), 'ushirika-api-build-'));
    const build = spawnSync(process.execPath, ['build.mjs', '--outdir', outdir], { cwd: apiDir, encoding: 'utf8' });
    expect(build.stderr).toBe('');
    expect(build.status).toBe(0);
  }, 60_000);
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  const bundles = ['main.js', 'worker-cli.js', 'ops-cli.js', 'seed-cli.js'];

  it('writes one bundle per program, requiring no tsx or typescript and bundling @ushirika/shared', () => {
    for (const bundle of bundles) {
      expect(existsSync(join(outdir, bundle))).toBe(true);
      const code = readFileSync(join(outdir, bundle), 'utf8');
      expect(code).not.toMatch(/require\(["'](tsx|typescript|ts-node|esbuild)(\/[^"']*)?["']\)/);
      expect(code).not.toMatch(/require\(["']@ushirika\/shared/);
    }
    // The native and wasm packages stay external, loaded from api/node_modules.
    const main = readFileSync(join(outdir, 'main.js'), 'utf8');
    expect(main).toContain('require("@node-rs/argon2")');
    expect(main).toContain('require("@electric-sql/pglite")');
  });

  it('runs: the ops command line prints its usage', () => {
    const run = spawnSync(process.execPath, [join(outdir, 'ops-cli.js'), '--help'], { cwd: apiDir, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Usage: pnpm ops <command>/);
  });

  it('finds the repository root and api/package.json from the sources, not from the bundle', () => {
    // main.js starts the server when required: the folders `__dirname` became are read from its text.
    const main = readFileSync(join(outdir, 'main.js'), 'utf8');
    const dirs = [...main.matchAll(/require\("node:path"\)\.join\(__dirname, ("[^"]*")\)/g)].map((match) => join(outdir, JSON.parse(match[1]!) as string));
    expect(dirs).toEqual(expect.arrayContaining([join(apiDir, 'src'), join(apiDir, 'src', 'http'), join(apiDir, 'src', 'contacts', 'import')]));
  });
});
