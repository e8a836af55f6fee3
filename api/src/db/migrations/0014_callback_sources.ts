import { sql, type Kysely } from 'kysely';

/**
 * M-Pesa callbacks from an address MPESA_CALLBACK_SOURCES does not list (api/src/http/source-allow-list.ts):
 * their raw body is kept in the inbox like any other's, with the outcome 'forbidden-source', so that one
 * from a Safaricom address the list missed can be replayed once checked. 0007's check constraint gains it.
 */
const OUTCOMES_0007 = ['received', 'accepted', 'rejected', 'duplicate', 'malformed', 'unknown-partner', 'failed'];

const outcomeCheck = (outcomes: readonly string[]) => sql`check (outcome in (${sql.join(outcomes.map((outcome) => sql.lit(outcome)))}))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table mpesa_callbacks
      drop constraint mpesa_callbacks_outcome_check,
      add constraint mpesa_callbacks_outcome_check ${outcomeCheck([...OUTCOMES_0007, 'forbidden-source'])}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update mpesa_callbacks set outcome = 'rejected' where outcome = 'forbidden-source'`.execute(db);
  await sql`
    alter table mpesa_callbacks
      drop constraint mpesa_callbacks_outcome_check,
      add constraint mpesa_callbacks_outcome_check ${outcomeCheck(OUTCOMES_0007)}`.execute(db);
}
