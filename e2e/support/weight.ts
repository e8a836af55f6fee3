import type { Browser, BrowserContext, BrowserContextOptions } from '@playwright/test';
import { demoUsers, type DemoUser } from './demo';
import type { Screen } from './screens';

/** One script the page downloaded: its address, bytes as transferred (compressed) and decoded, and its encoding. */
export interface ScriptLoad {
  url: string;
  transferred: number;
  decoded: number;
  encoding: string | undefined;
}

export interface ScreenWeight {
  screen: Screen;
  scripts: ScriptLoad[];
  /** Bytes of JavaScript as transferred (compressed), and decoded. */
  transferred: number;
  decoded: number;
}

/** The session the front end keeps in localStorage (shared/src/session/store.ts), for a demo user, got from the API. */
export async function sessionFor(baseURL: string, who: DemoUser): Promise<string> {
  const { email, password } = demoUsers[who];
  const response = await fetch(`${baseURL}/api/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login as ${who} answered ${response.status}`);
  const { user, access_token } = (await response.json()) as { user: unknown; access_token: string };
  return JSON.stringify({ state: { user, access_token, authenticated: true }, version: 0 });
}

export const SESSION_KEY = 'ushirika.session';

/** A fresh context (empty cache) signed in with `session` before any script runs; `options` e.g. a phone's viewport. */
export async function signedInContext(browser: Browser, baseURL: string, session: string | undefined, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ ...options, baseURL });
  // As a string: a function would carry the runner's helpers (tsx's `__name`) into the page.
  if (session) await context.addInitScript({ content: `localStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(session)})` });
  return context;
}

/**
 * Opens `screen` in a cold context and adds up the JavaScript it downloads until the network is idle, as
 * Chromium received it (CDP `encodedDataLength`: compressed bytes on the wire) and decoded.
 */
export async function measureScreen(browser: Browser, baseURL: string, screen: Screen, session: string | undefined): Promise<ScreenWeight> {
  const context = await signedInContext(browser, baseURL, session);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const responses = new Map<string, { url: string; encoding: string | undefined; script: boolean }>();
    const scripts: ScriptLoad[] = [];
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
      responses.set(requestId, { url: response.url, encoding: headers['content-encoding'], script: type === 'Script' });
    });
    const decodedSizes = new Map<string, number>();
    cdp.on('Network.dataReceived', ({ requestId, dataLength }) => decodedSizes.set(requestId, (decodedSizes.get(requestId) ?? 0) + dataLength));
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const response = responses.get(requestId);
      if (!response?.script) return;
      scripts.push({ url: response.url.replace(baseURL, ''), transferred: encodedDataLength, decoded: decodedSizes.get(requestId) ?? 0, encoding: response.encoding });
    });
    await page.goto(screen.path, { waitUntil: 'networkidle' });
    // A screen's lazy parts (a chart) may start after its data: idle again once they are in.
    await page.waitForLoadState('networkidle');
    if (new URL(page.url()).pathname !== screen.path) throw new Error(`${screen.path} ended at ${page.url()}`);
    scripts.sort((a, b) => b.transferred - a.transferred);
    const sum = (pick: (load: ScriptLoad) => number) => scripts.reduce((total, load) => total + pick(load), 0);
    return { screen, scripts, transferred: sum((load) => load.transferred), decoded: sum((load) => load.decoded) };
  } finally {
    await context.close();
  }
}
