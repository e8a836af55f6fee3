#!/usr/bin/env node
// `pnpm start`: build the front ends and the API that are missing or older than their sources, then run the
// compiled server (api/dist/main.js: no TypeScript compiler at run time), which migrates, seeds an empty
// database and serves the API, the host and the four remotes on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const frontEnds = ['host', 'remote-contacts', 'remote-finance', 'remote-meetings', 'remote-messaging'];
// Sources every front end is built from, besides its own folder.
const sharedInputs = [join(root, 'shared', 'src'), join(root, 'shared', 'package.json'), join(root, 'tooling'), join(root, 'pnpm-lock.yaml')];

/** Newest modification time under `path` (a file or a folder), skipping node_modules and dist. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

/**
 * When the package was last built: its build-info.json, the host's in dist/, a remote's in each build folder
 * (dist/<version>+<build>/, tooling/webpack.cjs), the newest of them. 0 when never built.
 */
function lastBuilt(pkg) {
  const dist = join(root, pkg, 'dist');
  if (!existsSync(dist)) return 0;
  const markers = [
    join(dist, 'build-info.json'),
    ...readdirSync(dist)
      .filter((name) => name.includes('+'))
      .map((name) => join(dist, name, 'build-info.json')),
  ];
  return Math.max(0, ...markers.filter((marker) => existsSync(marker)).map((marker) => statSync(marker).mtimeMs));
}

function isStale(pkg) {
  const builtAt = lastBuilt(pkg);
  return builtAt === 0 || [join(root, pkg), ...sharedInputs].some((input) => newest(input) > builtAt);
}

const stale = frontEnds.filter(isStale);
if (stale.length > 0) {
  console.log(`==> building ${stale.join(', ')}`);
  const filters = stale.flatMap((pkg) => ['--filter', `./${pkg}`]);
  const build = spawnSync('pnpm', [...filters, '--parallel', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  console.log('==> front ends are up to date');
}

// The API (api/build.mjs: esbuild into api/dist) is built from api/src and shared/src; api/package.json names
// what stays external.
const apiInputs = ['api/src', 'api/package.json', 'api/build.mjs', 'shared/src', 'shared/package.json', 'pnpm-lock.yaml'].map((input) => join(root, input));
const apiMarker = join(root, 'api', 'dist', 'build-info.json');
const apiStale = !existsSync(join(root, 'api', 'dist', 'main.js')) || !existsSync(apiMarker) || apiInputs.some((input) => newest(input) > statSync(apiMarker).mtimeMs);
if (apiStale) {
  console.log('==> building api');
  const build = spawnSync(process.execPath, ['build.mjs'], { cwd: join(root, 'api'), stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  console.log('==> api is up to date');
}

// The server runs as our direct child (no pnpm in between), so a signal to this process reaches it.
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], { cwd: join(root, 'api'), stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
