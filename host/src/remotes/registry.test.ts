import type { AreaModule, AreaName } from './areas';
import { createRegistry, parseRemoteMap, type RemoteMap } from './registry';

const build = (release: string): RemoteMap => ({
  contacts: '/remotes/contacts/0.1.0+aaaa1111/mf-manifest.json',
  finance: '/remotes/finance/0.1.0+bbbb2222/mf-manifest.json',
  meetings: `/remotes/meetings/${release}/mf-manifest.json`,
  messaging: '/remotes/messaging/0.1.0+cccc3333/mf-manifest.json',
});

/** The server's /remotes.json, a federation runtime that records what it loaded, and the page's reload. */
function page(initial: RemoteMap) {
  let served = initial;
  const loads: Array<[AreaName, string]> = [];
  const deps = {
    fetchMap: jest.fn(async () => served),
    loadRemote: jest.fn(async (area: AreaName, entry: string): Promise<AreaModule> => {
      loads.push([area, entry]);
      return { default: () => null };
    }),
    reloadPage: jest.fn(),
  };
  return { deps, loads, switchTo: (map: RemoteMap) => (served = map), registry: createRegistry(deps) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the remote registry', () => {
  it('loads an area from the build /remotes.json names', async () => {
    const { registry, loads } = page(build('0.1.0+d0c6402d'));
    await registry.loadAreaRoutes('meetings');
    expect(loads).toEqual([['meetings', '/remotes/meetings/0.1.0+d0c6402d/mf-manifest.json']]);
  });

  it('shows an area again at once, and reloads the page when ops switched it since', async () => {
    const { registry, loads, deps, switchTo } = page(build('0.1.0+d0c6402d'));
    await registry.loadAreaRoutes('meetings');

    await registry.loadAreaRoutes('meetings');
    await settle();
    expect(deps.reloadPage).not.toHaveBeenCalled();

    switchTo(build('0.2.0+e1f2a3b4'));
    await registry.loadAreaRoutes('meetings');
    await settle();
    expect(deps.reloadPage).toHaveBeenCalledTimes(1);
    // Never a second build of the same area in one page: the reload brings the new one whole.
    expect(loads.filter(([area]) => area === 'meetings')).toHaveLength(1);
  });

  it('loads an area not yet opened from the build it runs now, without a reload', async () => {
    const { registry, loads, deps, switchTo } = page(build('0.1.0+d0c6402d'));
    await registry.loadAreaRoutes('contacts');
    switchTo(build('0.2.0+e1f2a3b4'));
    await registry.loadAreaRoutes('meetings');
    expect(loads.at(-1)).toEqual(['meetings', '/remotes/meetings/0.2.0+e1f2a3b4/mf-manifest.json']);
    expect(deps.reloadPage).not.toHaveBeenCalled();
  });

  it('asks /remotes.json again when Retry follows a failed load', async () => {
    const { registry, deps } = page(build('0.1.0+d0c6402d'));
    deps.loadRemote.mockRejectedValueOnce(new Error('remoteEntry.js timed out'));
    await expect(registry.loadAreaRoutes('meetings')).rejects.toThrow('timed out');
    await registry.loadAreaRoutes('meetings');
    expect(deps.fetchMap).toHaveBeenCalledTimes(2);
    expect(deps.loadRemote).toHaveBeenCalledTimes(2);
  });

  it('keeps the build it has when the server cannot be asked', async () => {
    const { registry, deps } = page(build('0.1.0+d0c6402d'));
    await registry.loadAreaRoutes('meetings');
    deps.fetchMap.mockRejectedValueOnce(new Error('offline'));
    await registry.loadAreaRoutes('meetings');
    await settle();
    expect(deps.reloadPage).not.toHaveBeenCalled();
  });

  it('refuses a map without every area', () => {
    expect(() => parseRemoteMap({ contacts: '/a', finance: '/b', meetings: '/c' })).toThrow('no manifest URL for "messaging"');
  });
});
