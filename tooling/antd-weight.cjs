#!/usr/bin/env node
/**
 * `pnpm bench:antd`: what antd weighs for a given set of its components, as our build ships it (ES modules,
 * React external, the CSS writers dropped by antd-zero-runtime-loader.cjs, terser, brotli quality 11). It answers
 * "what would splitting antd per component save a screen?" without rebuilding the front ends: esbuild bundles
 * `export { … } from 'antd/es'` and keeps only what those components reach. Within a few percent of webpack's
 * chunk for the same set (the whole subset: 208 KB here, 216 KB in the built host, with webpack's module wrappers).
 *
 *   pnpm bench:antd                      the sets below (docs/benchmarks.md, "What antd costs a screen")
 *   pnpm bench:antd Table Button         one set, of the components named
 */
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const esbuild = require('esbuild');
const { stripStyleWriters } = require('./antd-zero-runtime-loader.cjs');

const terser = require(require.resolve('terser', { paths: [path.dirname(require.resolve('terser-webpack-plugin'))] }));
const sharedDir = path.resolve(__dirname, '..', 'shared');

/** The components the app offers (shared/src/ui/antd-subset.ts), read from its export list. */
function offeredComponents() {
  const source = fs.readFileSync(path.join(sharedDir, 'src', 'ui', 'antd-subset.ts'), 'utf8');
  const list = /export\s*\{([^}]*)\}\s*from\s*'antd\/es'/.exec(source);
  if (!list) throw new Error("shared/src/ui/antd-subset.ts: no `export { … } from 'antd/es'` found");
  return list[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/** What every signed-in screen shows around its content: providers, dialogs, the layout, the menu, the header. */
const SHELL = [
  'ConfigProvider',
  'App',
  'theme',
  'Layout',
  'Menu',
  'Drawer',
  'Dropdown',
  'Button',
  'Avatar',
  'Grid',
  'Typography',
  'Space',
  'Flex',
  'Result',
  'Spin',
  'Alert',
  'Skeleton',
  'Breadcrumb',
];
/** What a list screen adds (ListPage, ScrollingTable, the phone cards, the search box). */
const LIST = ['Table', 'Input', 'Card', 'Tag', 'Tooltip', 'Empty'];

const SETS = [
  { name: 'every component offered (antd-subset.ts)', components: offeredComponents() },
  { name: 'a list screen: shell + Table, Input, Card, Tag, Tooltip, Empty', components: [...SHELL, ...LIST] },
  { name: 'a list screen without antd Table', components: [...SHELL, ...LIST.filter((name) => name !== 'Table')] },
  { name: 'the shell alone', components: SHELL },
  { name: 'Table (with ConfigProvider)', components: ['ConfigProvider', 'Table'] },
  { name: 'App (message, notification, modal)', components: ['App'] },
  { name: 'ConfigProvider', components: ['ConfigProvider'] },
];

/** Minified and brotli bytes of antd reduced to `components`. */
async function antdWeight(components) {
  const bundled = await esbuild.build({
    stdin: { contents: `export { ${components.join(', ')} } from 'antd/es';`, resolveDir: sharedDir, loader: 'js' },
    bundle: true,
    write: false,
    format: 'esm',
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    plugins: [
      {
        name: 'antd-zero-runtime',
        setup(build) {
          build.onLoad({ filter: /[\\/]antd[\\/]es[\\/].+\.js$/ }, (file) => ({ contents: stripStyleWriters(fs.readFileSync(file.path, 'utf8')), loader: 'js' }));
        },
      },
    ],
  });
  const { code } = await terser.minify(bundled.outputFiles[0].text, { module: true });
  const brotli = zlib.brotliCompressSync(code, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
  return { minified: Buffer.byteLength(code), brotli: brotli.length };
}

async function main(names) {
  const sets = names.length > 0 ? [{ name: names.join(', '), components: names }] : SETS;
  const kb = (bytes) => (bytes / 1000).toFixed(1).padStart(7);
  console.log(`${'antd reduced to'.padEnd(62)} ${'min KB'.padStart(7)} ${'br KB'.padStart(7)}`);
  for (const set of sets) {
    const weight = await antdWeight(set.components);
    console.log(`${set.name.padEnd(62)} ${kb(weight.minified)} ${kb(weight.brotli)}`);
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}

module.exports = { antdWeight, offeredComponents };
