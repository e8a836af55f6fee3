/**
 * Jest transform for PGlite's CommonJS build (wired in jest.config.cjs, api project only).
 *
 * That build loads Node built-ins with `await import("fs/promises")` and the like. Jest runs tests in
 * a VM that refuses dynamic import() unless Node runs with --experimental-vm-modules. Every such
 * import names a Node built-in, so `require` is an exact substitute. The file also declares its own
 * local `require` (from createRequire), hence the separate name taken from the module wrapper.
 */
const IMPORT_OF_LITERAL = /\bimport\((["'][\w:/]+["'])\)/g;

module.exports = {
  process(source) {
    const code = source.replace(IMPORT_OF_LITERAL, 'Promise.resolve(__nodeRequire($1))');
    const strict = /^\s*(["'])use strict\1;?/.exec(code);
    const head = strict ? strict[0] : '';
    return { code: `${head}var __nodeRequire = require;${code.slice(head.length)}` };
  },
  getCacheKey(source, path) {
    return `pglite-import-to-require:1:${path}:${source.length}`;
  },
};
