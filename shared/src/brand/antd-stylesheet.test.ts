import { loadAntdStylesheet } from './antd-stylesheet';

describe('loadAntdStylesheet', () => {
  it('adds the stylesheet once, before the page’s own styles, and resolves when it has loaded', async () => {
    const own = document.createElement('style');
    document.head.append(own);
    let loaded = false;
    const first = loadAntdStylesheet().then(() => {
      loaded = true;
    });
    const links = document.head.querySelectorAll('link[rel="stylesheet"]');
    expect(links).toHaveLength(1);
    expect(document.head.firstElementChild).toBe(links[0]);
    await Promise.resolve();
    expect(loaded).toBe(false);

    links[0]!.dispatchEvent(new Event('load'));
    await first;
    expect(loaded).toBe(true);
    // A second screen asks again: the same stylesheet, no second link.
    await loadAntdStylesheet();
    expect(document.head.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(1);
  });

  it('resolves when the stylesheet fails too: the screens show, unstyled, rather than never', async () => {
    document.head.innerHTML = '';
    let load: typeof loadAntdStylesheet = loadAntdStylesheet;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      load = (require('./antd-stylesheet') as typeof import('./antd-stylesheet')).loadAntdStylesheet;
    });
    const loading = load();
    document.head.querySelector('link')!.dispatchEvent(new Event('error'));
    await expect(loading).resolves.toBeUndefined();
  });
});
