import { sql, type Kysely } from 'kysely';

/**
 * M-Pesa as Safaricom really runs it (issue 31.4, 31.5, 31.7; api/src/finance/mpesa/):
 *
 * - `partner_mpesa_short_codes`: a partner may take payments on several short codes (a paybill and a till).
 *   A short code is one partner's (unique). Filled from `partners.mpesa_short_code`, which it replaces: where
 *   two partners had the same code (a mistake set-mpesa no longer allows), the older partner keeps it.
 * - `partners.mpesa_previous_callback_secret`: the secret whose URLs are registered with Safaricom while a new
 *   one waits for Safaricom to register its URLs (`pnpm ops confirm-mpesa-urls` retires it): callbacks on
 *   either secret are the partner's. `mpesa_previous_secret_used_at` says when one last came on the old one.
 * - The inbox outcome 'differing-repeat': a confirmation repeating a stored TransID with another amount,
 *   payer or short code; the stored payment is flagged for a person.
 */
const OUTCOMES_0016 = ['received', 'accepted', 'rejected', 'duplicate', 'malformed', 'unknown-partner', 'forbidden-source', 'held', 'failed'];

const outcomeCheck = (outcomes: readonly string[]) => sql`check (outcome in (${sql.join(outcomes.map((outcome) => sql.lit(outcome)))}))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table partner_mpesa_short_codes (
      tenant_id integer not null references partners (id),
      short_code text not null check (short_code ~ '^[0-9]{5,7}$'),
      kind text check (kind in ('paybill', 'till')),
      created_at timestamptz not null default now(),
      primary key (tenant_id, short_code),
      constraint partner_mpesa_short_codes_short_code_key unique (short_code)
    )`.execute(db);
  await sql`
    insert into partner_mpesa_short_codes (tenant_id, short_code)
    select id, mpesa_short_code from partners where mpesa_short_code is not null order by id
    on conflict do nothing`.execute(db);
  await sql`alter table partners drop column mpesa_short_code`.execute(db);

  await sql`
    alter table partners
      add column mpesa_previous_callback_secret text check (length(mpesa_previous_callback_secret) between 12 and 128),
      add column mpesa_previous_secret_used_at timestamptz`.execute(db);
  await sql`
    create unique index partners_mpesa_previous_secret_key on partners (mpesa_previous_callback_secret)
    where mpesa_previous_callback_secret is not null`.execute(db);

  await sql`
    alter table mpesa_callbacks
      drop constraint mpesa_callbacks_outcome_check,
      add constraint mpesa_callbacks_outcome_check ${outcomeCheck([...OUTCOMES_0016, 'differing-repeat'])}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update mpesa_callbacks set outcome = 'duplicate' where outcome = 'differing-repeat'`.execute(db);
  await sql`
    alter table mpesa_callbacks
      drop constraint mpesa_callbacks_outcome_check,
      add constraint mpesa_callbacks_outcome_check ${outcomeCheck(OUTCOMES_0016)}`.execute(db);
  await sql`drop index if exists partners_mpesa_previous_secret_key`.execute(db);
  await sql`alter table partners drop column if exists mpesa_previous_callback_secret, drop column if exists mpesa_previous_secret_used_at`.execute(db);
  await sql`alter table partners add column mpesa_short_code text check (mpesa_short_code ~ '^[0-9]{5,7}$')`.execute(db);
  // One short code each, as before: the first registered.
  await sql`
    update partners p set mpesa_short_code = (
      select short_code from partner_mpesa_short_codes s where s.tenant_id = p.id order by created_at, short_code limit 1
    )`.execute(db);
  await sql`drop table if exists partner_mpesa_short_codes`.execute(db);
}
