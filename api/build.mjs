#!/usr/bin/env node
// `pnpm --filter @ushirika/api build`: compiles the server and its command-line programs to plain JavaScript
// in api/dist, so production runs `node api/dist/main.js` with no TypeScript compiler at run time.
//
//   main.js        the server (src/main.ts)
//   worker-cli.js  the SMS outbox worker (src/messaging/outbox/worker-cli.ts)
//   ops-cli.js     `pnpm ops` (src/ops/cli.ts)
//   seed-cli.js    `pnpm seed` (src/db/seed-cli.ts)
//
// CommonJS for Node 20, like tsx runs the sources today. The npm dependencies in api/package.json stay
// external (required from api/node_modules at run time: native and wasm packages such as @node-rs/argon2 and
// @electric-sql/pglite must); the workspace package @ushirika/shared is TypeScript source and is bundled in,
// with whatever it imports. `__dirname` in a bundled source file still means that file's folder in api/src
// (config.ts finds the repository root from it, openapi.ts api/package.json, read-sheet.ts its worker
// script), so api/dist runs beside the repository it was built from, as `pnpm start` does.
//
// Options: --outdir DIR (default api/dist).
import { build } from 'esbuild';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const apiDir = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const outdir = resolve(values.outdir ?? join(apiDir, 'dist'));

export const ENTRY_POINTS = {
  main: 'src/main.ts',
  'worker-cli': 'src/messaging/outbox/worker-cli.ts',
  'ops-cli': 'src/ops/cli.ts',
  'seed-cli': 'src/db/seed-cli.ts',
  'remotes-cli': 'src/web/remotes-cli.ts',
};

/** Bundled in (TypeScript source); every other dependency of the API is required at run time. */
const BUNDLED = new Set(['@ushirika/shared']);
const pkg = JSON.parse(readFileSync(join(apiDir, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !BUNDLED.has(name));

/** Rewrites `__dirname` in each source file to that file's own folder, found from the bundle's at run time. */
const sourceDirname = {
  name: 'source-dirname',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.[cm]?ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!/\b__dirname\b/.test(source)) return undefined;
      const fromBundle = relative(outdir, dirname(args.path)).split('\\').join('/');
      const contents = source.replace(/\b__dirname\b/g, `require('node:path').join(__dirname, ${JSON.stringify(fromBundle)})`);
      return { contents, loader: 'ts', resolveDir: dirname(args.path) };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
const result = await build({
  absWorkingDir: apiDir,
  entryPoints: ENTRY_POINTS,
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  external,
  plugins: [sourceDirname],
  // Class and function names stay as written: errors and logs name them.
  keepNames: true,
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
  metafile: true,
});

// Nothing from the development tool chain may end up required at run time.
const forbidden = ['tsx', 'typescript', 'ts-node', 'esbuild'];
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  const bad = output.imports.filter((imported) => imported.external && forbidden.some((name) => imported.path === name || imported.path.startsWith(`${name}/`)));
  if (bad.length > 0) throw new Error(`${file} requires ${bad.map((imported) => imported.path).join(', ')} at run time`);
}

writeFileSync(join(outdir, 'build-info.json'), `${JSON.stringify({ builtAt: new Date().toISOString(), entryPoints: ENTRY_POINTS, external }, null, 2)}\n`);
console.log(
  `api: built ${Object.keys(ENTRY_POINTS)
    .map((name) => `${name}.js`)
    .join(', ')} into ${relative(process.cwd(), outdir) || '.'} in ${Date.now() - started} ms`,
);
