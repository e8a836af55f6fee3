const acorn = require('acorn');

/**
 * A webpack loader for antd's own modules, for its zero-runtime mode (`theme.zeroRuntime`, shared/src/ui/theme.ts):
 * the page takes antd's whole stylesheet as a static file, so the functions that would write each component's CSS
 * at run time are never called. Each component's style hook is made by
 *
 *   genStyleHooks('Button', (token) => [genSharedButtonStyle(token), …], prepareComponentToken, options)
 *
 * (also `genSubStyleComponent`, `genComponentStyleHook`); this loader replaces the second argument, the CSS
 * writer, with `() => []`. What stays is what zero-runtime mode still runs: the hook itself (which returns at
 * once) and the component tokens (`prepareComponentToken`), which become CSS variables. The writers, now
 * unreferenced, are left out of the bundle by the minifier: about a third of antd's code.
 *
 * Parsed with acorn, not matched by a pattern: a source it cannot parse, or without such a call, passes unchanged.
 */
const STYLE_HOOK_FACTORIES = new Set(['genStyleHooks', 'genSubStyleComponent', 'genComponentStyleHook']);

/** Every call of a style hook factory in `node`'s tree whose CSS writer (second argument) is a function. */
function styleWriters(node, found = []) {
  if (!node || typeof node.type !== 'string') return found;
  if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && STYLE_HOOK_FACTORIES.has(node.callee.name)) {
    const writer = node.arguments[1];
    if (writer && (writer.type === 'ArrowFunctionExpression' || writer.type === 'FunctionExpression')) found.push(writer);
  }
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) value.forEach((child) => styleWriters(child, found));
    else if (value && typeof value === 'object' && typeof value.type === 'string') styleWriters(value, found);
  }
  return found;
}

function stripStyleWriters(source) {
  if (!/gen(StyleHooks|SubStyleComponent|ComponentStyleHook)\(/.test(source)) return source;
  let program;
  try {
    program = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  } catch {
    return source;
  }
  let result = source;
  // From the end, so the earlier positions stay valid.
  for (const writer of styleWriters(program).sort((a, b) => b.start - a.start)) {
    result = `${result.slice(0, writer.start)}() => []${result.slice(writer.end)}`;
  }
  return result;
}

module.exports = function antdZeroRuntimeLoader(source) {
  return stripStyleWriters(source);
};
module.exports.stripStyleWriters = stripStyleWriters;
