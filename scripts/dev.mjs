#!/usr/bin/env node
/**
 * `pnpm dev`: the API and the five front-end dev servers together, each with a readable prefix.
 * Ports come from tooling/front-ends.cjs (host 3000, remotes 3001-3004); the API listens on 8080 and every dev
 * server proxies /api to it. Ctrl-C stops them all; if one exits with an error the others are stopped too.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import concurrently from 'concurrently';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { FRONT_ENDS } = require('../tooling/front-ends.cjs');

const commands = [
  { name: 'api', command: 'pnpm --filter @ushirika/api dev', prefixColor: 'yellow' },
  ...FRONT_ENDS.map((app, index) => ({
    name: `${app.name}:${app.port}`,
    command: `pnpm --filter ./${app.dir} dev`,
    prefixColor: ['blue', 'green', 'magenta', 'cyan', 'white'][index] ?? 'gray',
  })),
];

const { result } = concurrently(commands, {
  cwd: root,
  prefix: '[{name}]',
  killOthersOn: ['failure'],
  restartTries: 0,
});

console.log('Ushirika dev: open http://localhost:3000 (API on :8080; remotes on :3001-3004).');

result.then(
  () => process.exit(0),
  () => process.exit(1),
);
