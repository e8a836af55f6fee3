#!/usr/bin/env node
// `pnpm start`: build the front ends that are missing or older than their sources, then run the server,
// which migrates, seeds an empty database and serves the API, the host and the four remotes on one port.
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

function isStale(pkg) {
  const marker = join(root, pkg, 'dist', 'build-info.json');
  if (!existsSync(marker)) return true;
  const builtAt = statSync(marker).mtimeMs;
  return [join(root, pkg), ...sharedInputs].some((input) => newest(input) > builtAt);
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

// The server runs as our direct child (no pnpm in between), so a signal to this process reaches it.
const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: join(root, 'api'), stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
