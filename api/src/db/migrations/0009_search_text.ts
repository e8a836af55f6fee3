import { sql, type Kysely } from 'kysely';

/**
 * One search column per searched table (issue 11, API performance). The lists searched the same text in
 * four to five columns with ILIKE, each lower-casing its column for every row it checked: about 3 µs a row,
 * so checking 15,000 contacts for 'wanj' took 42 ms and counting its 66,668 matches 200-340 ms. Now each
 * table keeps `search_text`, the searched columns lower-cased once when the row is written, and one
 * trigram index over it; a search is one LIKE on one column (db/search-text.ts), about ten times cheaper
 * per row, and PostgreSQL's estimate of its matches is close (70,379 for 66,668), which the lists use
 * past 1,000 matches (db/paged-list.ts).
 *
 * Names are joined by a space, so 'mary wanjiru' finds Mary Wanjiru; other fields by U+0001, which no
 * search text holds (it is trimmed, one line), so no match spans two fields. Phones stay out of it: they
 * have an index of their own (trigrams of the number alone), searched only by phone-like texts with three
 * digits or more, by their national digits; '25' must not find every number with the calling code 254.
 *
 * The trigram indexes hold no tenant_id (the old ones did, through btree_gin): intersecting a trigram's
 * matches with the tenant's entry, a list of every row of a partner with a million contacts, cost 6 of
 * the 7 ms of a phone fragment's search. The tenant is checked on the rows found, and for a small partner
 * the planner walks the partner's own rows on its list index instead (both measured, docs/benchmarks.md).
 *
 * STORED: computed on insert and update, read by the recheck without lower-casing again. Adding the
 * column rewrites each table once (about 17 s for a million contacts on the development machine).
 */
const SEPARATOR = sql`E'\\x01'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index members_search_idx`.execute(db);
  await sql`
    alter table members add column search_text text not null generated always as (
      lower(first_name || ' ' || last_name) || ${SEPARATOR} || lower(email)
    ) stored`.execute(db);
  await sql`create index members_search_idx on members using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`create index members_phone_search_idx on members using gin (phone gin_trgm_ops)`.execute(db);

  await sql`drop index incomes_search_idx`.execute(db);
  await sql`
    alter table incomes add column search_text text not null generated always as (
      lower(first_name || ' ' || last_name) || ${SEPARATOR} || lower(reference) || ${SEPARATOR} || lower(payment_for)
    ) stored`.execute(db);
  await sql`create index incomes_search_idx on incomes using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`create index incomes_phone_search_idx on incomes using gin (phone gin_trgm_ops)`.execute(db);

  await sql`drop index meetings_search_idx`.execute(db);
  await sql`
    alter table meetings add column search_text text not null generated always as (
      lower(subject) || ${SEPARATOR} || lower(facilitator) || ${SEPARATOR} || lower(speaker)
    ) stored`.execute(db);
  await sql`create index meetings_search_idx on meetings using gin (search_text gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table meetings drop column search_text`.execute(db);
  await sql`create index meetings_search_idx on meetings using gin (tenant_id, subject gin_trgm_ops, facilitator gin_trgm_ops, speaker gin_trgm_ops)`.execute(db);
  await sql`drop index incomes_phone_search_idx`.execute(db);
  await sql`alter table incomes drop column search_text`.execute(db);
  await sql`
    create index incomes_search_idx on incomes
    using gin (tenant_id, first_name gin_trgm_ops, last_name gin_trgm_ops, phone gin_trgm_ops, reference gin_trgm_ops, payment_for gin_trgm_ops)`.execute(db);
  await sql`drop index members_phone_search_idx`.execute(db);
  await sql`alter table members drop column search_text`.execute(db);
  await sql`
    create index members_search_idx on members
    using gin (tenant_id, first_name gin_trgm_ops, last_name gin_trgm_ops, phone gin_trgm_ops, email gin_trgm_ops)`.execute(db);
}
