import { sql, type Kysely } from 'kysely';

/**
 * Searches served by indexes made for them (issue 32; measured in docs/benchmarks.md, "Lists and searches
 * under load").
 *
 * - The messages list searches what was written, once: a send's own text (`message_sends.message`, one row per
 *   send, placeholders included) on a trigram index, and the recipient through their contact
 *   (`notifications.member_id` → `members.search_text`, migration 0009's index). It no longer searches
 *   `notifications.message`, the personalised copy of every recipient, which had no index: a word of the text
 *   made PostgreSQL read every message of the partner. The send's index costs one row's trigrams per send;
 *   `notifications` gets no new index, so a 100,000-recipient send writes what it wrote before.
 * - A search that starts a phone number ('0115 98', '+254 115 98', '254115') is a prefix of the E.164 number
 *   ('+25411598%'): a range of a `text_pattern_ops` b-tree, where the number's trigram index read the trigrams
 *   of the calling code and the operator's digits, which every number holds. The database's collation is not
 *   C, so the (tenant_id, phone) keys cannot serve LIKE. Contacts get a new index (members_phone_key stays the
 *   unique key imports and sends rely on); incomes' (tenant_id, phone, date) index, read only by equality (a
 *   giving statement, an import's payer match), is rebuilt with the pattern operator class, which serves
 *   equality as well, so an income still writes one phone entry.
 * - The planner estimates LIKE 'prefix%' from the histogram of the column, by the share of its entries that
 *   match: with the default 100 entries an estimate is 0.01% or a multiple of 1%, and a prefix that holds
 *   0.1% of a million contacts was estimated at 10,000 rows when one entry happened to match; PostgreSQL then
 *   walked the list index for them (1.5 s) instead of the prefix index (a few ms). 1,000 entries for the
 *   contacts' phone make the estimate 0.1%-fine. ANALYZE of members then samples 300,000 rows instead of
 *   30,000 (about 1 s and 9 s on the loaded 2-core machine at a million contacts; on PGlite its statistics
 *   refresh, db/statistics.ts, pauses that much longer at that size).
 * - The contacts list index (active contacts, newest first) carries `search_text`: a common search walks it
 *   until it has a page's count of matches (db/paged-list.ts), and now checks each row in the index instead of
 *   fetching it from the table ('.kamau', one contact in 30: 15,000 rows, 422 buffers read before, 138 after).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index message_sends_text_search_idx on message_sends using gin (message gin_trgm_ops)`.execute(db);
  await sql`create index members_phone_prefix_idx on members (tenant_id, phone text_pattern_ops)`.execute(db);
  await sql`drop index incomes_phone_idx`.execute(db);
  await sql`create index incomes_phone_idx on incomes (tenant_id, phone text_pattern_ops, date_of_transaction)`.execute(db);
  await sql`alter table members alter column phone set statistics 1000`.execute(db);
  await sql`drop index members_list_idx`.execute(db);
  await sql`create index members_list_idx on members (tenant_id, created_at desc, id desc) include (search_text) where archived_at is null`.execute(db);
  await sql`analyze members`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index members_list_idx`.execute(db);
  await sql`create index members_list_idx on members (tenant_id, created_at desc, id desc) where archived_at is null`.execute(db);
  await sql`alter table members alter column phone set statistics -1`.execute(db);
  await sql`drop index incomes_phone_idx`.execute(db);
  await sql`create index incomes_phone_idx on incomes (tenant_id, phone, date_of_transaction)`.execute(db);
  await sql`drop index members_phone_prefix_idx`.execute(db);
  await sql`drop index message_sends_text_search_idx`.execute(db);
}
