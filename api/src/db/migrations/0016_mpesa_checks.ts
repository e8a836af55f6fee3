import { sql, type Kysely } from 'kysely';

/**
 * M-Pesa after the security review (api/src/finance/mpesa/):
 *
 * - `mpesa_callbacks` keeps where each callback came from (`source`, Fastify's request.ip) and its body's size
 *   in bytes (`body_size`). A callback whose secret no partner has keeps only those and its time, not its body:
 *   anyone may send one. The bodies such callbacks left before are emptied here (their size kept).
 * - The outcome 'held': a confirmation of the partner's whose TransID or amount cannot be read, kept in the
 *   inbox for a person (`pnpm ops list-mpesa-callbacks`).
 * - `online_transactions.check_reason`: why a stored payment waits for a person (an empty MSISDN, a long
 *   BillRefNumber, a TransTime outside the app's dates, ...). No BillRefNumber rule allocates it while set.
 * - TransIDs are compared without case: stored in upper case from now on. Existing ones are upper-cased where
 *   that collides with no other payment of the partner; where two differ only in case, the first (the one
 *   in upper case already, else the oldest) takes the upper-case TransID, and every payment of the pair is
 *   flagged for a person, who decides whether they are one payment counted twice.
 */
const OUTCOMES_0014 = ['received', 'accepted', 'rejected', 'duplicate', 'malformed', 'unknown-partner', 'forbidden-source', 'failed'];

const outcomeCheck = (outcomes: readonly string[]) => sql`check (outcome in (${sql.join(outcomes.map((outcome) => sql.lit(outcome)))}))`;

/** The text of daraja.ts CHECK_REASONS.sameTransId, as this migration wrote it (a migration never changes). */
const SAME_TRANS_ID = 'Another payment has the same TransID in other letter case';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table mpesa_callbacks
      add column source text,
      add column body_size integer check (body_size >= 0),
      drop constraint mpesa_callbacks_outcome_check,
      add constraint mpesa_callbacks_outcome_check ${outcomeCheck([...OUTCOMES_0014, 'held'])}`.execute(db);
  // What an unknown secret left: no body, its size kept.
  await sql`update mpesa_callbacks set body_size = octet_length(body), body = '' where tenant_id is null and body <> ''`.execute(db);
  await sql`update mpesa_callbacks set trans_id = upper(trans_id) where trans_id <> upper(trans_id)`.execute(db);
  // What a person has to look at: held callbacks (and those from an unlisted address), newest first.
  await sql`create index mpesa_callbacks_attention_idx on mpesa_callbacks (received_at desc) where outcome in ('held', 'forbidden-source')`.execute(db);

  await sql`alter table online_transactions add column check_reason text check (check_reason <> '')`.execute(db);
  await sql`
    update online_transactions t set trans_id = upper(t.trans_id)
    from (
      select tenant_id, id, row_number() over (partition by tenant_id, upper(trans_id) order by (trans_id = upper(trans_id)) desc, id) as place
      from online_transactions
    ) as ranked
    where ranked.tenant_id = t.tenant_id and ranked.id = t.id and ranked.place = 1 and t.trans_id <> upper(t.trans_id)`.execute(db);
  await sql`
    update online_transactions t set check_reason = ${SAME_TRANS_ID}
    where exists (
      select from online_transactions o
      where o.tenant_id = t.tenant_id and o.id <> t.id and upper(o.trans_id) = upper(t.trans_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table online_transactions drop column if exists check_reason`.execute(db);
  await sql`drop index if exists mpesa_callbacks_attention_idx`.execute(db);
  await sql`update mpesa_callbacks set outcome = 'malformed' where outcome = 'held'`.execute(db);
  await sql`
    alter table mpesa_callbacks
      drop column if exists source,
      drop column if exists body_size,
      drop constraint mpesa_callbacks_outcome_check,
      add constraint mpesa_callbacks_outcome_check ${outcomeCheck(OUTCOMES_0014)}`.execute(db);
}
