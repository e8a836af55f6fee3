import { sql, type Kysely } from 'kysely';

/**
 * Versions of the records an edit screen changes (issue 24, "Lost updates"): `version` starts at 1 and the
 * save that changes a record adds one (api/src/db/record-versions.ts); `updated_by` is the staff member who
 * made that change (null before this migration, or when no signed-in person did), `updated_at` when. An edit
 * screen sends the version it read, and a save over a newer one is refused with who changed it.
 *
 * Adding a column with a constant default (or `now()`, evaluated once here) rewrites no row: this is quick
 * whatever the partner's size. `incomes` and `expenses` have had `updated_at` since 0006.
 */
export const VERSIONED_TABLES_0015 = [
  'members',
  'groups',
  'group_types',
  'meeting_types',
  'meetings',
  'message_configs',
  'accounts',
  'incomes',
  'expenses',
  'bill_ref_rules',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of VERSIONED_TABLES_0015) {
    await sql`
      alter table ${sql.table(table)}
        add column version integer not null default 1 check (version > 0),
        add column updated_by integer,
        add column if not exists updated_at timestamptz not null default now()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of VERSIONED_TABLES_0015) {
    const keepsUpdatedAt = table === 'incomes' || table === 'expenses';
    await sql`
      alter table ${sql.table(table)}
        drop column version,
        drop column updated_by
        ${keepsUpdatedAt ? sql`` : sql`, drop column updated_at`}`.execute(db);
  }
}
