import { sql, type Kysely, type RawBuilder } from 'kysely';
import { EXPRESS_QUERY_INTERVAL_MS } from '@ushirika/shared/contract';
import { SYSTEM_ACTOR } from '../../../activity/record';
import { DEFAULT_MSISDN_HASH_FORMS, type MsisdnHashForm } from '../../../config';
import type { Database } from '../../../db/schema';
import { withinTransaction } from '../../../db/within-transaction';
import { DarajaError, type DarajaApi, type DarajaDeps, type StkQueryAnswer } from '../daraja-api';
import { partnerDaraja } from '../partner-daraja';
import { developmentSimulator } from './simulator';
import { settledColumns, statusOfResult, writePromptResult } from './stk-callback';
import { PollingWorker } from '../../../workers/polling-worker';

/*
 * Never miss a payment (issue 29): the prompts whose callback has not come are asked about. A worker like the SMS
 * outbox's (start, stop, wake, a poll interval), run by the server process (main.ts); several processes may run it
 * at once: each claims its prompts with `for update skip locked`, so no prompt is asked about twice at once.
 *
 * Every round:
 * - a prompt still 'sending' after SENDING_LEASE_MS (the server stopped between storing it and Daraja's answer) is
 *   marked failed, never sent again: if it did reach the phone and was paid, its result still comes, and is stored
 *   for a person (./stk-callback.ts: a CheckoutRequestID of no prompt);
 * - a prompt 'waiting' past its `next_query_at` (EXPRESS_QUERY_AFTER_MS after it was sent, then every
 *   EXPRESS_QUERY_INTERVAL_MS) is asked about with STK Query, outside any transaction: still being processed ->
 *   asked again later; 1032, 1037, another code -> settled as its callback would settle it. A query carries no
 *   receipt number: a prompt it finds paid is marked 'paid' with Daraja's words, and waits for its callback (or the
 *   C2B confirmation, or a look-up of its code) to bring the receipt number and the income;
 * - a prompt still waiting GIVE_UP_AFTER_MS after it was sent is marked failed.
 * Each settlement writes one `receive` event on the prompt ({ status, source }), as the system.
 */

export const SENDING_LEASE_MS = 5 * 60_000;
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;
/** A claimed prompt is not claimed again for this long: the query's time, at most. */
const CLAIM_LEASE_MS = 60_000;

export const SENDING_STOPPED = 'Unknown: the server stopped while sending the prompt; it was not sent again';
export const GAVE_UP = 'No answer from M-Pesa after 24 hours: the prompt is given up';

/** What the reconciler logs with (pino's shape): counts and Daraja's words, never a phone number. */
export interface ReconcilerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface ReconcilerOptions {
  db: Kysely<Database>;
  deps: DarajaDeps;
  hashForms?: readonly MsisdnHashForm[];
  log?: ReconcilerLog;
  /** How long an idle reconciler waits before looking again. */
  pollIntervalMs?: number;
  /** Prompts asked about per round. */
  batchSize?: number;
  /** The clock (tests move it on instead of waiting two minutes). */
  now?: () => Date;
}

export interface RoundSummary {
  /** 'sending' prompts marked failed. */
  abandoned: number;
  /** Prompts given up after GIVE_UP_AFTER_MS. */
  givenUp: number;
  /** Prompts asked about, and those of them that came to an end. */
  queried: number;
  settled: number;
}

const silentLog: ReconcilerLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const ms = (milliseconds: number) => sql<Date>`make_interval(secs => ${milliseconds / 1000})`;

interface Claimed {
  tenant_id: number;
  id: string;
  checkout_request_id: string;
  simulated: boolean;
}

export class ExpressReconciler extends PollingWorker {
  private readonly db: Kysely<Database>;
  private readonly deps: DarajaDeps;
  private readonly hashForms: readonly MsisdnHashForm[];
  private readonly log: ReconcilerLog;
  private readonly batchSize: number;
  private readonly now: () => Date;

  constructor(options: ReconcilerOptions) {
    const log = options.log ?? silentLog;
    super(options.pollIntervalMs ?? 2_000, log, 'M-Pesa Express: a round stopped');
    this.db = options.db;
    this.deps = options.deps;
    this.hashForms = options.hashForms ?? DEFAULT_MSISDN_HASH_FORMS;
    this.log = log;
    this.batchSize = options.batchSize ?? 20;
    this.now = options.now ?? (() => new Date());
  }

  /** One round (see the file's comment). Throws what it does not expect; a prompt's own query failing is logged and asked again later. */
  async runOnce(): Promise<RoundSummary> {
    const now = this.now();
    const abandoned = await this.settleStale('sending', sql<Date>`${now}::timestamptz - ${ms(SENDING_LEASE_MS)}`, 'created_at', SENDING_STOPPED, 'recovery');
    const givenUp = await this.settleStale('waiting', sql<Date>`${now}::timestamptz - ${ms(GIVE_UP_AFTER_MS)}`, 'prompted_at', GAVE_UP, 'query');
    const claimed = await this.claim(now);
    let settled = 0;
    for (const prompt of claimed) {
      if (this.stopping) break;
      if (await this.ask(prompt)) settled += 1;
    }
    const summary = { abandoned, givenUp, queried: claimed.length, settled };
    if (abandoned + givenUp + settled > 0) this.log.info(summary, 'M-Pesa Express: prompts settled without their callback');
    return summary;
  }

  /** Marks failed the prompts in `status` since before `before`, each with its event. */
  private async settleStale(status: 'sending' | 'waiting', before: RawBuilder<Date>, column: 'created_at' | 'prompted_at', words: string, source: string) {
    return withinTransaction(this.db, async (trx) => {
      const rows = await trx
        .updateTable('mpesa_express_requests')
        .set({ status: 'failed', result_desc: words, settled_at: sql<Date>`now()`, next_query_at: null })
        .where('status', '=', status)
        .where(column, '<', before)
        .returning(['tenant_id', 'id'])
        .execute();
      for (const row of rows) await writePromptResult(trx, row.tenant_id, SYSTEM_ACTOR, row.id, { status: 'failed', source });
      return rows.length;
    });
  }

  /** Takes the due prompts for CLAIM_LEASE_MS, committed at once: another process skips them meanwhile. */
  private async claim(now: Date): Promise<Claimed[]> {
    const { rows } = await sql<Claimed>`
      update mpesa_express_requests r
      set next_query_at = ${now}::timestamptz + ${ms(CLAIM_LEASE_MS)}, query_attempts = r.query_attempts + 1
      from (
        select tenant_id, id from mpesa_express_requests
        where status = 'waiting' and next_query_at <= ${now}::timestamptz
        order by next_query_at
        limit ${this.batchSize}
        for update skip locked
      ) due
      where r.tenant_id = due.tenant_id and r.id = due.id
      returning r.tenant_id, r.id::text as id, r.checkout_request_id, r.simulated`.execute(this.db);
    return rows;
  }

  /** Which Daraja answers for a prompt: the simulator for its own (not in production), else the partner's. */
  private async apiFor(prompt: Claimed): Promise<DarajaApi | undefined> {
    if (prompt.simulated) return this.deps.production ? undefined : developmentSimulator(this.db, prompt.tenant_id, this.hashForms);
    return partnerDaraja(this.db, prompt.tenant_id, this.deps);
  }

  /** Asks Daraja about one prompt, outside any transaction, and records the answer; true when it came to an end. */
  private async ask(prompt: Claimed): Promise<boolean> {
    let answer: StkQueryAnswer;
    try {
      const api = await this.apiFor(prompt);
      if (!api) throw new DarajaError('the partner has no Daraja credentials to ask with', false);
      answer = await api.stkQuery(prompt.checkout_request_id);
    } catch (error) {
      if (!(error instanceof DarajaError)) throw error;
      this.log.warn({ tenantId: prompt.tenant_id, request: prompt.id, reason: error.words }, 'M-Pesa Express: STK Query failed; asked again later');
      answer = { pending: true };
    }
    if (answer.pending) {
      await this.db
        .updateTable('mpesa_express_requests')
        .set({ next_query_at: sql<Date>`${this.now()}::timestamptz + ${ms(EXPRESS_QUERY_INTERVAL_MS)}` })
        .where('tenant_id', '=', prompt.tenant_id)
        .where('id', '=', prompt.id)
        .where('status', '=', 'waiting')
        .execute();
      return false;
    }
    const { resultCode, resultDesc } = answer;
    return withinTransaction(this.db, async (trx) => {
      // Its callback may have settled it meanwhile: then nothing changes.
      const settled = await trx
        .updateTable('mpesa_express_requests')
        .set(settledColumns(resultCode, resultDesc))
        .where('tenant_id', '=', prompt.tenant_id)
        .where('id', '=', prompt.id)
        .where('status', '=', 'waiting')
        .returning('id')
        .executeTakeFirst();
      if (!settled) return false;
      await writePromptResult(trx, prompt.tenant_id, SYSTEM_ACTOR, prompt.id, { status: statusOfResult(resultCode), source: 'query' });
      return true;
    });
  }

  protected async round(): Promise<boolean> {
    return (await this.runOnce()).queried >= this.batchSize;
  }
}
