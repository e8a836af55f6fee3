import { sql, type Kysely } from 'kysely';

/**
 * A partner's country (ISO 3166-1 alpha-2): local phone numbers (`0772 123 456`) are read as that
 * country's (`normalizePhone`). Every partner so far worked in Kenya, so existing partners and any
 * created without a country get 'KE'. The database checks only the shape; that libphonenumber knows
 * the code is checked where it is set (`pnpm ops`, `setPartnerCountry`), since its list changes with
 * the library. Stored phones are E.164 already and are not touched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table partners
      add column country text not null default 'KE'
      constraint partners_country_check check (country ~ '^[A-Z]{2}$')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table partners drop column if exists country`.execute(db);
}
