/** The lists benchmark's output: a markdown table per database, and bench/results.json at the repository root. */
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../src/config';
import { markdownTable } from '../support';
import { CONNECTIONS, type Figures } from './load';
import { THROUGHPUT_RATIO_BUDGET, type Area, type Sizes } from './scenarios';

export interface ScenarioResult {
  area: Area;
  label: string;
  url: string;
  /** the answer's `total` (null when it has none) and whether the server called it an estimate */
  total: number | null;
  totalIsEstimate: boolean;
  /** statements our server ran for one request (captured; PostgreSQL only) */
  statements: number | null;
  /** the p99 budget in ms this run applied (a deep page's: `p99VersusBare` × the bare server's p99) */
  p99Budget: number;
  /** a deep page's budget as a ratio of the bare server's p99, else null */
  p99VersusBare: number | null;
  ours: Figures;
  /** the bare baseline: PostgreSQL only */
  bare: Figures | null;
  /** ours / bare requests per second */
  ratio: number | null;
  /** p99 within budget, ratio ≥ THROUGHPUT_RATIO_BUDGET, no error on either server; null without a baseline */
  within: boolean | null;
}

export interface EngineResult {
  database: string;
  seedSeconds: number;
  results: ScenarioResult[];
  cpuProfileDir?: string;
}

export interface RunSettings {
  sizes: Sizes;
  rounds: number;
  secondsPerRound: number;
  warmUpSeconds: number;
}

const rate = (figures: Figures) => figures.perSecond.toFixed(0);
const ms = (value: number) => value.toFixed(1);
/** 'p99 ≤ 30', or for a deep page 'p99 ≤ 1.2× bare (45.6)' */
const p99Words = (r: ScenarioResult) => (r.p99VersusBare === null ? `p99 ≤ ${r.p99Budget}` : `p99 ≤ ${r.p99VersusBare}× bare (${ms(r.p99Budget)})`);
const errorsOf = (r: ScenarioResult) => r.ours.errorCount + (r.bare?.errorCount ?? 0);

export function printEngine(engine: EngineResult, settings: RunSettings): void {
  const withBare = engine.results.some((r) => r.bare !== null);
  const header = [
    'scenario',
    'rows total',
    'ours req/s',
    'p50 ms',
    'p99 ms',
    ...(withBare ? ['bare req/s', 'bare p99 ms', 'ours/bare', 'budget', 'within?'] : []),
    'errors',
  ];
  const rows = engine.results.map((r) => [
    `${r.area}: ${r.label}`,
    r.total === null ? '-' : `${r.totalIsEstimate ? '~' : ''}${r.total.toLocaleString('en')}`,
    rate(r.ours),
    ms(r.ours.p50),
    ms(r.ours.p99),
    ...(withBare && r.bare
      ? [rate(r.bare), ms(r.bare.p99), r.ratio!.toFixed(2), `${p99Words(r)}, ≥ ${THROUGHPUT_RATIO_BUDGET}×`, r.within ? 'yes' : '**no**']
      : withBare
        ? ['-', '-', '-', '-', '-']
        : []),
    String(errorsOf(r)),
  ]);
  const how = `${CONNECTIONS} connections, ${settings.rounds} × ${settings.secondsPerRound} s per server and scenario after ${settings.warmUpSeconds} s of warm-up`;
  console.log(`\n${engine.database} (${how}; ~ = the server's estimate)\n\n${markdownTable(header, rows)}`);
  if (withBare) {
    const missed = engine.results.filter((r) => r.within === false);
    console.log(
      `\n${engine.results.length - missed.length} of ${engine.results.length} scenarios within budget${missed.length ? `; missed: ${missed.map((r) => `${r.area}: ${r.label}`).join(', ')}` : ''}.`,
    );
  } else {
    console.log('\nNo bare baseline and no verdicts on PGlite: one process owns a PGlite data folder, so no second server can read it.');
  }
  for (const r of engine.results) {
    for (const [server, figures] of [
      ['ours', r.ours],
      ['bare', r.bare],
    ] as const) {
      if (figures && figures.errorCount > 0) console.log(`  ERRORS ${engine.database} ${server} ${r.area}: ${r.label}: ${JSON.stringify(figures.errors)}`);
    }
  }
  if (engine.cpuProfileDir) console.log(`\nCPU profile of our server on ${engine.database}: ${engine.cpuProfileDir}`);
}

function commit(): string {
  try {
    const head = execSync('git rev-parse HEAD', { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    const dirty =
      execSync('git status --porcelain', { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() !== '';
    return dirty ? `${head} (with uncommitted changes)` : head;
  } catch {
    return 'unknown';
  }
}

/** bench/results.json: every figure, with the machine, the sizes, the date and the commit. */
export function writeResults(engines: EngineResult[], settings: RunSettings, loadAverageAtStart: number[], startedAt: Date): string {
  const file = join(REPO_ROOT, 'bench', 'results.json');
  mkdirSync(join(REPO_ROOT, 'bench'), { recursive: true });
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    node: process.version,
    loadAverageAtStart,
    loadAverageAtEnd: loadavg(),
  };
  const budgets = { throughputRatio: THROUGHPUT_RATIO_BUDGET, p99: 'per scenario (p99Budget, ms; a deep page p99VersusBare × the bare p99)' };
  const body = {
    benchmark: 'lists under load',
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    commit: commit(),
    machine,
    settings: { connections: CONNECTIONS, pipelining: 1, ...settings },
    budgets,
    engines,
  };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
  return file;
}
