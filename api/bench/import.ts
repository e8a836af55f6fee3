/**
 * The contacts import part of `pnpm bench` (issue 27.9; BENCH_ONLY=import): the dry run (POST
 * /api/v2/member/import/preview) and the import (POST /api/v2/member/import) of a file of BENCH_IMPORT_ROWS rows
 * (20,000, the most a file may hold) into a partner that has BENCH_IMPORT_CONTACTS contacts (1,000,000), through
 * the whole app (inject, no network), then the undo of that import (POST /api/v2/member/imports/{id}/undo).
 *
 * The file: half of its rows are contacts the partner has (found by their mobile; their residence changes, so each
 * is an update with its old and new value), half are new people with a mobile, an email, a date of birth, a
 * membership status and a household (ten people each). The contacts are made by the database
 * (contacts/generate.ts), then VACUUM ANALYZE, as for the contacts list's benchmark.
 *
 * PostgreSQL when DATABASE_URL is set, else PGlite (in a temp folder). Prints each call's seconds beside its budget
 * (the dry run: DRY_RUN_BUDGET_S, issue 27.9) and their ratio; the dry run is timed BENCH_IMPORT_RUNS times (median
 * and worst). No assertions: the numbers go to docs/benchmarks.md.
 */
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { MAX_IMPORT_ROWS, type ContactImportPreview, type ContactImportResult, type ContactImportUndoResult } from '@ushirika/shared/contract';
import { buildApp } from '../src/app';
import { generatedPhone, insertGeneratedContacts } from '../src/contacts/generate';
import { describeTarget, openDatabase, type DatabaseTarget } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { createPartner } from '../src/partners/queries';
import { benchAuthorization, markdownTable, percentile, withTempPglite, withTempPostgres } from './support';

const CONTACTS = Number(process.env.BENCH_IMPORT_CONTACTS ?? 1_000_000);
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? MAX_IMPORT_ROWS);
const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 3);
/** Issue 27.9: the dry run of 20,000 rows answers within 10 s on PostgreSQL. */
export const DRY_RUN_BUDGET_S = 10;

/** The file: ROWS / 2 of the partner's contacts (by mobile, residence changed), then new people. */
function importFile(): string {
  const lines = ['First Name,Last Name,Mobile,Email,Residence,Date of Birth,Membership Status,Household ID,Household Name,Household Role'];
  const known = Math.floor(ROWS / 2);
  // Spread over the partner's contacts, as a real file would be.
  const stride = Math.max(1, Math.floor(CONTACTS / known));
  for (let index = 0; index < known; index += 1) lines.push(`,,${generatedPhone(1 + index * stride)},,Bench Town ${index % 50},,,,,`);
  for (let index = 0; index < ROWS - known; index += 1) {
    const household = Math.floor(index / 10);
    const day = String(1 + (index % 28)).padStart(2, '0');
    lines.push(
      [
        `New${index}`,
        `Person${index % 997}`,
        `+2547${String(20_000_000 + index).padStart(8, '0')}`,
        `new${index}@bench.test`,
        'Kasarani',
        `${day}/0${1 + (index % 9)}/19${50 + (index % 50)}`,
        index % 3 === 0 ? 'Visitor' : 'Member',
        `BH-${household}`,
        `Bench family ${household}`,
        index % 10 === 0 ? 'Head' : 'Child',
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

function multipart(csv: string) {
  const boundary = '----ushirika-bench-import';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="dateOrder"\r\n\r\nDMY\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(csv, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

interface ImportResult {
  database: string;
  /** Each dry run's seconds, sorted. */
  dryRuns: number[];
  importS: number;
  undoS: number;
  counts: ContactImportPreview['counts'];
  created: number;
  updated: number;
  undone: Pick<ContactImportUndoResult, 'removed' | 'archived' | 'restored'>;
}

async function timed<T>(app: FastifyInstance, options: InjectOptions): Promise<{ seconds: number; body: T }> {
  const started = process.hrtime.bigint();
  const response = await app.inject(options);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (response.statusCode !== 200) throw new Error(`${JSON.stringify(options.url)}: ${response.statusCode} ${response.body.slice(0, 500)}`);
  return { seconds, body: response.json<T>() };
}

async function seed(db: Kysely<Database>): Promise<number> {
  const tenant = await createPartner(db, { name: 'Bench Church', product: 'general', smsUnits: 0 });
  await insertGeneratedContacts(db, tenant, CONTACTS);
  await sql`vacuum analyze`.execute(db);
  return tenant;
}

async function measure(name: string, target: DatabaseTarget): Promise<ImportResult> {
  const handle = await openDatabase(target);
  try {
    await migrateToLatest(handle.db);
    const started = Date.now();
    const tenant = await seed(handle.db);
    console.log(`${name} (${describeTarget(target)}): seeded ${CONTACTS} contacts and vacuumed in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const app = await buildApp({ db: handle.db, config: { jwtSecret: 'bench', tokenTtlSeconds: 3600, webRoot: undefined }, logger: false });
    const authorization = await benchAuthorization(app, handle.db, tenant);
    const csv = importFile();
    console.log(`${name}: the file has ${ROWS} rows, ${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(2)} MB`);
    const post = (url: string, body?: ReturnType<typeof multipart>): InjectOptions => ({
      method: 'POST',
      url,
      headers: { authorization, ...body?.headers },
      ...(body ? { payload: body.payload } : {}),
    });

    const dryRuns: number[] = [];
    let counts: ContactImportPreview['counts'] | undefined;
    for (let run = 0; run < RUNS; run += 1) {
      const { seconds, body } = await timed<ContactImportPreview>(app, post('/api/v2/member/import/preview', multipart(csv)));
      dryRuns.push(seconds);
      counts = body.counts;
    }
    const imported = await timed<ContactImportResult>(app, post('/api/v2/member/import', multipart(csv)));
    const undone = await timed<ContactImportUndoResult>(app, post(`/api/v2/member/imports/${imported.body.batch.id}/undo`));
    await app.close();
    return {
      database: name,
      dryRuns: dryRuns.sort((a, b) => a - b),
      importS: imported.seconds,
      undoS: undone.seconds,
      counts: counts!,
      created: imported.body.batch.created,
      updated: imported.body.batch.updated,
      undone: { removed: undone.body.removed, archived: undone.body.archived, restored: undone.body.restored },
    };
  } finally {
    await handle.close();
  }
}

function printResults(results: ImportResult[]): void {
  const rows = results.flatMap((r) => {
    const median = percentile(r.dryRuns, 0.5);
    const worst = r.dryRuns[r.dryRuns.length - 1]!;
    return [
      [r.database, `dry run (median of ${r.dryRuns.length})`, median.toFixed(2), String(DRY_RUN_BUDGET_S), `${((median / DRY_RUN_BUDGET_S) * 100).toFixed(0)}%`],
      [r.database, 'dry run (worst)', worst.toFixed(2), String(DRY_RUN_BUDGET_S), `${((worst / DRY_RUN_BUDGET_S) * 100).toFixed(0)}%`],
      [r.database, 'import', r.importS.toFixed(2), '-', '-'],
      [r.database, 'undo', r.undoS.toFixed(2), '-', '-'],
    ];
  });
  console.log(`\n${markdownTable(['database', 'call', 'seconds', 'budget s', 'of budget'], rows)}`);
  for (const r of results) {
    console.log(
      `${r.database}: preview counts ${JSON.stringify(r.counts)}; imported ${r.created} new and ${r.updated} updated; undo removed ${r.undone.removed}, archived ${r.undone.archived}, restored ${r.undone.restored}`,
    );
  }
}

/** Runs the import benchmark on PostgreSQL when DATABASE_URL is set, else on PGlite; prints the table. */
export async function runImportBench(): Promise<ImportResult[]> {
  console.log(
    `\nContacts import benchmark (issue 27.9): a file of ${ROWS} rows (half updates of contacts found by their mobile, half new people in households of ten) ` +
      `into a partner with ${CONTACTS} contacts; dry run ${RUNS} times, then the import and its undo.`,
  );
  const results = process.env.DATABASE_URL
    ? [await withTempPostgres(process.env.DATABASE_URL, (target) => measure('PostgreSQL', target))]
    : [await withTempPglite((target) => measure('PGlite', target))];
  printResults(results);
  return results;
}
