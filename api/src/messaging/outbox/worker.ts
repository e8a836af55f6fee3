import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { smsGatewayErrors, smsGatewayPauses, smsMessages } from '../../metrics/registry';
import { GatewayRefusedError, GatewayUncertainError, GatewayUnavailableError, type GatewayPauseReason, type SmsProvider, type SmsRecipientResult } from '../sms/provider';
import { DEFAULT_PAUSE_BACKOFF, liftPause, pauseGateway, readPause, takeProbe, waitingMessages, type PauseBackoff } from './gateway-pause';
import { beat, beatIntervalFor } from './heartbeat';
import type { OutboxNudge } from './nudge';
import { planRequests, type ClaimedMessage, type PlannedRequest } from './plan';
import { claimDue, markSending, NOT_REPORTED_REASON, recordOutcomes, recoverStale, releaseClaims, senderIdsOf, type Outcome } from './queries';
import { IdleWait } from '../../workers/idle-wait';

/**
 * The outbox worker (issue 8): takes due messages from `notifications` in batches and hands them to the
 * SMS provider. One batch: claim up to `batchSize` due rows, plan the gateway requests (./plan.ts), and
 * for each request mark its rows `sending` (committed), call the gateway, record the answer (./queries.ts).
 * It loops at once while there is work, polls when idle, and a `wake()` (a send was queued) ends the wait.
 *
 * Crash semantics - the point of the design: nothing is written between "rows are sending" and "the
 * gateway answered", so a process that dies at any moment leaves claimed rows (never sent: recovery
 * queues them again) or sending rows (maybe sent: recovery makes them `unknown`, never resent by
 * itself). An exception this class does not expect (a bug, the database gone) is treated exactly like
 * that death: it escapes without cleanup writes, and recovery sorts the rows out after the lease. Only
 * an orderly `stop()` gives back the claimed rows it did not get to.
 *
 * When the gateway answers that its account cannot send (out of credit, held, key or sender id refused), the
 * request's messages go back to the queue untouched and the account is paused (./gateway-pause.ts): the worker
 * claims nothing more for it, stops the batch, and later sends one message as a probe; a message taken lifts it.
 *
 * What the partner sees change (sent, failed, unconfirmed, opted out) is recorded with one `deliver` activity
 * event per send per transaction, as the system (./queries.ts): one for a request of 1,000 messages.
 *
 * While started, the worker writes a heartbeat (./heartbeat.ts) every poll interval, on a timer of its own so a
 * long batch does not make it look dead; `GET /readyz` reads it. Outcomes and gateway errors are counted for
 * `GET /metrics` (api/src/metrics/registry.ts) as they are recorded.
 */

/** What the worker logs with: pino's shape. Never a number or a text: counts and reasons only. */
export interface OutboxLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RequestSummary {
  tenantId: number;
  messages: number;
  /** Recorded outcomes by kind (sent, delivered, failed, retry, unknown, opted_out, paused). */
  outcomes: Partial<Record<Outcome['kind'], number>>;
}

export interface OutboxWorkerOptions {
  db: Kysely<Database>;
  provider: SmsProvider;
  log?: OutboxLog;
  /** Messages claimed at a time. */
  batchSize?: number;
  /** How long an idle worker waits before looking again. */
  pollIntervalMs?: number;
  /** Claimed or sending rows older than this are a dead worker's: see `recover()`. */
  leaseMs?: number;
  /** How often the running worker looks for dead workers' rows (and once at start). */
  recoveryIntervalMs?: number;
  /** Numbers per gateway request. */
  maxRecipientsPerRequest?: number;
  /** Gateway requests in flight at once (personalised texts need one request per number). */
  concurrency?: number;
  /** The first retry waits this long; each next one twice as long. */
  retryBaseSeconds?: number;
  /** When the gateway account cannot send: the wait before the first probe, and the longest wait between probes. */
  pauseBackoff?: PauseBackoff;
  /** Names this worker's claims; unique per process by default. */
  workerId?: string;
  /** Called after each request's answer is recorded: for metrics, and for tests to stop a worker mid-batch. */
  onRequestRecorded?: (summary: RequestSummary) => void;
}

const silentLog: OutboxLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export class OutboxWorker implements OutboxNudge {
  readonly workerId: string;
  private readonly db: Kysely<Database>;
  private readonly provider: SmsProvider;
  private readonly log: OutboxLog;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly recoveryIntervalMs: number;
  private readonly maxRecipients: number;
  private readonly concurrency: number;
  private readonly retryBaseSeconds: number;
  private readonly pauseBackoff: PauseBackoff;
  private readonly onRequestRecorded: ((summary: RequestSummary) => void) | undefined;

  private running: Promise<void> | undefined;
  private stopping = false;
  /** Rests between polls; a wake() that came while a batch ran makes it look again at once. */
  private readonly idleWait = new IdleWait();
  private heartbeat: { timer: NodeJS.Timeout; beating: Promise<void>; busy: boolean } | undefined;
  /** Whether the last beat failed: its failure is logged once, not every beat. */
  private beatFailed = false;

  constructor(options: OutboxWorkerOptions) {
    this.db = options.db;
    this.provider = options.provider;
    this.log = options.log ?? silentLog;
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? 5_000;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.recoveryIntervalMs = options.recoveryIntervalMs ?? 60_000;
    this.maxRecipients = options.maxRecipientsPerRequest ?? 1000;
    this.concurrency = options.concurrency ?? 4;
    this.retryBaseSeconds = options.retryBaseSeconds ?? 30;
    this.pauseBackoff = options.pauseBackoff ?? DEFAULT_PAUSE_BACKOFF;
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.onRequestRecorded = options.onRequestRecorded;
  }

  /** Starts the loop in the background: recovery first, then batches. */
  start(): void {
    if (this.running) return;
    this.stopping = false;
    this.startHeartbeat();
    this.running = this.loop();
  }

  /** Stops after the requests in flight are recorded; claimed rows not yet sent go back to the queue. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.idleWait.interrupt();
    await this.running;
    this.running = undefined;
    await this.stopHeartbeat();
  }

  /**
   * Beats now and every beat interval until `stop()`, one beat at a time (a beat still waiting for a slow
   * database skips the next); the timer does not keep the process alive.
   */
  private startHeartbeat(): void {
    if (this.heartbeat) return;
    const interval = beatIntervalFor(this.pollIntervalMs);
    const once = () => {
      if (heartbeat.busy) return;
      heartbeat.busy = true;
      heartbeat.beating = this.beatOnce(interval).finally(() => (heartbeat.busy = false));
    };
    const heartbeat = { timer: setInterval(once, interval), beating: Promise.resolve(), busy: false };
    heartbeat.timer.unref();
    this.heartbeat = heartbeat;
    once();
  }

  private async stopHeartbeat(): Promise<void> {
    if (!this.heartbeat) return;
    clearInterval(this.heartbeat.timer);
    await this.heartbeat.beating;
    this.heartbeat = undefined;
  }

  private async beatOnce(interval: number): Promise<void> {
    try {
      await beat(this.db, this.workerId, interval);
      this.beatFailed = false;
    } catch (error) {
      if (!this.beatFailed) this.log.warn({ err: errorSummary(error) }, 'SMS outbox: the heartbeat could not be written; readiness will call this worker stale');
      this.beatFailed = true;
    }
  }

  wake(): void {
    this.idleWait.wake();
  }

  /**
   * Takes back dead workers' rows (claimed or sending for longer than `leaseMs`): claimed ones are queued
   * again, sending ones become unknown. `leaseMs` 0 takes back everything in flight: only when no worker runs.
   */
  async recover(leaseMs = this.leaseMs): Promise<{ requeued: number; unconfirmed: number }> {
    const recovered = await recoverStale(this.db, leaseMs);
    if (recovered.requeued + recovered.unconfirmed > 0) {
      this.log.warn(recovered, 'SMS outbox: took back messages a stopped worker left (requeued: never sent; unconfirmed: may have been sent)');
    }
    return recovered;
  }

  /**
   * One batch: claims due messages and sends them. Returns how many were claimed (0: nothing due, or the gateway
   * account is paused and no probe is due). Throws what it does not expect, without cleaning up (see the header).
   */
  async runOnce(): Promise<number> {
    const account = this.provider.account;
    const pause = await readPause(this.db, account);
    if (pause && !pause.probeDue) return 0;
    const claimed = await claimDue(this.db, this.workerId, pause ? 1 : this.batchSize);
    if (claimed.length === 0) return 0;
    // Paused: the one message is the probe, unless another worker took it first.
    const probe = pause ? await takeProbe(this.db, account, this.pauseBackoff) : undefined;
    if (pause && !probe) {
      await releaseClaims(this.db, this.workerId);
      return 0;
    }
    const batch: Batch = { probe: probe !== undefined, paused: false, resumed: false };
    const senderIds = await senderIdsOf(this.db, [...new Set(claimed.map((message) => message.tenantId))]);
    const requests = planRequests(claimed, senderIds, this.maxRecipients);

    let next = 0;
    let crashed = false;
    const lane = async () => {
      while (next < requests.length && !this.stopping && !crashed && !batch.paused) {
        const request = requests[next]!;
        next += 1;
        try {
          await this.send(request, batch);
        } catch (error) {
          crashed = true;
          throw error;
        }
      }
    };
    const lanes = await Promise.allSettled(Array.from({ length: Math.min(this.concurrency, requests.length) }, lane));
    const failure = lanes.find((lane) => lane.status === 'rejected');
    if (failure) throw failure.reason;
    if (next < requests.length) await releaseClaims(this.db, this.workerId);
    return claimed.length;
  }

  private async loop(): Promise<void> {
    let nextRecovery = 0;
    while (!this.stopping) {
      let claimed = 0;
      try {
        if (Date.now() >= nextRecovery) {
          await this.recover();
          nextRecovery = Date.now() + this.recoveryIntervalMs;
        }
        claimed = await this.runOnce();
      } catch (error) {
        this.log.error({ err: errorSummary(error) }, 'SMS outbox: a batch stopped; its messages are taken back after the lease');
      }
      if (claimed === 0 && !this.stopping) await this.idleWait.rest(this.pollIntervalMs);
    }
  }

  /** One gateway request: mark sending, call, record; then pause the account, or lift its pause after a probe. */
  private async send(request: PlannedRequest, batch: Batch): Promise<void> {
    const marked = await markSending(
      this.db,
      this.workerId,
      request.tenantId,
      request.messages.map((message) => message.id),
    );
    const messages = request.messages.filter((message) => marked.has(message.id));
    if (messages.length === 0) return;

    let outcomes: Outcome[];
    /** Why the account cannot send, when the gateway said so: the pause reason and the gateway's word. */
    let refusal: { reason: GatewayPauseReason; detail: string } | undefined;
    try {
      const results = await this.provider.send({ from: request.from, message: request.message, to: messages.map((message) => message.recipient) });
      outcomes = outcomesOf(messages, results);
      const paused = results.find((result) => result.outcome === 'paused');
      if (paused) refusal = { reason: paused.pause, detail: paused.reason };
    } catch (error) {
      if (error instanceof GatewayRefusedError) {
        outcomes = messages.map(({ id }) => ({ id, kind: 'paused', reason: error.message }));
        refusal = { reason: 'refused', detail: error.message };
      } else if (error instanceof GatewayUnavailableError) {
        outcomes = messages.map(({ id }) => ({ id, kind: 'retry', reason: error.message }));
      } else if (error instanceof GatewayUncertainError) {
        outcomes = messages.map(({ id }) => ({ id, kind: 'unknown', reason: `${error.message}; it may have been sent` }));
      } else {
        throw error;
      }
      smsGatewayErrors.inc({ error: error instanceof GatewayRefusedError ? 'refused' : error instanceof GatewayUnavailableError ? 'unavailable' : 'uncertain' });
      if (!(error instanceof GatewayRefusedError)) {
        this.log.warn({ provider: this.provider.name, messages: messages.length, reason: error.message }, 'SMS outbox: a gateway request failed');
      }
    }
    // The other lanes take no more requests: they would get the same answer.
    if (refusal) batch.paused = true;
    // The messages first: a death before the pause is written leaves them queued, and the next try pauses.
    await recordOutcomes(this.db, this.workerId, request.tenantId, outcomes, this.retryBaseSeconds);
    if (refusal) {
      await this.pause(refusal, outcomes.filter((outcome) => outcome.kind === 'paused').length, batch.probe, request);
    } else if (batch.probe && !batch.resumed && outcomes.some((outcome) => ACCOUNT_CAN_SEND.has(outcome.kind))) {
      batch.resumed = true;
      await this.resume();
    }

    const counts: RequestSummary['outcomes'] = {};
    for (const { kind } of outcomes) counts[kind] = (counts[kind] ?? 0) + 1;
    for (const [outcome, count] of Object.entries(counts)) smsMessages.inc({ outcome }, count);
    this.onRequestRecorded?.({ tenantId: request.tenantId, messages: messages.length, outcomes: counts });
  }

  /** Pauses the account (or keeps it paused after a probe) and says so in the log; counts a new pause. */
  private async pause({ reason, detail }: { reason: GatewayPauseReason; detail: string }, kept: number, probe: boolean, request: PlannedRequest): Promise<void> {
    const { started } = await pauseGateway(this.db, this.provider.account, reason, detail, this.pauseBackoff);
    if (started) smsGatewayPauses.inc({ reason });
    const waiting = await waitingMessages(this.db);
    // Which partner's request and sender id met the refusal: a sender id the account may not use refuses them all.
    const details = {
      provider: this.provider.name,
      account: this.provider.account,
      reason,
      detail,
      kept,
      waiting,
      tenantId: request.tenantId,
      senderId: request.from ?? null,
    };
    const { what, remedy } = PAUSE_LOG[reason];
    if (probe) this.log.warn(details, `SMS outbox: ${what}, still, at the probe: sending stays paused and the next probe waits longer; ${remedy}`);
    else if (started) this.log.warn(details, `SMS outbox: ${what}: sending is paused and the messages stay queued (charged once); ${remedy}`);
  }

  private async resume(): Promise<void> {
    const lifted = await liftPause(this.db, this.provider.account);
    if (lifted.length === 0) return;
    this.log.warn(
      { provider: this.provider.name, account: this.provider.account, reason: lifted[0]!.reason, waiting: await waitingMessages(this.db) },
      'SMS outbox: the gateway took the probe message: sending resumed',
    );
  }
}

/** What one batch learned about the gateway account, shared by its lanes. */
interface Batch {
  /** The batch is a paused account's single probe message. */
  probe: boolean;
  /** The account cannot send: the lanes take no more requests. */
  paused: boolean;
  resumed: boolean;
}

/** The ops log's words for each pause reason (docs/operations.md, "SMS gateway paused"). */
const PAUSE_LOG: Record<GatewayPauseReason, { what: string; remedy: string }> = {
  credit: { what: 'gateway credit exhausted', remedy: 'top up the gateway account, then run `pnpm ops resume-sms`' },
  held: { what: 'the gateway holds the account (RiskHold)', remedy: 'ask the gateway to release it, then run `pnpm ops resume-sms`' },
  refused: {
    what: 'the gateway refused the API key or sender id',
    remedy: "fix AT_USERNAME / AT_API_KEY or the partner's sender id (message config sender_id, AT_SENDER_ID), then run `pnpm ops resume-sms`",
  },
};

/** The gateway's results, per message; a number it did not report on is unconfirmed. */
function outcomesOf(messages: ClaimedMessage[], results: SmsRecipientResult[]): Outcome[] {
  const byNumber = new Map<string, SmsRecipientResult>();
  for (const result of results) {
    byNumber.set(result.number, result);
    byNumber.set(digits(result.number), result);
  }
  return messages.map(({ id, recipient }): Outcome => {
    const result = byNumber.get(recipient) ?? byNumber.get(digits(recipient));
    switch (result?.outcome) {
      case undefined:
        return { id, kind: 'unknown', reason: NOT_REPORTED_REASON };
      case 'sent':
        return { id, kind: result.delivered ? 'delivered' : 'sent', messageId: result.messageId, cost: result.cost, parts: result.parts };
      case 'failed':
        return { id, kind: 'failed', reason: result.reason };
      case 'retry':
        return { id, kind: 'retry', reason: result.reason };
      case 'optedOut':
        return { id, kind: 'opted_out', reason: result.reason };
      case 'paused':
        return { id, kind: 'paused', reason: result.reason };
    }
  });
}

const digits = (number: string) => number.replace(/\D/g, '');

/**
 * What a probe's answer may be for the pause to lift: the gateway judged the number itself, so the account can
 * send (an invalid or blacklisted probe number says as much as a sent one). A retry or an unknown says nothing.
 */
const ACCOUNT_CAN_SEND: ReadonlySet<Outcome['kind']> = new Set(['sent', 'delivered', 'failed', 'opted_out']);

/** An error for the log: its kind and message, not its details (a database error's detail may quote a row). */
function errorSummary(error: unknown): { name: string; message: string; code?: string } {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const code = (error as { code?: unknown }).code;
  return { name: error.name, message: error.message, ...(typeof code === 'string' ? { code } : {}) };
}
