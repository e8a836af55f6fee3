import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import type { Preset } from '../support/web-budgets';
import { SESSION_KEY } from '../support/weight';

/** What one Lighthouse run measured: the performance score (0-100) and its timings in milliseconds. */
export interface LighthouseRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  /** Speed Index: how soon the page's content is shown (issue 32's measure of what a person on a phone feels) */
  si: number;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Lighthouse's own command line, run by plain Node: under this script's TypeScript loader (tsx) the functions
 * Lighthouse sends into the page would carry the loader's helpers and fail there.
 */
const LIGHTHOUSE_CLI = join(createRequire(import.meta.url).resolve('lighthouse/package.json'), '..', 'cli', 'index.js');
const run = promisify(execFile);
/** BENCH_WEB_REPORTS=<dir> keeps every run's whole Lighthouse report there (where the main thread's time went). */
const REPORTS = process.env.BENCH_WEB_REPORTS;

interface LighthouseReport {
  runtimeError?: { message: string };
  categories: { performance?: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
}

/**
 * Debian's Chromium with a debugging port, driven by Lighthouse 12 (the Node API) for the measures and by
 * Playwright over CDP for what Lighthouse leaves alone: the signed-in session in localStorage (Lighthouse keeps
 * storage, `disableStorageReset`) and an empty HTTP cache before each run (every run is a cold visit).
 */
export class LighthouseRunner {
  private constructor(
    private readonly port: number,
    private readonly profile: string,
    private readonly chrome: ReturnType<typeof spawn>,
    private readonly browser: Browser,
    private readonly page: Page,
  ) {}

  static async launch(port: number): Promise<LighthouseRunner> {
    const profile = mkdtempSync(join(tmpdir(), 'ushirika-lighthouse-'));
    const chrome = spawn(
      CHROMIUM,
      [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        `--remote-debugging-port=${port}`,
        `--user-data-dir=${profile}`,
        'about:blank',
      ],
      { stdio: 'ignore' },
    );
    let browser: Browser | undefined;
    for (let attempt = 0; attempt < 50 && !browser; attempt += 1) {
      browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`).catch(async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        return undefined;
      });
    }
    if (!browser) throw new Error(`${CHROMIUM} did not open its debugging port ${port}`);
    const page = await browser.contexts()[0]!.newPage();
    return new LighthouseRunner(port, profile, chrome, browser, page);
  }

  /** One cold Lighthouse run of `url`, signed in with `session` (or signed out when it is undefined). */
  async run(baseURL: string, path: string, preset: Preset, session: string | undefined): Promise<LighthouseRun> {
    // A page of the app's origin that runs none of its scripts, to set the session where the app reads it.
    await this.page.goto(`${baseURL}/api/v2/health`);
    // As a string: a function would carry tsx's helpers (`__name`) into the page.
    await this.page.evaluate(
      session ? `localStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(session)})` : `localStorage.removeItem(${JSON.stringify(SESSION_KEY)})`,
    );
    const cdp = await this.page.context().newCDPSession(this.page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    const flags = [`--port=${this.port}`, '--output=json', '--output-path=stdout', '--only-categories=performance', '--disable-storage-reset', '--quiet'];
    if (preset === 'desktop') flags.push('--preset=desktop');
    const { stdout } = await run(process.execPath, [LIGHTHOUSE_CLI, `${baseURL}${path}`, ...flags], { maxBuffer: 64 * 1024 * 1024, timeout: 180_000 });
    const lhr = JSON.parse(stdout) as LighthouseReport;
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true });
      writeFileSync(join(REPORTS, `${path.replace(/\W+/g, '_')}-${preset}-${Date.now()}.json`), stdout);
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${path} (${preset}): ${lhr.runtimeError.message}`);
    const ms = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: ms('first-contentful-paint'),
      lcp: ms('largest-contentful-paint'),
      tbt: ms('total-blocking-time'),
      si: ms('speed-index'),
    };
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => undefined);
    if (this.chrome.exitCode === null) {
      const exited = new Promise((resolve) => this.chrome.once('exit', resolve));
      this.chrome.kill('SIGTERM');
      await exited;
    }
    rmSync(this.profile, { recursive: true, force: true, maxRetries: 5 });
  }
}
