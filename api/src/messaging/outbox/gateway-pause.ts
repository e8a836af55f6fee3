import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { GatewayPauseReason } from '../sms/provider';

/**
 * A gateway account that cannot send (issue 31.1; migration 0018, `sms_gateway_pauses`). When the gateway answers
 * that the ACCOUNT cannot send (out of credit, held, its key or sender id refused), every message would get the
 * same answer: failing them would lose the partner's messages, retrying them would spend their attempts. So the
 * worker puts them back in the queue (charged once, no attempt counted), writes the pause, and claims nothing for
 * that account until it lifts: after a back-off one worker sends a single due message as a probe, and a message
 * the gateway takes lifts the pause; the same refusal makes the next probe wait twice as long (at most `maxMs`).
 * `pnpm ops resume-sms` lifts it at once. Kept in the database because the server's worker and separate
 * `pnpm worker` processes share it, and a restart must not forget it. Every time is the database's `now()`.
 */

export interface PauseBackoff {
  /** How long after the pause the first probe goes out; each next one waits twice as long. */
  firstMs: number;
  /** The longest wait between probes. */
  maxMs: number;
}

export const DEFAULT_PAUSE_BACKOFF: PauseBackoff = { firstMs: 60_000, maxMs: 3_600_000 };

export interface GatewayPause {
  account: string;
  reason: GatewayPauseReason;
  /** The gateway's word for it (InsufficientBalance, HTTP 401 …): never a number or a text. */
  detail: string;
  since: Date;
  probeAt: Date;
  /** Probes sent so far. */
  probes: number;
  /** Whether the next probe is due (the database's clock). */
  probeDue: boolean;
}

/** Doublings beyond this change nothing (any `maxMs` is reached) and would overflow `power()`. */
const MAX_DOUBLINGS = 30;
const DETAIL_LENGTH = 300;

const columns = sql`account, reason, detail, since, probe_at as "probeAt", probes, probe_at <= now() as "probeDue"`;

/** The pause of `account`, if it is paused. */
export async function readPause(db: Kysely<Database>, account: string): Promise<GatewayPause | undefined> {
  const { rows } = await sql<GatewayPause>`select ${columns} from sms_gateway_pauses where account = ${account}`.execute(db);
  return rows[0];
}

/**
 * Pauses `account` for `reason`, the first probe after `backoff.firstMs`. When it is paused already (a probe, or a
 * request that was in flight when another paused it) only the reason and the detail change: the probe time is
 * the probe's business (`takeProbe`). Answers whether this started the pause.
 */
export async function pauseGateway(
  db: Kysely<Database>,
  account: string,
  reason: GatewayPauseReason,
  detail: string,
  backoff: PauseBackoff,
): Promise<{ started: boolean }> {
  const { rows } = await sql<{ started: boolean }>`
    insert into sms_gateway_pauses (account, reason, detail, probe_at)
    values (${account}, ${reason}, ${detail.slice(0, DETAIL_LENGTH)}, now() + make_interval(secs => ${backoff.firstMs / 1000}::float8))
    on conflict (account) do update set reason = excluded.reason, detail = excluded.detail
    returning (xmax = 0) as started`.execute(db);
  return { started: rows[0]?.started === true };
}

/**
 * Takes the probe of a paused `account` when it is due, for one worker only (the update is the lock): the next
 * probe is set already, twice as far as the last (at most `maxMs`), so a probe refused again, or a worker dying
 * with it, leaves the next one waiting. Answers the pause, or undefined when no probe is due (or another took it).
 */
export async function takeProbe(db: Kysely<Database>, account: string, backoff: PauseBackoff): Promise<GatewayPause | undefined> {
  const { rows } = await sql<GatewayPause>`
    update sms_gateway_pauses set
      probes = probes + 1,
      probe_at = now() + make_interval(secs => least(${backoff.firstMs}::float8 * power(2, least(probes + 1, ${MAX_DOUBLINGS})), ${backoff.maxMs}::float8) / 1000)
    where account = ${account} and probe_at <= now()
    returning ${columns}`.execute(db);
  return rows[0];
}

/** Lifts the pause of `account`, or of every account: answers the pauses lifted. */
export async function liftPause(db: Kysely<Database>, account?: string): Promise<GatewayPause[]> {
  const { rows } = await sql<GatewayPause>`
    delete from sms_gateway_pauses where ${account === undefined ? sql`true` : sql`account = ${account}`}
    returning ${columns}`.execute(db);
  return rows;
}

/**
 * The pause partners are told about (GET /smsgateway): the oldest of any account. One deployment sends from one
 * account; a pause of an account it no longer uses is lifted with `pnpm ops resume-sms`.
 */
export async function currentPause(db: Kysely<Database>): Promise<GatewayPause | undefined> {
  const { rows } = await sql<GatewayPause>`select ${columns} from sms_gateway_pauses order by since, account limit 1`.execute(db);
  return rows[0];
}

/**
 * Messages waiting to be sent (queued: due, scheduled or retrying; or claimed by a worker that has not sent them
 * yet), of every partner or of one.
 */
export async function waitingMessages(db: Kysely<Database>, tenantId?: number): Promise<number> {
  const { rows } = await sql<{ waiting: number }>`
    select count(*)::int as waiting from notifications
    where state in ('queued', 'claimed') ${tenantId === undefined ? sql`` : sql`and tenant_id = ${tenantId}`}`.execute(db);
  return Number(rows[0]?.waiting ?? 0);
}
