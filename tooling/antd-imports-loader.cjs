const fs = require('node:fs');
const acorn = require('acorn');

/**
 * A webpack loader for our own modules, after TypeScript has compiled them: each
 *
 *   import { Table, Button as AntButton } from 'antd';
 *
 * becomes one import per component module,
 *
 *   import Table from 'antd/es/table'; import AntButton from 'antd/es/button';
 *
 * so that a screen asks federation for the components it uses, each a singleton the host provides
 * (tooling/shared-deps.cjs, `antdComponentShares`), instead of one module holding every component. The front ends
 * keep writing `import { Table } from 'antd'`; TypeScript has already dropped the names used as types only, so
 * every name left is a component. A name antd's index does not map to a component module (or a default or
 * namespace import) stays an import from 'antd', which federation still answers with the whole subset.
 *
 * Parsed with acorn, not matched by a pattern; the replacement keeps the statement's line count, so source maps stay
 * right to the line.
 */

/** antd's exports by name, each with its module (`Table` → `antd/es/table`), read from antd's own ES index. */
function antdComponentModules(fromDir) {
  const index = require.resolve('antd/es/index.js', { paths: [fromDir] });
  const modules = new Map();
  for (const [, name, dir] of fs.readFileSync(index, 'utf8').matchAll(/export \{ default as (\w+) \} from '\.\/([\w-]+)';/g)) {
    modules.set(name, `antd/es/${dir}`);
  }
  if (!modules.has('Table') || !modules.has('ConfigProvider')) throw new Error(`${index}: antd's index no longer reads "export { default as Table } from './table'"`);
  return modules;
}

/** `source` with every `import { … } from 'antd'` split per component module (`modules`: name → request). */
function splitAntdImports(source, modules) {
  if (!/from\s*['"]antd['"]/.test(source)) return source;
  let program;
  try {
    program = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  } catch {
    return source;
  }
  const edits = [];
  for (const node of program.body) {
    if (node.type !== 'ImportDeclaration' || node.source.value !== 'antd') continue;
    if (node.specifiers.length === 0 || node.specifiers.some((specifier) => specifier.type !== 'ImportSpecifier')) continue;
    const perModule = [];
    const kept = [];
    for (const specifier of node.specifiers) {
      const request = modules.get(specifier.imported.name);
      if (request) perModule.push(`import ${specifier.local.name} from '${request}';`);
      else kept.push(specifier.imported.name === specifier.local.name ? specifier.local.name : `${specifier.imported.name} as ${specifier.local.name}`);
    }
    if (kept.length > 0) perModule.push(`import { ${kept.join(', ')} } from 'antd';`);
    const lines = source.slice(node.start, node.end).split('\n').length - 1;
    edits.push({ start: node.start, end: node.end, text: perModule.join(' ') + '\n'.repeat(lines) });
  }
  let result = source;
  // From the end, so the earlier positions stay valid.
  for (const edit of edits.sort((a, b) => b.start - a.start)) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

/** Options: `modules`, the components to split out, by name (`{ Table: 'antd/es/table' }`; shared-deps.cjs). */
module.exports = function antdImportsLoader(source, map) {
  const { modules } = this.getOptions();
  this.callback(null, splitAntdImports(source, new Map(Object.entries(modules))), map);
};
module.exports.splitAntdImports = splitAntdImports;
module.exports.antdComponentModules = antdComponentModules;
