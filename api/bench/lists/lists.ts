/**
 * The lists part of `pnpm bench` (BENCH_ONLY=lists): every list and search under load, over real HTTP.
 *
 * One throwaway database per engine (seed.ts: PostgreSQL when DATABASE_URL is set, PGlite unless
 * BENCH_LISTS_PGLITE=0), then our server in a process of its own, as production runs it (`src/main.ts`,
 * NODE_ENV=production, LOG_LEVEL=info, its rate limits counted where production counts them). On PostgreSQL a
 * bare Fastify + `pg` server (bare-server.ts: it checks the same token, sets the same headers, logs and counts each
 * request, as a production request must) runs the very SQL ours ran for each scenario (capture.ts). This
 * process drives both with autocannon at 10 connections: per scenario a 1 s warm-up of each, then BENCH_ROUNDS
 * (2) rounds of BENCH_SECONDS (5) s, ours then bare, interleaved so the machine's noise falls on both alike.
 * A scenario's figures are all its rounds' responses together (load.ts, `combine`).
 *
 * Prints a table per engine, each figure beside its budget, and writes bench/results.json at the repository
 * root (report.ts). PGlite is reported without a bare baseline or verdicts: one process owns its data folder.
 * BENCH_CPU_PROF=1 profiles our server and the bare one (--cpu-prof: ours.cpuprofile, bare.cpuprofile) and prints where the profiles went.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadConfig } from '../../src/config';
import { describeTarget, type DatabaseTarget } from '../../src/db/connection';
import { withTempPostgres } from '../support';
import { captureStatements, isRateLimitCount, isSessionLookup, type Statement } from './capture';
import { combine, runLoad, type Load } from './load';
import { printEngine, writeResults, type EngineResult, type RunSettings, type ScenarioResult } from './report';
import { p99BudgetOf, scenarios, THROUGHPUT_RATIO_BUDGET, type Scenario, type Sizes } from './scenarios';
import { seedListsData } from './seed';
import { buildApi, startServer, type ServerProcess } from './server-process';

const SIZES: Sizes = {
  contacts: Number(process.env.BENCH_CONTACTS ?? 1_000_000),
  meetings: Number(process.env.BENCH_MEETINGS ?? 100_000),
  incomes: Number(process.env.BENCH_INCOMES ?? 500_000),
  messages: Number(process.env.BENCH_MESSAGES ?? 200_000),
  pledges: Number(process.env.BENCH_PLEDGES ?? 20_000),
  campaignPayments: Number(process.env.BENCH_CAMPAIGN_PAYMENTS ?? 200_000),
};
const SETTINGS: RunSettings = {
  sizes: SIZES,
  rounds: Number(process.env.BENCH_ROUNDS ?? 2),
  secondsPerRound: Number(process.env.BENCH_SECONDS ?? 5),
  warmUpSeconds: 1,
};
/** Seconds per scenario and server of the warm-up pass before the first measurement. */
const WARM_UP_PASS_SECONDS = 0.3;
const JWT_SECRET = 'bench-lists-jwt-secret-long-enough-for-hs256';
const SECRETS_KEY = randomBytes(32).toString('hex');

/** Our server's environment: production's, with the per-user limit far above what 10 connections send. */
function serverEnv(target: DatabaseTarget, dataRoot: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    JWT_SECRET,
    SEED_DEMO: '0',
    SERVE_WEB: '0',
    SMS_WORKER: '0',
    // Production refuses to start without a gateway; no message is sent here (no worker, no send scenario).
    SMS_PROVIDER: 'dev',
    API_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_STORE: '',
    // Production requires the key that seals partners' M-Pesa credentials (none is sealed here): one per run.
    SECRETS_KEY,
    ...(target.kind === 'postgres' ? { DATABASE_URL: target.url, DATA_DIR: '' } : { DATABASE_URL: '', DATA_DIR: dataRoot }),
  };
}

/**
 * The statements of each scenario, written where the bare server reads them. Every request must hold the token
 * guard's session lookup. The per-user rate-limit counter is SQL only where the server counts it in
 * PostgreSQL; the run says whether it was captured (since issue 11 it is counted in the process's memory).
 */
async function captureFor(
  target: DatabaseTarget,
  env: Record<string, string>,
  list: Scenario[],
  authorization: string,
): Promise<{ file: string; statements: Statement[][] }> {
  const statements = await captureStatements(
    target,
    loadConfig(env),
    list.map((scenario) => scenario.url),
    authorization,
  );
  statements.forEach((captured, index) => {
    if (!captured.some(isSessionLookup)) throw new Error(`capture of ${list[index]!.url} lacks the session lookup: ${JSON.stringify(captured)}`);
  });
  const counted = statements.filter((captured) => captured.some(isRateLimitCount)).length;
  console.log(
    `  captured ${statements.reduce((sum, captured) => sum + captured.length, 0)} statements for ${statements.length} scenarios; ` +
      (counted === statements.length ? 'each holds the rate-limit counter' : `${counted} hold a rate-limit counter (the per-user limit is not counted in the database)`),
  );
  const file = join(mkdtempSync(join(tmpdir(), 'ushirika-bare-')), 'statements.json');
  writeFileSync(file, JSON.stringify(statements));
  if (process.env.BENCH_SHOW_CAPTURE === '1') {
    statements.forEach((captured, index) =>
      console.log(`  ${list[index]!.area}: ${list[index]!.label}\n${captured.map((st) => `    ${st.sql}\n      ${JSON.stringify(st.parameters)}`).join('\n')}`),
    );
  }
  return { file, statements };
}

async function measureScenario(scenario: Scenario, ours: string, bare: string | undefined, headers: Record<string, string>): Promise<Omit<ScenarioResult, 'statements'>> {
  const first = await fetch(ours, { headers });
  if (first.status !== 200) throw new Error(`${scenario.url}: ${first.status} ${await first.text()}`);
  const answer = (await first.json()) as { total?: number; total_is_estimate?: boolean };
  await runLoad(ours, headers, SETTINGS.warmUpSeconds);
  if (bare) await runLoad(bare, headers, SETTINGS.warmUpSeconds);
  const oursRounds: Load[] = [];
  const bareRounds: Load[] = [];
  // Ours then bare, then bare then ours (ABBA): whatever drifts during a scenario falls on both alike.
  for (let round = 0; round < SETTINGS.rounds; round += 1) {
    if (bare && round % 2 === 1) bareRounds.push(await runLoad(bare, headers, SETTINGS.secondsPerRound));
    oursRounds.push(await runLoad(ours, headers, SETTINGS.secondsPerRound));
    if (bare && round % 2 === 0) bareRounds.push(await runLoad(bare, headers, SETTINGS.secondsPerRound));
  }
  const oursFigures = combine(oursRounds);
  const bareFigures = bare ? combine(bareRounds) : null;
  const ratio = bareFigures ? oursFigures.perSecond / bareFigures.perSecond : null;
  const p99Budget = p99BudgetOf(scenario, bareFigures);
  return {
    area: scenario.area,
    label: scenario.label,
    url: scenario.url,
    total: answer.total ?? null,
    totalIsEstimate: answer.total_is_estimate === true,
    p99Budget,
    p99VersusBare: scenario.p99VersusBare ?? null,
    ours: oursFigures,
    bare: bareFigures,
    ratio,
    within: ratio === null ? null : oursFigures.errorCount + bareFigures!.errorCount === 0 && oursFigures.p99 <= p99Budget && ratio >= THROUGHPUT_RATIO_BUDGET,
  };
}

/**
 * Before the first measurement, every scenario once briefly on each server: new processes compile their hot
 * paths, fill their pools and the database backends their caches, or the first scenario would pay for all.
 */
async function warmUp(list: Scenario[], ours: ServerProcess, bare: ServerProcess | undefined, headers: Record<string, string>): Promise<void> {
  for (const [index, scenario] of list.entries()) {
    await runLoad(`${ours.origin}${scenario.url}`, headers, WARM_UP_PASS_SECONDS);
    if (bare) await runLoad(`${bare.origin}/bare/${index}`, headers, WARM_UP_PASS_SECONDS);
  }
}

async function measure(database: string, target: DatabaseTarget, dataRoot: string): Promise<EngineResult> {
  const { authorization, seconds, campaignId } = await seedListsData(target, SIZES, JWT_SECRET);
  console.log(`${database} (${describeTarget(target)}): seeded in ${seconds.toFixed(0)} s`);
  const only = process.env.BENCH_LISTS_ONLY ? new RegExp(process.env.BENCH_LISTS_ONLY, 'i') : undefined;
  const list = scenarios(SIZES, { campaignId }).filter((scenario) => !only || only.test(`${scenario.area}: ${scenario.label}`));
  const env = serverEnv(target, dataRoot);
  const cpuProfileDir = process.env.BENCH_CPU_PROF === '1' ? mkdtempSync(join(tmpdir(), 'ushirika-cpu-prof-')) : undefined;

  let captured: Statement[][] | undefined;
  let statementsFile: string | undefined;
  let bare: ServerProcess | undefined;
  let ours: ServerProcess | undefined;
  try {
    if (target.kind === 'postgres') {
      const capture = await captureFor(target, env, list, authorization);
      captured = capture.statements;
      statementsFile = capture.file;
      bare = await startServer(
        'bench/lists/bare-server.ts',
        // The same token secret as ours: the bare server verifies the same token (bare-server.ts, the fair baseline).
        { DATABASE_URL: target.url, STATEMENTS_FILE: capture.file, JWT_SECRET },
        {
          readyPath: '/bare/health',
          nodeFlags: cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`, '--cpu-prof-name=bare.cpuprofile'] : [],
        },
      );
    }
    buildApi();
    ours = await startServer('dist/main.js', env, {
      readyPath: '/api/v2/health',
      nodeFlags: cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`, '--cpu-prof-name=ours.cpuprofile'] : [],
    });
    await warmUp(list, ours, bare, { authorization });
    const results: ScenarioResult[] = [];
    for (const [index, scenario] of list.entries()) {
      const result = await measureScenario(scenario, `${ours.origin}${scenario.url}`, bare && `${bare.origin}/bare/${index}`, { authorization });
      results.push({ ...result, statements: captured?.[index]?.length ?? null });
      const vsBare = result.ratio === null ? '' : `; bare ${result.bare!.perSecond.toFixed(0)} req/s, p99 ${result.bare!.p99.toFixed(1)} ms; ${result.ratio.toFixed(2)}x`;
      console.log(`  ${scenario.area}: ${scenario.label}: ${result.ours.perSecond.toFixed(0)} req/s, p99 ${result.ours.p99.toFixed(1)} ms${vsBare}`);
    }
    return { database, seedSeconds: seconds, results, ...(cpuProfileDir ? { cpuProfileDir } : {}) };
  } finally {
    await ours?.stop();
    await bare?.stop();
    if (statementsFile) rmSync(dirname(statementsFile), { recursive: true, force: true });
  }
}

export async function runListsBench(): Promise<void> {
  const startedAt = new Date();
  const loadAverageAtStart = loadavg();
  console.log(`\nLists under load: ${JSON.stringify(SIZES)} in the measured partner, a tenth as many in a neighbour.`);
  const engines: EngineResult[] = [];
  if (process.env.DATABASE_URL) engines.push(await withTempPostgres(process.env.DATABASE_URL, (target) => measure('PostgreSQL', target, '')));
  if (process.env.BENCH_LISTS_PGLITE !== '0') {
    const dir = mkdtempSync(join(tmpdir(), 'ushirika-bench-lists-'));
    try {
      // The server reads DATA_DIR/pglite (db/connection.ts, targetFromConfig), where the seeding wrote.
      engines.push(await measure('PGlite', { kind: 'pglite', dataDir: join(dir, 'pglite') }, dir));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  for (const engine of engines) printEngine(engine, SETTINGS);
  console.log(`\nFigures written to ${writeResults(engines, SETTINGS, loadAverageAtStart, startedAt)}`);
}
