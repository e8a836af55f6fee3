import type { Notification, SendResult } from '@ushirika/shared/contract';
import { FAILED_NOTIFICATIONS_PATH } from '@ushirika/shared/contract';
import { createPartner, createUser } from '../src/partners/queries';
import { FakeGateway } from '../test/support/fake-gateway';
import { ApiClient, ok } from './support/client';
import { crashTestDatabases, createPostgresDatabase, postgresAvailable, type CrashTestDatabase } from './support/databases';
import { appEnv, GATEWAY_API_KEY, LEASE_MS, WORKER_LANES } from './support/env';
import { freePort, sleep, startServer, startWorker, type AppProcess } from './support/processes';

/**
 * Issue 10, crashes: kill -9 during a bulk send, twice, then prove every message was sent exactly once.
 *
 * A partner with 2,000 contacts sends them a personalised text (each message differs, so each is one
 * gateway request: a kill always lands with requests in flight). The fake Africa's Talking gateway in this
 * process answers after 20 ms and records every number and text it took. The process running the outbox
 * worker is killed with SIGKILL twice at random moments, and started again after the lease.
 *
 * What "exactly once" can mean with an SMS gateway that answers after it took the message (the outbox
 * worker's header, api/src/messaging/outbox/worker.ts): no message ever reaches the gateway twice; every
 * message the dead process had claimed but not yet handed over is queued again and sent by the restarted
 * one; a message whose request was in flight at the kill (it may or may not have reached the gateway) ends
 * `unknown`, shown in the failed list for a person to resend, never resent by itself. Those are counted:
 * at most the requests in flight at each kill (4 lanes × 1 number here).
 *
 * Run on PGlite and PostgreSQL with the worker inside the server (kill the server), and on PostgreSQL with
 * the worker as its own process beside a server started with SMS_WORKER=0 (kill the worker).
 */

const MESSAGES = 2_000;
/** Contacts sharing a first name share a text: one gateway request of this many numbers. */
const NUMBERS_PER_TEXT = 5;
const KILLS = 2;
const TEXT = 'Habari {firstName}, the harvest service is on Sunday at 10am';
const EMAIL = 'sender@resilience.test';
const PASSWORD = 'Resilience@2026';

jest.setTimeout(240_000);

type Topology = 'worker in the server' | 'separate worker';

/** A partner with `MESSAGES` contacts (first names shared by `NUMBERS_PER_TEXT` of them) and as many SMS units. */
async function preparePartner(database: CrashTestDatabase): Promise<number> {
  return database.use(async ({ db }) => {
    const tenantId = await createPartner(db, { name: 'Resilience Church', product: 'general', smsUnits: MESSAGES });
    await createUser(db, { partnerId: tenantId, email: EMAIL, password: PASSWORD, firstName: 'Sam', lastName: 'Sender' });
    const members = Array.from({ length: MESSAGES }, (_, i) => ({
      tenant_id: tenantId,
      first_name: `Member${String(Math.floor(i / NUMBERS_PER_TEXT)).padStart(4, '0')}`,
      last_name: 'Resilience',
      gender: i % 2 ? 'F' : 'M',
      phone: `+25471${String(i).padStart(7, '0')}`,
      residence: 'Rongai',
    }));
    await db.insertInto('members').values(members).execute();
    return tenantId;
  });
}

const pairKey = (recipient: string, message: string) => `${recipient}\u0000${message}`;

/** How often the gateway took each (number, text). */
function gatewayCounts(gateway: FakeGateway): Map<string, number> {
  const counts = new Map<string, number>();
  for (const request of gateway.requests) {
    for (const number of request.taken) {
      const key = pairKey(number, request.message ?? '');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

/** What the outbox's recovery logged it took back: claimed rows queued again, sending rows made unknown. */
function recoveredCounts(processes: AppProcess[]): { requeued: number; unconfirmed: number } {
  const total = { requeued: 0, unconfirmed: 0 };
  for (const line of processes.flatMap((app) => app.output)) {
    if (!line.includes('took back messages')) continue;
    const entry = JSON.parse(line) as { requeued: number; unconfirmed: number };
    total.requeued += entry.requeued;
    total.unconfirmed += entry.unconfirmed;
  }
  return total;
}

async function bulkSendUnderKills(kind: string, create: () => Promise<CrashTestDatabase>, topology: Topology): Promise<void> {
  const database = await create();
  const gateway = await FakeGateway.start({ apiKey: GATEWAY_API_KEY });
  gateway.delayMs = 20;
  const processes: AppProcess[] = [];
  const started = Date.now();
  try {
    const tenantId = await preparePartner(database);
    const port = await freePort();
    const separate = topology === 'separate worker';
    const env = appEnv(database.env, port, gateway, separate ? { SMS_WORKER: '0' } : {});
    const startVictim = async () => {
      const app = separate ? await startWorker(env) : await startServer(env);
      processes.push(app);
      return app;
    };
    const server = separate ? processes[processes.push(await startServer(env)) - 1]! : undefined;
    let victim = await startVictim();

    const client = new ApiClient(`http://127.0.0.1:${port}`);
    await client.login(EMAIL, PASSWORD);
    const sent = ok(
      await client.post<SendResult>('/api/v2/notifymany', { type: 'SMS', category: 'WEBSMS', recipient_type: 'Group', group: 0, textmessage: TEXT }),
      'the send',
    );
    expect(sent.send).toMatchObject({ queued: MESSAGES, units: MESSAGES, balance: 0 });

    // Kill while the gateway is taking the messages: the k-th kill at a random point of the k-th of KILLS + 1 stretches.
    const killedAt: number[] = [];
    for (let k = 1; k <= KILLS; k += 1) {
      const threshold = Math.floor(MESSAGES * ((k - 0.6 + 0.4 * Math.random()) / (KILLS + 1)));
      const deadline = Date.now() + 120_000;
      while (gateway.taken().length < threshold) {
        if (Date.now() > deadline) throw new Error(`the gateway took only ${gateway.taken().length} messages, waiting for ${threshold}`);
        if (!victim.running) throw new Error(`the ${victim.name} died by itself:\n${victim.output.join('\n')}`);
        await sleep(5);
      }
      await victim.kill9();
      killedAt.push(gateway.taken().length);
      // Recovery takes back only what is older than the lease: start again once it passed.
      await sleep(LEASE_MS + 250);
      victim = await startVictim();
    }

    // Drained: every message reached the gateway, or is in the failed list (as 'unconfirmed': the database's unknown).
    const unsureKeys = new Set<string>();
    const deadline = Date.now() + 120_000;
    for (;;) {
      const failed = ok(await client.get<{ notifications: Notification[] }>(`/api/v2/${FAILED_NOTIFICATIONS_PATH}?pagesize=100`), 'the failed list');
      for (const row of failed.notifications) unsureKeys.add(pairKey(row.recipient, row.message));
      const covered = new Set([...gatewayCounts(gateway).keys(), ...unsureKeys]);
      if (covered.size >= MESSAGES) break;
      if (Date.now() > deadline) {
        for (const app of processes) await app.stop();
        const stuck = await database.use(({ db }) =>
          db
            .selectFrom('notifications')
            .select(['id', 'state', 'attempts', 'due_at', 'claimed_by', 'claimed_at', 'failure_reason'])
            .where('tenant_id', '=', tenantId)
            .where('state', 'not in', ['sent', 'unknown'])
            .execute(),
        );
        throw new Error(`not drained: ${covered.size} of ${MESSAGES} messages sent or unknown; now ${new Date().toISOString()}; ${JSON.stringify(stuck.slice(0, 10))}`);
      }
      await sleep(500);
    }
    // An orderly stop records the requests in flight; then the database is read here.
    for (const app of [victim, ...(server ? [server] : [])]) expect(await app.stop()).toBe(0);

    const { rows, ledger, balance } = await database.use(async ({ db }) => ({
      rows: await db.selectFrom('notifications').select(['recipient', 'message', 'state', 'units', 'provider_message_id']).where('tenant_id', '=', tenantId).execute(),
      ledger: await db.selectFrom('sms_unit_entries').select(['reason', 'change']).where('tenant_id', '=', tenantId).orderBy('id').execute(),
      balance: (await db.selectFrom('partners').select('sms_units').where('id', '=', tenantId).executeTakeFirstOrThrow()).sms_units,
    }));

    const counts = gatewayCounts(gateway);
    const byKey = new Map(rows.map((row) => [pairKey(row.recipient, row.message), row]));
    const duplicates = [...counts].filter(([, times]) => times > 1).map(([key]) => key);
    const strangers = [...counts.keys()].filter((key) => !byKey.has(key));
    const states: Record<string, number> = {};
    for (const row of rows) states[row.state] = (states[row.state] ?? 0) + 1;
    const sentRows = rows.filter((row) => row.state === 'sent');
    const unknownRows = rows.filter((row) => row.state === 'unknown');
    const unknownReached = unknownRows.filter((row) => counts.has(pairKey(row.recipient, row.message))).length;
    const recovered = recoveredCounts(processes);

    // Never twice, never a message that is not ours, and every row final: sent, or unknown after a kill.
    expect(duplicates).toEqual([]);
    expect(strangers).toEqual([]);
    expect(rows).toHaveLength(MESSAGES);
    expect(Object.keys(states).filter((state) => state !== 'sent' && state !== 'unknown')).toEqual([]);
    // Every sent row reached the gateway exactly once and holds the gateway's id.
    expect(sentRows.filter((row) => counts.get(pairKey(row.recipient, row.message)) !== 1 || !row.provider_message_id)).toEqual([]);
    // Unknown: only what was in flight at a kill, and each of those is the recovery's doing.
    expect(unknownRows.length).toBeLessThanOrEqual(KILLS * WORKER_LANES * NUMBERS_PER_TEXT);
    expect(recovered.unconfirmed).toBe(unknownRows.length);
    // So every message the gateway never got, and that was not in flight, was sent after a restart: the ones
    // the dead process had claimed were queued again by the recovery (counted below, not asserted: a kill may
    // land when a batch's last requests are in flight and nothing else is claimed).
    expect(sentRows.length + unknownRows.length).toBe(MESSAGES);
    // Charged once: 2,000 units taken by the send, nothing refunded or taken again.
    expect(rows.reduce((sum, row) => sum + row.units, 0)).toBe(MESSAGES);
    expect(ledger).toEqual([
      { reason: 'opening', change: MESSAGES },
      { reason: 'send', change: -MESSAGES },
    ]);
    expect(balance).toBe(0);

    console.log(
      `resilience: bulk send on ${kind} (${topology}): ${MESSAGES} messages, ${KILLS} kill -9 of the ${separate ? 'worker' : 'server'} ` +
        `(after ${killedAt.join(' and ')} reached the gateway), crashes survived ${KILLS}; sent ${sentRows.length}, duplicates ${duplicates.length}, ` +
        `unknown ${unknownRows.length} (${unknownReached} of them had reached the gateway), requeued by recovery ${recovered.requeued}; ` +
        `units charged ${MESSAGES} once; ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    for (const app of processes) await app.kill9();
    await gateway.close();
    await database.drop();
  }
}

describe.each(crashTestDatabases)('a bulk send on %s, the server killed with SIGKILL twice', (kind, create) => {
  it('reaches every number at most once, sends all that never left after the restart, and leaves only in-flight messages unknown', async () => {
    await bulkSendUnderKills(kind, create, 'worker in the server');
  });
});

(postgresAvailable ? describe : describe.skip)('a bulk send on PostgreSQL, the separate SMS worker killed with SIGKILL twice', () => {
  it('is delivered by the worker process with the same guarantees', async () => {
    await bulkSendUnderKills('PostgreSQL', createPostgresDatabase, 'separate worker');
  });
});
