import { getInstance } from '@module-federation/enhanced/runtime';
import { AREAS, type AreaModule, type AreaName } from './areas';
import { loadTimeoutPlugin, REMOTE_LOAD_TIMEOUT_MS } from './load-timeout-plugin';

/**
 * Where the remotes are: `/remotes.json` maps each area to the mf-manifest.json URL of the build it runs. The
 * server answers it from the builds it has and the ops' pins (`pnpm remote:use`, api/src/web/remote-versions.ts);
 * the dev server answers localhost:3001-3004. Switching an area needs no host rebuild and no restart.
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

/** Asks the server every time (`no-cache`: a 304 when nothing changed). */
async function fetchRemoteMap(): Promise<RemoteMap> {
  const response = await fetch(REMOTES_URL, { cache: 'no-cache', signal: AbortSignal.timeout(REMOTE_LOAD_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${REMOTES_URL} answered ${response.status}`);
  return parseRemoteMap(await response.json());
}

/** What the registry needs from the page: injected so a test can play the server and the federation runtime. */
export interface RegistryDeps {
  fetchMap: () => Promise<RemoteMap>;
  /** Registers one remote (replacing an earlier registration that was never loaded) and loads its `./routes`. */
  loadRemote: (area: AreaName, entry: string) => Promise<AreaModule>;
  reloadPage: () => void;
  now?: () => number;
}

/** A map read by the prefetch is used by a first load within this time; later ones ask the server again. */
const PREFETCH_FRESH_MS = 10_000;

/**
 * Loads each area from the build `/remotes.json` names, and keeps the page on one build per area: an area is
 * loaded once, from one entry, and every later visit to it asks again (in the background, showing the area at
 * once). When ops have switched it since, the page reloads, so the area comes whole from the new build, never
 * half old and half new (the old build's chunks would load into the new build's runtime otherwise).
 */
export function createRegistry({ fetchMap, loadRemote, reloadPage, now = Date.now }: RegistryDeps) {
  const loaded = new Map<AreaName, Promise<{ entry: string; module: AreaModule }>>();
  let prefetched: { at: number; map: Promise<RemoteMap> } | undefined;

  const readMap = (): Promise<RemoteMap> => {
    const fresh = prefetched && now() - prefetched.at < PREFETCH_FRESH_MS ? prefetched.map : undefined;
    prefetched = undefined;
    return fresh ?? fetchMap();
  };

  async function firstLoad(area: AreaName) {
    const entry = (await readMap())[area];
    return { entry, module: await loadRemote(area, entry) };
  }

  function reloadIfSwitched(area: AreaName, entry: string): void {
    fetchMap().then(
      (map) => map[area] !== entry && reloadPage(),
      () => undefined, // offline or the server away: keep the build the page has
    );
  }

  return {
    /** The host's AreaLoader: `<area>/routes`. A failure is forgotten, so Retry reads `/remotes.json` again. */
    async loadAreaRoutes(area: AreaName): Promise<AreaModule> {
      const known = loaded.get(area);
      if (known) {
        const { entry, module } = await known;
        reloadIfSwitched(area, entry);
        return module;
      }
      const loading = firstLoad(area);
      loaded.set(area, loading);
      loading.catch(() => loaded.delete(area));
      return (await loading).module;
    },
    /** Starts reading `/remotes.json` while the shell renders, so the first area opens sooner. */
    prefetch(): void {
      const map = fetchMap();
      map.catch(() => undefined);
      prefetched = { at: now(), map };
    },
  };
}

function federation() {
  const instance = getInstance();
  if (!instance) throw new Error('The module federation runtime is not initialised');
  return instance;
}

const registered = new Map<AreaName, string>();

/** Through the federation runtime: registered at its first load, with the timeout plugin before the first. */
async function loadThroughFederation(area: AreaName, entry: string): Promise<AreaModule> {
  const instance = federation();
  if (registered.size === 0) instance.registerPlugins([loadTimeoutPlugin()]);
  // A retry after a failed load may find the area switched: nothing of the old entry runs, so it is replaced.
  if (registered.get(area) !== entry) instance.registerRemotes([{ name: area, entry }], { force: registered.has(area) });
  registered.set(area, entry);
  const module = await instance.loadRemote<AreaModule>(`${area}/routes`);
  if (!module?.default) throw new Error(`${area}/routes has no default export`);
  return module;
}

const registry = createRegistry({ fetchMap: fetchRemoteMap, loadRemote: loadThroughFederation, reloadPage: () => window.location.reload() });

export const loadAreaRoutes = registry.loadAreaRoutes;
export const prefetchRemoteMap = registry.prefetch;
