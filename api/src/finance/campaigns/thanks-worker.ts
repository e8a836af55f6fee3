import { sql, type Kysely, type SqlBool } from 'kysely';
import { PLEDGE_THANKS_DEFAULT_TEXT } from '@ushirika/shared/contract';
import { SYSTEM_ACTOR, recordActivity } from '../../activity/record';
import type { Database } from '../../db/schema';
import { TenantScope } from '../../db/tenant-scope';
import { HttpError } from '../../http/errors';
import type { OutboxNudge } from '../../messaging/outbox/nudge';
import { enqueueSendWithin, pledgeMessage } from '../../messaging/sends';
import { PollingWorker } from '../../workers/polling-worker';
import { currencyOf } from '../receipts';

/*
 * The thank-you SMS of a fulfilled pledge (issue 30.4). A polling worker like the M-Pesa Express reconciler (start,
 * stop, wake, a poll interval), run by the server process (main.ts): every pass walks the fulfilled pledges not yet
 * thanked (index pledges_unthanked_idx), each once, and for each, in one transaction that locks it (`skip locked`:
 * several processes may run it), queues the partner's thank-you text to the contact's number (recipient type
 * 'Receipt', as an income's receipt; placeholders filled like a reminder's), sets `thanked_at` and writes one `thank
 * pledge` event as the system. The send and `thanked_at` commit together, so a crash sends it once or not at all.
 * - Thanks turned off: `thanked_at` is set without a message (turning them on later thanks no one from before);
 *   an archived or erased contact: the same. The event says why no message was queued.
 * - Units too short: nothing is written; the pledge is tried again on the next pass (the partner's other pledges
 *   are left for that pass too). A pledge raised above what is paid loses its `thanked_at` (pledges.ts).
 */

/** What the worker logs with (pino's shape): counts only, never a number or a name. */
export interface ThanksLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface ThanksWorkerOptions {
  db: Kysely<Database>;
  /** Woken after a pass that queued messages. */
  outbox?: OutboxNudge;
  log?: ThanksLog;
  /** How long an idle worker waits before looking again. */
  pollIntervalMs?: number;
  /** Pledges read per query of a pass. */
  batchSize?: number;
}

export interface ThanksPass {
  /** Thank-you messages queued (an opted-out number counts in `skipped`). */
  thanked: number;
  /** Pledges marked thanked without a message queued: thanks off, contact archived or erased, number opted out. */
  skipped: number;
  /** Pledges left for a later pass: their partner's units were short. */
  waiting: number;
}

interface Due {
  tenant_id: number;
  id: number;
}

const silentLog: ThanksLog = { info: () => undefined, error: () => undefined };

export class PledgeThanksWorker extends PollingWorker {
  private readonly db: Kysely<Database>;
  private readonly outbox: OutboxNudge | undefined;
  private readonly log: ThanksLog;
  private readonly batchSize: number;

  constructor(options: ThanksWorkerOptions) {
    const log = options.log ?? silentLog;
    super(options.pollIntervalMs ?? 5_000, log, 'pledge thanks: a pass stopped');
    this.db = options.db;
    this.outbox = options.outbox;
    this.log = log;
    this.batchSize = options.batchSize ?? 100;
  }

  /** One pass over the fulfilled, unthanked pledges, each once (see the file's comment). */
  async runOnce(): Promise<ThanksPass> {
    const pass: ThanksPass = { thanked: 0, skipped: 0, waiting: 0 };
    /** Partners whose units were short in this pass: their other pledges wait for the next. */
    const short = new Set<number>();
    let after: Due = { tenant_id: 0, id: 0 };
    for (;;) {
      const due = await this.dueAfter(after);
      for (const pledge of due) {
        if (this.stopping) return pass;
        if (short.has(pledge.tenant_id)) {
          pass.waiting += 1;
          continue;
        }
        const outcome = await this.thank(pledge);
        if (outcome === 'short') short.add(pledge.tenant_id);
        if (outcome === 'queued') pass.thanked += 1;
        else if (outcome === 'short') pass.waiting += 1;
        else if (outcome === 'marked') pass.skipped += 1;
      }
      if (due.length < this.batchSize) break;
      after = due[due.length - 1]!;
    }
    if (pass.thanked > 0) this.outbox?.wake();
    if (pass.thanked + pass.skipped + pass.waiting > 0) this.log.info({ ...pass }, 'pledge thank-you messages');
    return pass;
  }

  /** The next fulfilled, unthanked pledges after `after`, in key order (the partial index's). */
  private async dueAfter(after: Due): Promise<Due[]> {
    const { rows } = await sql<Due>`
      select tenant_id, id from pledges
      where pledged > 0 and paid >= pledged and thanked_at is null and (tenant_id, id) > (${after.tenant_id}::int, ${after.id}::int)
      order by tenant_id, id
      limit ${this.batchSize}::int`.execute(this.db);
    return rows;
  }

  /**
   * Thanks one pledge in its own transaction: 'queued' (a message), 'marked' (thanked without one), 'short' (units
   * short: nothing written), 'gone' (thanked, changed or locked by another process meanwhile).
   */
  private async thank(due: Due): Promise<'queued' | 'marked' | 'short' | 'gone'> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const scope = new TenantScope(trx, due.tenant_id, SYSTEM_ACTOR);
        const pledge = await scope
          .selectFrom('pledges as p')
          .innerJoin('members as m', (join) => join.onRef('m.tenant_id', '=', 'p.tenant_id').onRef('m.id', '=', 'p.member_id'))
          .innerJoin('partners as pt', 'pt.id', 'p.tenant_id')
          .leftJoin('pledge_thanks as t', 't.tenant_id', 'p.tenant_id')
          .select(['p.id', 'p.campaign_id', 'm.phone', 'm.archived_at', 'pt.country', 't.enabled', 't.text'])
          .where('p.id', '=', due.id)
          .where(sql<SqlBool>`p.pledged > 0 and p.paid >= p.pledged and p.thanked_at is null`)
          .forUpdate('p')
          .skipLocked()
          .executeTakeFirst();
        if (!pledge) return 'gone';
        let send: { id: number; queued: number } | undefined;
        if (pledge.enabled !== false && pledge.archived_at === null) {
          const text = await this.filledText(scope, due.id, pledge.text ?? PLEDGE_THANKS_DEFAULT_TEXT, currencyOf(pledge.country));
          send = await enqueueSendWithin(scope, { recipientType: 'Receipt', audience: { kind: 'numbers', numbers: [pledge.phone] }, text, sendAt: null, userId: null });
        }
        await scope
          .updateTable('pledges')
          .set({ thanked_at: sql<Date>`now()` })
          .where('id', '=', due.id)
          .execute();
        await recordActivity(scope, {
          action: 'thank',
          entity: 'pledge',
          entityId: due.id,
          details: {
            campaignId: pledge.campaign_id,
            sendId: send?.id,
            queued: send?.queued ?? 0,
            // Why no message was queued, when none was (an opted-out number: `queued` 0 with a send).
            notSent: send ? undefined : pledge.enabled === false ? 'thanks_off' : 'contact_archived',
          },
        });
        return send && send.queued > 0 ? 'queued' : 'marked';
      });
    } catch (error) {
      // The messaging 400: not enough units. Rolled back whole; the next pass tries again.
      if (error instanceof HttpError && error.statusCode === 400) return 'short';
      throw error;
    }
  }

  /** The thank-you text of pledge `pledgeId`, filled as a reminder's is (sends.ts `pledgeMessage`). */
  private async filledText(scope: TenantScope, pledgeId: number, text: string, currency: string): Promise<string> {
    return scope.raw(async (db, tenantId) => {
      const { rows } = await sql<{ message: string }>`
        select ${pledgeMessage(text, currency)} as message
        from pledges p
        join campaigns c on c.tenant_id = p.tenant_id and c.id = p.campaign_id
        join members m on m.tenant_id = p.tenant_id and m.id = p.member_id
        where p.tenant_id = ${tenantId}::int and p.id = ${pledgeId}::int`.execute(db);
      return rows[0]!.message;
    });
  }

  /** A pass takes every pledge due: the next waits for the poll or a wake. */
  protected async round(): Promise<boolean> {
    await this.runOnce();
    return false;
  }
}
