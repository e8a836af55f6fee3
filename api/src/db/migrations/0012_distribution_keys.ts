import { sql, type Kysely } from 'kysely';

/**
 * Keys ready for distributing by partner (issue 14; docs/deploy.md, docs/citus/distribute.sql): the one unique
 * index of a partner table without tenant_id, the gateway's message id, becomes unique per partner (the gateway's
 * ids are unique anyway), and a plain index keeps a delivery report's lookup by that id alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index notifications_provider_id_key`.execute(db);
  await sql`create unique index notifications_provider_id_key on notifications (tenant_id, provider_message_id) where provider_message_id is not null`.execute(db);
  await sql`create index notifications_provider_id_idx on notifications (provider_message_id) where provider_message_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index notifications_provider_id_idx`.execute(db);
  await sql`drop index notifications_provider_id_key`.execute(db);
  await sql`create unique index notifications_provider_id_key on notifications (provider_message_id) where provider_message_id is not null`.execute(db);
}
