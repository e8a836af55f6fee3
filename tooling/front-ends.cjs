/**
 * The five front ends: federation name, package folder, dev-server port, the path prefixes they own
 * (docs/architecture.md). One table, read by the webpack factory, the host's dev remotes.json and scripts/dev.mjs.
 */
const FRONT_ENDS = [
  { name: 'host', dir: 'host', port: 3000 },
  { name: 'contacts', dir: 'remote-contacts', port: 3001 },
  { name: 'finance', dir: 'remote-finance', port: 3002 },
  { name: 'meetings', dir: 'remote-meetings', port: 3003 },
  { name: 'messaging', dir: 'remote-messaging', port: 3004 },
];

const REMOTES = FRONT_ENDS.filter((app) => app.name !== 'host');

/** Where the dev servers forward `/api`. */
const API_DEV_TARGET = process.env.USHIRIKA_API_URL ?? 'http://localhost:8080';

/** remotes.json as the host's dev server answers it: every remote from its own dev server. */
function devRemoteMap() {
  return Object.fromEntries(REMOTES.map((app) => [app.name, `http://localhost:${app.port}/mf-manifest.json`]));
}

module.exports = { FRONT_ENDS, REMOTES, API_DEV_TARGET, devRemoteMap };
