import { getInstance } from '@module-federation/enhanced/runtime';
import { AREAS, type AreaModule, type AreaName } from './areas';
import { loadTimeoutPlugin, REMOTE_LOAD_TIMEOUT_MS } from './load-timeout-plugin';

/**
 * Where the remotes are: `remotes.json` beside index.html maps each remote name to its mf-manifest.json URL.
 * Production ships host/public/remotes.json (`/remotes/<name>/mf-manifest.json`); the dev server answers with
 * localhost:3001-3004. Ops point the host at another remote version by editing this file: no host rebuild.
 */
export const REMOTES_URL = '/remotes.json';

export type RemoteMap = Record<AreaName, string>;

export function parseRemoteMap(value: unknown): RemoteMap {
  if (typeof value !== 'object' || value === null) throw new Error(`${REMOTES_URL} is not a JSON object`);
  const entries = value as Record<string, unknown>;
  const map = {} as RemoteMap;
  for (const area of AREAS) {
    const entry = entries[area];
    if (typeof entry !== 'string' || entry === '') throw new Error(`${REMOTES_URL} has no manifest URL for "${area}"`);
    map[area] = entry;
  }
  return map;
}

async function fetchRemoteMap(): Promise<RemoteMap> {
  const response = await fetch(REMOTES_URL, { cache: 'no-cache', signal: AbortSignal.timeout(REMOTE_LOAD_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${REMOTES_URL} answered ${response.status}`);
  return parseRemoteMap(await response.json());
}

function federation() {
  const instance = getInstance();
  if (!instance) throw new Error('The module federation runtime is not initialised');
  return instance;
}

let registration: Promise<void> | null = null;

/** Reads remotes.json once and registers every remote; a failure is forgotten so Retry reads it again. */
function ensureRegistered(): Promise<void> {
  registration ??= fetchRemoteMap()
    .then((map) => {
      const instance = federation();
      instance.registerPlugins([loadTimeoutPlugin()]);
      instance.registerRemotes(Object.entries(map).map(([name, entry]) => ({ name, entry })));
    })
    .catch((error: unknown) => {
      registration = null;
      throw error;
    });
  return registration;
}

/** The host's AreaLoader: `<area>/routes` through the federation runtime. */
export async function loadAreaRoutes(area: AreaName): Promise<AreaModule> {
  await ensureRegistered();
  const module = await federation().loadRemote<AreaModule>(`${area}/routes`);
  if (!module?.default) throw new Error(`${area}/routes has no default export`);
  return module;
}

/** Starts reading remotes.json while the shell renders, so the first area opens sooner. */
export function prefetchRemoteMap(): void {
  ensureRegistered().catch(() => undefined);
}
