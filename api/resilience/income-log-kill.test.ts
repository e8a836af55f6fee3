import { createPartner, createUser } from '../src/partners/queries';
import { ApiClient, ok, type Answer } from './support/client';
import { crashTestDatabases, type CrashTestDatabase } from './support/databases';
import { appEnv } from './support/env';
import { freePort, sleep, startServer, type AppProcess } from './support/processes';

/**
 * Issue 26, crashes: a change and its activity event commit together, or neither does. A treasurer's burst of
 * income saves and corrections (PUT /income/{id} with a new amount and a reason: the original reversed, a
 * reversing entry and a new entry, all in one transaction with one `correct` event) runs 10 at a time; the
 * server is killed with SIGKILL in the middle of it and started again, and the burst finishes on the new
 * process. Then, in the database:
 *
 * - every income row has its event: a `create income` naming it, or a `correct income` naming it as the
 *   original (now reversed), its reversing entry (`reversalId`) or its new entry (`newId`);
 * - every event has its change: each `create` names an income that exists, each `correct` an original marked
 *   reversed by exactly the reversing entry it names, which reverses it, and a new entry that corrects it;
 * - one event per change (no income made by two events, no original corrected twice), every save and
 *   correction answered 2xx is there, and no receipt number is used twice.
 *
 * Requests in flight at the kill may or may not have been stored: whichever, their rows and events agree.
 */

const SAVES = 300;
/** Of the incomes answered 201, the share a lane corrects. */
const CORRECTED = 0.4;
const LANES = 10;
const EMAIL = 'treasurer@ledger-kill.test';
const PASSWORD = 'Resilience@2026';

jest.setTimeout(240_000);

interface Work {
  kind: 'save' | 'correct';
  /** The income a correction corrects. */
  id?: number;
  answer?: Answer<{ income?: { id: number } }>;
}

/** The burst's state: saves still to send, corrections waiting for a lane, and everything sent. */
class Burst {
  private saves = 0;
  private readonly corrections: Work[] = [];
  readonly sent: Work[] = [];

  constructor(
    private readonly client: ApiClient,
    private readonly account: number,
    private readonly run: string,
  ) {}

  private body(n: number, amount: string) {
    return {
      firstname: 'Crash',
      lastname: `Payer${n}`,
      amount,
      phone: `+2547230${String(n).padStart(5, '0')}`,
      account: this.account,
      mode: 'CASH',
      dateOfTransaction: '2026-03-15',
      paymentFor: 'Tithe',
      reference: `${this.run}${n}`,
      sendMessage: false,
    };
  }

  /** The next piece of work: a waiting correction now and then, else the next save; undefined when all is sent. */
  private next(): Work | undefined {
    if (this.corrections.length > 0 && (this.saves >= SAVES || Math.random() < 0.5)) return this.corrections.shift();
    if (this.saves >= SAVES) return undefined;
    this.saves += 1;
    return { kind: 'save' };
  }

  /** Sends work on LANES lanes until all is sent or `stop()` says so; `after` sees each answer. */
  async fire(stop: () => boolean, after: (work: Work) => void = () => undefined): Promise<void> {
    const lane = async () => {
      for (let work = this.next(); work && !stop(); work = this.next()) {
        const n = this.sent.length;
        this.sent.push(work);
        if (work.kind === 'save') {
          work.answer = await this.client.call('POST', '/api/v2/income', this.body(n, `${100 + (n % 50)}.00`), { timeoutMs: 15_000 });
          if (work.answer.status === 201 && Math.random() < CORRECTED) this.corrections.push({ kind: 'correct', id: work.answer.body!.income!.id });
        } else {
          const body = { ...this.body(n, `${300 + (n % 50)}.50`), reason: 'Counted again' };
          work.answer = await this.client.call('PUT', `/api/v2/income/${work.id}`, body, { timeoutMs: 15_000 });
        }
        after(work);
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
  }

  /** Corrections of incomes whose correction was sent but not answered: sent again after the restart (a person would retry). */
  retryUnanswered(): void {
    for (const work of this.sent.filter((each) => each.kind === 'correct' && each.answer?.status === undefined)) this.corrections.push({ kind: 'correct', id: work.id });
  }
}

interface IncomeRow {
  id: number;
  receipt_number: number;
  reversal_of_id: number | null;
  reversed_by_id: number | null;
  correction_of_id: number | null;
}

interface EventRow {
  action: string;
  entity_id: string | null;
  details: Record<string, unknown>;
}

describe.each(crashTestDatabases)('income saves and corrections on %s, the server killed with SIGKILL', (kind, create) => {
  let database: CrashTestDatabase;
  const processes: AppProcess[] = [];
  afterAll(async () => {
    for (const app of processes) await app.kill9();
    await database?.drop();
  });

  it('leaves every income with its event and every event with its change', async () => {
    const started = Date.now();
    database = await create();
    const tenantId = await database.use(async ({ db }) => {
      const id = await createPartner(db, { name: 'Ledger Kill Church', product: 'general', smsUnits: 0 });
      await createUser(db, { partnerId: id, email: EMAIL, password: PASSWORD, firstName: 'Tess', lastName: 'Treasurer', roles: ['treasurer'] });
      return id;
    });
    const port = await freePort();
    const env = appEnv(database.env, port, undefined);
    processes.push(await startServer(env));
    const client = new ApiClient(`http://127.0.0.1:${port}`);
    await client.login(EMAIL, PASSWORD);
    const account = ok(await client.post<{ account: { id: number } }>('/api/v2/account', { accountName: 'Tithe', accountType: 'CR', parentId: 0 }), 'the account').account
      .id;

    const burst = new Burst(client, account, `K${Math.random().toString(36).slice(2, 6).toUpperCase()}`);
    const killAfter = Math.floor(SAVES * (0.3 + 0.3 * Math.random()));
    let answered = 0;
    let killing: Promise<void> | undefined;
    await burst.fire(
      () => killing !== undefined && !processes[0]!.running,
      (work) => {
        if (work.answer?.status !== undefined && work.answer.status < 300) answered += 1;
        // A few random milliseconds later, so the kill lands anywhere in a save's work, not just after an answer.
        if (answered >= killAfter && !killing) killing = sleep(Math.random() * 30).then(() => processes[0]!.kill9());
      },
    );
    await killing;
    const inFlight = burst.sent.filter((work) => work.answer?.status === undefined).length;
    expect(inFlight).toBeGreaterThan(0);
    // The dying server answered a save or correction with success or not at all: never a refusal or a 500.
    expect(burst.sent.filter((work) => work.answer?.status !== undefined && work.answer.status >= 300).map((work) => work.answer)).toEqual([]);

    processes.push(await startServer(env));
    await client.login(EMAIL, PASSWORD);
    burst.retryUnanswered();
    await burst.fire(() => false);
    expect(await processes[1]!.stop()).toBe(0);

    const { incomes, events } = await database.use(async ({ db }) => ({
      incomes: (await db
        .selectFrom('incomes')
        .select(['id', 'receipt_number', 'reversal_of_id', 'reversed_by_id', 'correction_of_id'])
        .where('tenant_id', '=', tenantId)
        .execute()) as IncomeRow[],
      events: (await db
        .selectFrom('activity_events')
        .select(['action', 'entity_id', 'details'])
        .where('tenant_id', '=', tenantId)
        .where('entity', '=', 'income')
        .execute()) as EventRow[],
    }));
    const byId = new Map(incomes.map((income) => [String(income.id), income]));
    const creates = events.filter((event) => event.action === 'create').map((event) => event.entity_id!);
    const corrects = events.filter((event) => event.action === 'correct');
    expect(events.filter((event) => !['create', 'correct'].includes(event.action))).toEqual([]);

    // Every event its change.
    expect(creates.filter((id) => !byId.has(id))).toEqual([]);
    const brokenCorrections = corrects.filter((event) => {
      const original = byId.get(event.entity_id!);
      const reversal = byId.get(String(event.details.reversalId));
      const corrected = byId.get(String(event.details.newId));
      return (
        !original ||
        !reversal ||
        !corrected ||
        original.reversed_by_id !== reversal.id ||
        reversal.reversal_of_id !== original.id ||
        corrected.correction_of_id !== original.id ||
        event.details.reason !== 'Counted again'
      );
    });
    expect(brokenCorrections).toEqual([]);

    // Every income its event, and one event per change: a row is made by one `create`, or by one `correct` (its
    // reversing or its new entry); an original is corrected once (its own `create` named it first).
    const made = [...creates, ...corrects.flatMap((event) => [String(event.details.reversalId), String(event.details.newId)])];
    expect(new Set(made).size).toBe(made.length);
    const originals = corrects.map((event) => event.entity_id!);
    expect(new Set(originals).size).toBe(originals.length);
    expect([...byId.keys()].filter((id) => !made.includes(id))).toEqual([]);
    expect(made.filter((id) => !byId.has(id))).toEqual([]);
    // A reversed original names its correction's event; one with no event was never reversed.
    expect(incomes.filter((income) => income.reversed_by_id !== null && !corrects.some((event) => event.entity_id === String(income.id)))).toEqual([]);

    // Every acknowledged save and correction is there; no receipt number twice.
    const savedIds = burst.sent.filter((work) => work.kind === 'save' && work.answer?.status === 201).map((work) => String(work.answer!.body!.income!.id));
    const newIds = burst.sent.filter((work) => work.kind === 'correct' && work.answer?.status === 200).map((work) => String(work.answer!.body!.income!.id));
    expect([...savedIds, ...newIds].filter((id) => !byId.has(id))).toEqual([]);
    expect(new Set(incomes.map((income) => income.receipt_number)).size).toBe(incomes.length);
    const refused = burst.sent.filter((work) => work.answer?.status !== undefined && work.answer.status >= 300);
    // After the restart only a correction whose first try committed unanswered may be refused (reversed already: 409).
    expect(refused.filter((work) => !(work.kind === 'correct' && work.answer!.status === 409))).toEqual([]);

    console.log(
      `resilience: income log on ${kind}: ${burst.sent.length} requests (${creates.length} saves, ${corrects.length} corrections stored), kill -9 after ${killAfter} answered; ` +
        `${inFlight} unanswered around the kill; ${incomes.length} income rows, ${events.length} events, every row with its event and every event with its change; ` +
        `${refused.length} retried corrections refused as already made; ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  });
});
