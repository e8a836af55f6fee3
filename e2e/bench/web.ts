/**
 * `pnpm bench:web`: what each screen costs a browser, cold, against its budget (issue 13, docs/benchmarks.md "Web").
 * Starts the built app on a temporary embedded database, then for every screen of support/screens.ts:
 * JavaScript downloaded (compressed as transferred, and decoded), and Lighthouse 12's performance score with
 * FCP, LCP, TBT and Speed Index, on the mobile preset (slow 4G, 4× slower CPU: issue 32's measure, every screen)
 * and the desktop one, the median of BENCH_WEB_RUNS runs (3). BENCH_WEB_ONLY=<regex> measures the matching paths
 * only, BENCH_WEB_PRESETS=mobile one preset. Writes bench/web-results.json.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { SCREENS, type Screen } from '../support/screens';
import { KB, SCORE_BUDGETS, SPEED_INDEX_BUDGET_MS, WEIGHT_BUDGETS, type Preset } from '../support/web-budgets';
import { measureScreen, sessionFor } from '../support/weight';
import { startBuiltApp } from '../support/app-server';
import { LighthouseRunner, type LighthouseRun } from './lighthouse-runner';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const ONLY = process.env.BENCH_WEB_ONLY ? new RegExp(process.env.BENCH_WEB_ONLY) : undefined;
const PORT = Number(process.env.BENCH_WEB_PORT ?? 8191);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RESULTS = join(import.meta.dirname, '..', '..', 'bench', 'web-results.json');

interface ScreenResult {
  path: string;
  kind: Screen['kind'];
  jsTransferred: number;
  jsDecoded: number;
  jsBudget: number;
  scripts: number;
  lighthouse: Partial<Record<Preset, LighthouseRun & { budget?: number; runs: number[] }>>;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The presets Lighthouse scores every screen on (BENCH_WEB_PRESETS=mobile,desktop by default). */
const PRESETS = (process.env.BENCH_WEB_PRESETS ?? 'mobile,desktop').split(',').filter((name): name is Preset => name === 'mobile' || name === 'desktop');

async function lighthouseMedian(runner: LighthouseRunner, baseURL: string, screen: Screen, preset: Preset, session: string | undefined) {
  const runs: LighthouseRun[] = [];
  for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 2; attempt += 1) {
    try {
      runs.push(await runner.run(baseURL, screen.path, preset, session));
    } catch (error) {
      console.error(`  ${screen.path} ${preset}: ${(error as Error).message}; again`);
    }
  }
  if (runs.length === 0) throw new Error(`Lighthouse never finished on ${screen.path} (${preset})`);
  const pick = (metric: keyof LighthouseRun) => median(runs.map((run) => run[metric]));
  return {
    score: pick('score'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    si: pick('si'),
    budget: SCORE_BUDGETS[preset][screen.kind],
    runs: runs.map((run) => run.score),
  };
}

const kb = (bytes: number) => (bytes / KB).toFixed(0);
const ratio = (value: number, budget: number) => `${(value / budget).toFixed(2)}×`;
const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER');

function row(result: ScreenResult): string[] {
  const desktop = result.lighthouse.desktop;
  const mobile = result.lighthouse.mobile;
  const score = (run: typeof desktop) => (run ? `${run.score}${run.budget === undefined ? '' : ` / ≥${run.budget} ${verdict(run.score >= run.budget)}`}` : '—');
  return [
    result.path,
    result.kind,
    `${kb(result.jsTransferred)} / ${kb(result.jsBudget)} (${ratio(result.jsTransferred, result.jsBudget)}) ${verdict(result.jsTransferred <= result.jsBudget)}`,
    kb(result.jsDecoded),
    desktop ? desktop.fcp.toFixed(0) : '—',
    desktop ? desktop.lcp.toFixed(0) : '—',
    desktop ? desktop.tbt.toFixed(0) : '—',
    score(desktop),
    mobile ? `${mobile.fcp.toFixed(0)} / ${mobile.lcp.toFixed(0)} / ${mobile.tbt.toFixed(0)}` : '—',
    mobile ? `${mobile.si.toFixed(0)} / ≤${SPEED_INDEX_BUDGET_MS} ${verdict(mobile.si <= SPEED_INDEX_BUDGET_MS)}` : '—',
    score(mobile),
  ];
}

function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((_, i) => Math.max(header[i]!.length, ...rows.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

async function main() {
  const screens = SCREENS.filter((screen) => !ONLY || ONLY.test(screen.path));
  console.log(`bench:web: ${screens.length} screens, ${RUNS} Lighthouse run(s) each, Chromium ${CHROMIUM}`);
  const app = await startBuiltApp(PORT);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const runner = await LighthouseRunner.launch(PORT + 1);
  // Interrupted (Ctrl-C, a timeout): the server and the browsers go too, not left holding their ports.
  const stopAll = () => Promise.allSettled([runner.close(), browser.close(), app.stop()]);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stopAll().finally(() => process.exit(130)));
  const results: ScreenResult[] = [];
  try {
    const sessions = new Map<string, string>();
    for (const screen of screens) {
      let session: string | undefined;
      if (screen.user) {
        session = sessions.get(screen.user) ?? (await sessionFor(app.baseURL, screen.user));
        sessions.set(screen.user, session);
      }
      const weight = await measureScreen(browser, app.baseURL, screen, session);
      const result: ScreenResult = {
        path: screen.path,
        kind: screen.kind,
        jsTransferred: weight.transferred,
        jsDecoded: weight.decoded,
        jsBudget: WEIGHT_BUDGETS[screen.kind],
        scripts: weight.scripts.length,
        lighthouse: {},
      };
      for (const preset of PRESETS) result.lighthouse[preset] = await lighthouseMedian(runner, app.baseURL, screen, preset, session);
      results.push(result);
      console.log(
        `  ${screen.path}: ${kb(weight.transferred)} KB in ${weight.scripts.length} scripts; desktop ${result.lighthouse.desktop?.score}${result.lighthouse.mobile ? `, mobile ${result.lighthouse.mobile.score}` : ''}`,
      );
    }
  } finally {
    await stopAll();
  }
  const header = [
    'screen',
    'kind',
    'JS KB (br) / budget',
    'JS KB raw',
    'FCP ms',
    'LCP ms',
    'TBT ms',
    'desktop score',
    'mobile FCP/LCP/TBT ms',
    'mobile SI ms',
    'mobile score',
  ];
  console.log(`\n${markdownTable(header, results.map(row))}\n`);
  const over = results.filter((result) => result.jsTransferred > result.jsBudget).length;
  const belowScore = results.flatMap((result) => Object.values(result.lighthouse)).filter((run) => run && run.budget !== undefined && run.score < run.budget).length;
  const slow = results.filter((result) => result.lighthouse.mobile && result.lighthouse.mobile.si > SPEED_INDEX_BUDGET_MS).length;
  console.log(
    `${results.length - over} of ${results.length} screens within their JavaScript budget; ${belowScore} Lighthouse score(s) below budget; ${slow} screen(s) past ${SPEED_INDEX_BUDGET_MS} ms of mobile Speed Index.`,
  );
  writeFileSync(RESULTS, `${JSON.stringify({ measuredAt: new Date().toISOString(), runs: RUNS, results }, null, 2)}\n`);
  console.log(`written to ${RESULTS}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
