/**
 * The enqueue part of `pnpm bench` (issue 8): the time of `POST /notifymany` to All Contacts (group 0) for a
 * partner with BENCH_ENQUEUE_CONTACTS contacts (default 100,000), through the real app (inject, no
 * network), on PGlite and, when DATABASE_URL is set, on PostgreSQL. The send writes one notification per
 * contact in one INSERT … SELECT and charges the units in the same transaction; the budget is under 5 s on
 * PostgreSQL. Timed twice: a plain text, and a personalised one ({firstName}, its units counted per
 * recipient). No assertions beyond the answer being a full send: the numbers go to docs/benchmarks.md.
 */
import { sql, type Kysely } from 'kysely';
import type { SendResult } from '@ushirika/shared/contract';
import { buildApp } from '../src/app';
import { insertGeneratedContacts } from '../src/contacts/generate';
import { describeTarget, openDatabase, type DatabaseTarget } from '../src/db/connection';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { createPartner } from '../src/partners/queries';
import { benchAuthorization, markdownTable, withTempPglite, withTempPostgres } from './support';

const CONTACTS = Number(process.env.BENCH_ENQUEUE_CONTACTS ?? 100_000);
const BUDGET_SECONDS = 5;
const MESSAGES: Array<[label: string, text: string]> = [
  ['plain', 'Harvest thanksgiving this Sunday at 10am. Bring a friend!'],
  ['personalised', 'Dear {firstName} {lastName}, harvest thanksgiving this Sunday at 10am. Bring a friend!'],
];

export interface EnqueueResult {
  database: string;
  label: string;
  seconds: number;
  queued: number;
  units: number;
}

async function seed(db: Kysely<Database>): Promise<number> {
  // Enough units for every run: two texts of one or two parts each.
  const tenant = await createPartner(db, { name: 'Bench Church', product: 'general', smsUnits: CONTACTS * MESSAGES.length * 2 });
  await insertGeneratedContacts(db, tenant, CONTACTS);
  await sql`vacuum analyze`.execute(db);
  return tenant;
}

async function measure(name: string, target: DatabaseTarget): Promise<EnqueueResult[]> {
  const handle = await openDatabase(target);
  try {
    await migrateToLatest(handle.db);
    const started = Date.now();
    const tenant = await seed(handle.db);
    console.log(`${name} (${describeTarget(target)}): seeded ${CONTACTS} contacts in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const app = await buildApp({ db: handle.db, config: { jwtSecret: 'bench', tokenTtlSeconds: 3600, webRoot: undefined }, logger: false });
    const authorization = await benchAuthorization(app, handle.db, tenant);
    const results: EnqueueResult[] = [];
    for (const [label, textmessage] of MESSAGES) {
      const start = process.hrtime.bigint();
      const response = await app.inject({
        method: 'POST',
        url: '/api/v2/notifymany',
        headers: { authorization },
        payload: { recipient_type: 'Group', group: 0, textmessage, type: 'SMS', category: 'WEBSMS' },
      });
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      if (response.statusCode !== 201) throw new Error(`POST /notifymany: ${response.statusCode} ${response.body}`);
      const { send } = response.json<SendResult>();
      if (send.queued !== CONTACTS) throw new Error(`POST /notifymany queued ${send.queued} of ${CONTACTS}`);
      results.push({ database: name, label, seconds, queued: send.queued, units: send.units });
    }
    await app.close();
    return results;
  } finally {
    await handle.close();
  }
}

/** Runs the enqueue benchmark on PGlite and, with DATABASE_URL, PostgreSQL; prints each time beside its budget. */
export async function runEnqueueBench(): Promise<EnqueueResult[]> {
  console.log(`\nEnqueue benchmark: POST /notifymany to All Contacts of a partner with ${CONTACTS} contacts, one send per text.`);
  const results = await withTempPglite((target) => measure('PGlite', target));
  if (process.env.DATABASE_URL) results.push(...(await withTempPostgres(process.env.DATABASE_URL, (target) => measure('PostgreSQL', target))));

  const rows = results.map((r) => [r.database, r.label, String(r.queued), String(r.units), r.seconds.toFixed(2)]);
  console.log(`\n${markdownTable(['database', 'text', 'messages queued', 'units charged', 'seconds'], rows)}\n`);
  const count = CONTACTS.toLocaleString('en-US');
  for (const [label] of MESSAGES) {
    const lite = results.find((r) => r.database === 'PGlite' && r.label === label)!;
    const pg = results.find((r) => r.database === 'PostgreSQL' && r.label === label);
    const ratio = pg ? `ratio PGlite/PostgreSQL ${(lite.seconds / pg.seconds).toFixed(1)}x` : 'no PostgreSQL: set DATABASE_URL';
    const times = pg ? `${pg.seconds.toFixed(2)} s on PostgreSQL, ${lite.seconds.toFixed(2)} s on PGlite` : `${lite.seconds.toFixed(2)} s on PGlite`;
    console.log(`enqueue to ${count} contacts (${label}): ${times} (budget < ${BUDGET_SECONDS} s on PostgreSQL, ${ratio})`);
  }
  return results;
}
