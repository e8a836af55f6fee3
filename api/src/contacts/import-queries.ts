import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database, MembersTable } from '../db/schema';
import type { TenantScope } from '../db/tenant-scope';
import type { ContactFileValues, ImportKeys, ImportLookup, KnownContact, KnownHousehold, MemberImportField } from './import-match';

/**
 * The import's queries (issue 27), through the partner's scope: looking up the contacts and households a file's
 * keys name (one query per kind of key, each on its index), and the commit's and the undo's bulk writes (a
 * statement per ROWS_PER_STATEMENT rows, never one per contact). The export reads contacts the same way
 * (`withFileValues`), so an exported file compares equal to the contacts it came from.
 */

/** Rows per statement: their parameters stay far below PostgreSQL's 65,535 per statement. */
export const ROWS_PER_STATEMENT = 1_000;

type MembersQuery<O> = SelectQueryBuilder<Database & { m: MembersTable }, 'm', O>;

/**
 * A contacts query (`members as m`) with every field of a file row: the contact's own, dates as YYYY-MM-DD (as
 * text: no time-zone shift), and their household's key (`H-<id>` for one made here), name and role.
 */
export function withFileValues<O>(query: MembersQuery<O>) {
  return query
    .leftJoin('household_members as hm', (join) => join.onRef('hm.tenant_id', '=', 'm.tenant_id').onRef('hm.member_id', '=', 'm.id'))
    .leftJoin('households as h', (join) => join.onRef('h.tenant_id', '=', 'hm.tenant_id').onRef('h.id', '=', 'hm.household_id'))
    .select([
      'm.first_name',
      'm.last_name',
      'm.phone',
      'm.email',
      'm.gender',
      'm.residence',
      sql<string>`coalesce(to_char(m.date_of_birth, 'YYYY-MM-DD'), '')`.as('date_of_birth'),
      'm.membership_status',
      'm.marital_status',
      'm.external_id',
      'h.id as household_id',
      sql<string>`coalesce(h.external_key, 'H-' || h.id, '')`.as('household_key'),
      'h.name as household_name',
      'hm.role as household_role',
    ]);
}

export interface FileValuesRow {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  gender: string;
  residence: string;
  date_of_birth: string;
  membership_status: string;
  marital_status: string;
  external_id: string | null;
  household_key: string;
  household_name: string | null;
  household_role: string | null;
}

export const toFileValues = (row: FileValuesRow): ContactFileValues => ({
  firstName: row.first_name,
  lastName: row.last_name,
  mobile: row.phone,
  email: row.email,
  gender: row.gender,
  residence: row.residence,
  dateOfBirth: row.date_of_birth,
  membershipStatus: row.membership_status,
  maritalStatus: row.marital_status,
  externalId: row.external_id ?? '',
  householdId: row.household_key,
  householdName: row.household_name ?? '',
  householdRole: row.household_role ?? '',
});

/** The members columns of a contact's own fields. */
const MEMBER_COLUMNS: Record<MemberImportField, keyof MembersTable> = {
  firstName: 'first_name',
  lastName: 'last_name',
  mobile: 'phone',
  email: 'email',
  gender: 'gender',
  residence: 'residence',
  dateOfBirth: 'date_of_birth',
  membershipStatus: 'membership_status',
  maritalStatus: 'marital_status',
  externalId: 'external_id',
};

/** The partner's contacts (not erased) with every field, locked for the caller's transaction when `lock`. */
function knownContacts(scope: TenantScope, lock = false) {
  return withFileValues(scope.selectFrom('members as m').where('m.erased_at', 'is', null))
    .select(['m.id', 'm.version', 'm.archived_at'])
    .$if(lock, (q) => q.forUpdate('m'));
}

type KnownRow = Awaited<ReturnType<ReturnType<typeof knownContacts>['execute']>>[number];

const toKnown = (row: KnownRow): KnownContact => ({
  id: row.id,
  version: row.version,
  archived: row.archived_at !== null,
  values: toFileValues(row),
  householdId: row.household_id,
});

const textArray = (values: readonly string[]) => sql<string>`any(${[...values]}::text[])`;
const intArray = (values: readonly number[]) => sql<number>`any(${[...values]}::int[])`;

/** The id of a household made here from its key `H-<id>`; undefined for another key. */
export function madeHereId(key: string): number | undefined {
  const id = /^H-([1-9]\d{0,9})$/.exec(key)?.[1];
  return id !== undefined && Number(id) <= 2_147_483_647 ? Number(id) : undefined;
}

/**
 * What the rows' keys find: contacts by external ID, by mobile and by lower-case email (members_external_id_key,
 * members_phone_key, members_email_idx), then the households the rows name (by key or exact name) and those the
 * found contacts are in, each with its head.
 */
export async function lookUpImportKeys(scope: TenantScope, keys: ImportKeys): Promise<ImportLookup> {
  const [byId, byPhone, byMail] = await Promise.all([
    keys.externalIds.length === 0 ? [] : knownContacts(scope).where('m.external_id', '=', textArray(keys.externalIds)).execute(),
    keys.mobiles.length === 0 ? [] : knownContacts(scope).where('m.phone', '=', textArray(keys.mobiles)).execute(),
    keys.emails.length === 0
      ? []
      : knownContacts(scope)
          .where('m.email', '<>', '')
          .where(sql<string>`lower(m.email)`, '=', textArray(keys.emails))
          .execute(),
  ]);
  const byExternalId = new Map(byId.map((row) => [row.external_id!, toKnown(row)]));
  const byMobile = new Map(byPhone.map((row) => [row.phone, toKnown(row)]));
  const byEmail = new Map<string, KnownContact[]>();
  for (const row of byMail) {
    const email = row.email.toLowerCase();
    byEmail.set(email, [...(byEmail.get(email) ?? []), toKnown(row)]);
  }
  const theirs = [...byId, ...byPhone, ...byMail].flatMap((row) => (row.household_id === null ? [] : [row.household_id]));
  const households = await lookUpHouseholds(scope, keys.householdKeys, keys.householdNames, theirs);
  return { byExternalId, byMobile, byEmail, ...households };
}

/** The households with these keys, exact names (by their lower-case index) or ids, each with its head. */
export async function lookUpHouseholds(scope: TenantScope, keys: readonly string[], names: readonly string[], ids: readonly number[]) {
  const allIds = [...new Set([...ids, ...keys.flatMap((key) => madeHereId(key) ?? [])])];
  const lowerNames = [...new Set(names.map((name) => name.toLowerCase()))];
  const rows =
    keys.length + lowerNames.length + allIds.length === 0
      ? []
      : await scope
          .selectFrom('households as h')
          .leftJoin('household_members as head', (join) =>
            join.onRef('head.tenant_id', '=', 'h.tenant_id').onRef('head.household_id', '=', 'h.id').on('head.role', '=', 'head'),
          )
          .select(['h.id', 'h.name', 'h.external_key', 'head.member_id as head_id'])
          .where((eb) =>
            eb.or([
              ...(keys.length > 0 ? [eb('h.external_key', '=', textArray(keys))] : []),
              ...(allIds.length > 0 ? [eb('h.id', '=', intArray(allIds))] : []),
              ...(lowerNames.length > 0 ? [eb(sql<string>`lower(h.name)`, '=', textArray(lowerNames))] : []),
            ]),
          )
          .orderBy('h.id')
          .execute();
  const householdsById = new Map<number, KnownHousehold>();
  const householdsByKey = new Map<string, KnownHousehold>();
  const householdsByName = new Map<string, KnownHousehold[]>();
  for (const row of rows) {
    const household: KnownHousehold = { id: row.id, key: row.external_key ?? `H-${row.id}`, name: row.name, headId: row.head_id };
    householdsById.set(household.id, household);
    // A household made here answers to `H-<id>` before one imported with that very key.
    if (row.external_key === null || !householdsByKey.has(household.key)) householdsByKey.set(household.key, household);
    householdsByName.set(household.name, [...(householdsByName.get(household.name) ?? []), household]);
  }
  return { householdsById, householdsByKey, householdsByName };
}

/** The contacts (not erased) as a file row shows them, locked for the caller's transaction: what an undo compares. */
export async function lockedContacts(scope: TenantScope, ids: readonly number[]): Promise<KnownContact[]> {
  if (ids.length === 0) return [];
  const rows = await knownContacts(scope, true).where('m.id', '=', intArray(ids)).execute();
  return rows.map(toKnown);
}

/** In chunks of ROWS_PER_STATEMENT. */
function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT) out.push(items.slice(start, start + ROWS_PER_STATEMENT));
  return out;
}

/** Makes the households (external key, or null for one found by name; its name); their ids, in order. */
export async function insertHouseholds(scope: TenantScope, households: ReadonlyArray<{ key: string | null; name: string }>): Promise<number[]> {
  const ids: number[] = [];
  for (const chunk of chunks(households)) {
    const rows = await scope.raw((db, tenantId) =>
      db
        .insertInto('households')
        .values(chunk.map(({ key, name }) => ({ tenant_id: tenantId, external_key: key, name })))
        .returning('id')
        .execute(),
    );
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** Renames households (id -> name), each a new version by `userId`. */
export async function renameHouseholds(scope: TenantScope, names: ReadonlyMap<number, string>, userId: number): Promise<void> {
  const entries = [...names].map(([id, name]) => ({ id, name }));
  for (const chunk of chunks(entries)) {
    await scope.raw((db, tenantId) =>
      sql`
        update households as h set name = v.name, version = h.version + 1, updated_by = ${userId}::int, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as v(id int, name text)
        where h.tenant_id = ${tenantId}::int and h.id = v.id`.execute(db),
    );
  }
}

/** A new contact's columns from its fields ('' / null for those the file does not give). */
const newMember = (fields: Partial<Record<MemberImportField, string>>) => ({
  first_name: fields.firstName ?? '',
  last_name: fields.lastName ?? '',
  phone: fields.mobile ?? '',
  email: fields.email ?? '',
  gender: fields.gender ?? '',
  residence: fields.residence ?? '',
  date_of_birth: fields.dateOfBirth || null,
  membership_status: fields.membershipStatus ?? '',
  marital_status: fields.maritalStatus ?? '',
  external_id: fields.externalId || null,
});

/**
 * Creates the contacts; answers the id of each created one by its mobile. A contact whose mobile or external ID
 * the partner has by now (saved by someone else since the file was matched) is skipped, not an error.
 */
export async function insertContacts(scope: TenantScope, contacts: ReadonlyArray<Partial<Record<MemberImportField, string>>>): Promise<Map<string, number>> {
  const created = new Map<string, number>();
  for (const chunk of chunks(contacts)) {
    const rows = await scope.raw((db, tenantId) =>
      db
        .insertInto('members')
        .values(chunk.map((fields) => ({ tenant_id: tenantId, ...newMember(fields) })))
        .onConflict((oc) => oc.doNothing())
        .returning(['id', 'phone'])
        .execute(),
    );
    for (const row of rows) created.set(row.phone, row.id);
  }
  return created;
}

/** One contact's change: the fields to write (API values; '' clears), over `version` when given. */
export interface ContactFieldsChange {
  id: number;
  version?: number | undefined;
  fields: Partial<Record<MemberImportField, string>>;
}

/** `column = the field's value when given, else as it is`. */
const assignments = sql.join(
  (Object.entries(MEMBER_COLUMNS) as Array<[MemberImportField, string]>).map(([field, column]) => {
    const given = sql`v.f ? ${field}`;
    const value = field === 'dateOfBirth' ? sql`nullif(v.f->>${field}, '')::date` : field === 'externalId' ? sql`nullif(v.f->>${field}, '')` : sql`v.f->>${field}`;
    return sql`${sql.ref(column)} = case when ${given} then ${value} else m.${sql.ref(column)} end`;
  }),
);

/**
 * Writes the fields of each contact (not erased) still at its `version`, as a new version by `userId`; answers the
 * ids written. A contact changed since it was read is left as it is (the caller counts it as skipped).
 */
export async function updateContacts(scope: TenantScope, changes: readonly ContactFieldsChange[], userId: number): Promise<Set<number>> {
  const written = new Set<number>();
  for (const chunk of chunks(changes)) {
    const json = JSON.stringify(chunk.map(({ id, version, fields }) => ({ id, version: version ?? null, f: fields })));
    const { rows } = await scope.raw((db, tenantId) =>
      sql<{ id: number }>`
        update members as m set ${assignments}, version = m.version + 1, updated_by = ${userId}::int, updated_at = now()
        from jsonb_to_recordset(${json}::jsonb) as v(id int, version int, f jsonb)
        where m.tenant_id = ${tenantId}::int and m.id = v.id and (v.version is null or m.version = v.version) and m.erased_at is null
        returning m.id`.execute(db),
    );
    for (const row of rows) written.add(row.id);
  }
  return written;
}

export interface Membership {
  memberId: number;
  householdId: number;
  role: string;
}

/**
 * Puts each contact in its household with its role (a contact is in one household at most: they leave the one
 * they were in). Heads are set last, once every head the import moves or demotes has left: a household never
 * has two heads, even for a moment.
 */
export async function setMemberships(scope: TenantScope, memberships: readonly Membership[]): Promise<void> {
  for (const chunk of chunks(memberships)) {
    await scope.raw((db, tenantId) =>
      db
        .insertInto('household_members')
        .values(
          chunk.map(({ memberId, householdId, role }) => ({
            tenant_id: tenantId,
            member_id: memberId,
            household_id: householdId,
            role: role === 'head' ? 'other' : role,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['tenant_id', 'member_id']).doUpdateSet((eb) => ({ household_id: eb.ref('excluded.household_id'), role: eb.ref('excluded.role') })),
        )
        .execute(),
    );
  }
  const heads = memberships.filter((membership) => membership.role === 'head').map((membership) => membership.memberId);
  for (const chunk of chunks(heads)) {
    await scope.updateTable('household_members').set({ role: 'head' }).where('member_id', '=', intArray(chunk)).execute();
  }
}

/** Takes the contacts out of their households. */
export async function removeMemberships(scope: TenantScope, memberIds: readonly number[]): Promise<void> {
  for (const chunk of chunks(memberIds)) await scope.deleteFrom('household_members').where('member_id', '=', intArray(chunk)).execute();
}

/** A contact an import created or updated: the fields it wrote (API values) and, for an update, their values before. */
export interface ImportChange {
  memberId: number;
  kind: 'created' | 'updated';
  after: Record<string, string>;
  before: Record<string, string> | null;
}

/** The batch of one import (its counts) and what it did to each contact; answers the batch's id. */
export async function insertImportBatch(
  scope: TenantScope,
  batch: { userId: number; fileName: string; created: number; updated: number },
  changes: readonly ImportChange[],
): Promise<number> {
  const { id } = await scope
    .insertInto('contact_import_batches', { created_by: batch.userId, file_name: batch.fileName, created: batch.created, updated: batch.updated })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const chunk of chunks(changes)) {
    await scope.raw((db, tenantId) =>
      db
        .insertInto('contact_import_changes')
        .values(
          chunk.map((change) => ({
            tenant_id: tenantId,
            batch_id: id,
            member_id: change.memberId,
            kind: change.kind,
            after: JSON.stringify(change.after),
            before: change.before === null ? null : JSON.stringify(change.before),
          })),
        )
        .execute(),
    );
  }
  return id;
}
