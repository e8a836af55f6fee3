import { sql, type Kysely } from 'kysely';

/**
 * SMS gateway pauses (issue 31.1; api/src/messaging/outbox/gateway-pause.ts):
 *
 * - `sms_gateway_pauses`: one row per gateway account that cannot send now (out of credit, held by the gateway,
 *   its key or sender id refused). While the row exists no outbox worker sending from that account claims
 *   messages: they stay queued, charged once. Every `probe_at` one worker sends a single due message as a probe;
 *   a message taken by the gateway deletes the row (sending resumes), the same refusal moves `probe_at` further
 *   (`probes` counts them, for the back-off). `pnpm ops resume-sms` deletes it at once. In the database, not in
 *   memory, because the server's worker and separate `pnpm worker` processes share it and it must survive a
 *   restart. Not tenant data: an account serves every partner. `detail` is the gateway's word (e.g.
 *   InsufficientBalance), never a number or a text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sms_gateway_pauses (
      account text primary key check (length(account) between 1 and 200),
      reason text not null check (reason in ('credit', 'held', 'refused')),
      detail text not null default '' check (length(detail) <= 300),
      since timestamptz not null default now(),
      probe_at timestamptz not null,
      probes integer not null default 0 check (probes >= 0)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sms_gateway_pauses`.execute(db);
}
