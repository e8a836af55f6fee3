import { sql } from 'kysely';
import {
  HOUSEHOLD_ROLES,
  IMPORT_UNDO_DAYS,
  type ContactImportBatch,
  type ContactImportCounts,
  type ContactImportField,
  type ContactImportKept,
  type ContactImportUndoResult,
} from '@ushirika/shared/contract';
import { recordActivity } from '../activity/record';
import { isUniqueViolation } from '../db/errors';
import { pagedList, type Page } from '../db/paged-list';
import type { TenantScope } from '../db/tenant-scope';
import { badRequest, conflict } from '../http/errors';
import type { ListParams } from '../http/list-query';
import {
  countImportRows,
  householdKeyOf,
  MEMBER_IMPORT_FIELDS,
  type CreateWrite,
  type HouseholdPlan,
  type ImportMatch,
  type KnownContact,
  type MatchedRow,
  type MemberImportField,
  type NewHousehold,
  type RowWrite,
  type UpdateWrite,
} from './import-match';
import {
  insertContacts,
  insertHouseholds,
  insertImportBatch,
  lockedContacts,
  lookUpHouseholds,
  removeMemberships,
  renameHouseholds,
  setMemberships,
  updateContacts,
  type ImportChange,
  type Membership,
} from './import-queries';

/**
 * One import is one batch (issue 27.3-27.4; migration 0026): the commit writes the new and updated rows of a
 * matched file, with what it did to each contact (`contact_import_changes`: the fields written and, for an
 * update, their values before) and one activity event of counts; the undo puts them back for IMPORT_UNDO_DAYS.
 */

/** The name a household made from a file's household id gets when no row names it. */
const householdName = (household: NewHousehold) => household.name ?? `Household ${household.key}`;

/** A file name as the batch keeps it: at most 255 characters. */
const FILE_NAME_MAX_LENGTH = 255;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** While the import wrote, another save took a value it was writing (a mobile, an external ID, a household's head). */
export const CHANGED_WHILE_IMPORTING = 'Contacts were changed while the file was being imported, so nothing was saved. Preview the file again and import it.';

/** Nothing in the file to write: no batch is made. */
export const nothingToImport = (counts: ContactImportCounts) =>
  `Nothing to import: no row of the file is a new contact or changes one (${counts.unchanged} unchanged, ${plural(counts.conflict, 'conflict', 'conflicts')}, ${plural(counts.error, 'error', 'errors')}).`;

export interface CommittedImport {
  status_msg: string;
  batch: { id: number; created: number; updated: number };
}

/**
 * Writes the new and updated rows of `match` in the caller's transaction, with the batch, its changes and the
 * `import` event; 400 when there is nothing to write (no batch then). A contact someone else saved meanwhile
 * (the mobile or external ID of a new row, a new version of a matched one) is skipped and counted.
 */
export async function commitImport(trx: TenantScope, match: ImportMatch, upload: { userId: number; fileName: string }): Promise<CommittedImport> {
  const counts = countImportRows(match.rows);
  if (counts.new + counts.update === 0) throw badRequest(nothingToImport(counts));
  try {
    return await writeImport(trx, match, counts, upload);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CHANGED_WHILE_IMPORTING);
    throw error;
  }
}

type Writing<W> = { row: MatchedRow; write: W };

async function writeImport(
  trx: TenantScope,
  match: ImportMatch,
  counts: ContactImportCounts,
  { userId, fileName }: { userId: number; fileName: string },
): Promise<CommittedImport> {
  const creates: Writing<CreateWrite>[] = [];
  const updates: Writing<UpdateWrite>[] = [];
  for (const row of match.rows) {
    if (row.write?.kind === 'create') creates.push({ row, write: row.write });
    else if (row.write?.kind === 'update') updates.push({ row, write: row.write });
  }
  const made = await makeHouseholds(
    trx,
    [...creates, ...updates].map(({ write }) => write),
  );
  await renameHouseholds(trx, match.renames, userId);
  const householdOf = (plan: HouseholdPlan): { id: number; key: string } => (plan.target.kind === 'existing' ? plan.target.household : made.get(plan.target.household)!);

  const createdIds = await insertContacts(
    trx,
    creates.map(({ write }) => write.fields),
  );
  const updatedIds = await updateContacts(
    trx,
    updates.map(({ write }) => ({ id: write.contact.id, version: write.contact.version, fields: write.fields })),
    userId,
  );

  const memberships: Membership[] = [];
  const changes: ImportChange[] = [];
  for (const { row, write } of creates) {
    const memberId = createdIds.get(write.fields.mobile!);
    if (memberId === undefined) continue;
    const after = changedValues(row, 'new');
    if (write.household) {
      const household = householdOf(write.household);
      memberships.push({ memberId, householdId: household.id, role: write.household.role });
      Object.assign(after, { householdId: household.key, householdRole: write.household.role });
    }
    changes.push({ memberId, kind: 'created', after, before: null });
  }
  for (const { row, write } of updates) {
    const { contact } = write;
    if (!updatedIds.has(contact.id)) continue;
    const after = changedValues(row, 'new');
    const before = changedValues(row, 'old');
    if (write.household) {
      const household = householdOf(write.household);
      memberships.push({ memberId: contact.id, householdId: household.id, role: write.household.role });
      Object.assign(after, { householdId: household.key, householdRole: write.household.role });
      Object.assign(before, { householdId: contact.values.householdId, householdRole: contact.values.householdRole });
    }
    changes.push({ memberId: contact.id, kind: 'updated', after, before });
  }
  await setMemberships(trx, memberships);

  const created = changes.filter((change) => change.kind === 'created').length;
  const updated = changes.length - created;
  const skipped = creates.length + updates.length - changes.length;
  if (changes.length === 0) throw badRequest(`Nothing to import: ${plural(skipped, 'contact was', 'contacts were')} saved by someone else while the file was read.`);
  const batchId = await insertImportBatch(trx, { userId, fileName: fileName.slice(0, FILE_NAME_MAX_LENGTH), created, updated }, changes);
  const details = { created, updated, unchanged: counts.unchanged, conflict: counts.conflict, error: counts.error, skipped };
  await recordActivity(trx, { action: 'import', entity: 'contact_import', entityId: batchId, details });
  const skippedText = skipped > 0 ? `; ${plural(skipped, 'contact was', 'contacts were')} changed by someone else meanwhile and left as they are` : '';
  return {
    status_msg: `${plural(created, 'contact', 'contacts')} imported, ${updated} updated${skippedText}`,
    batch: { id: batchId, created, updated },
  };
}

/** The row's listed changes as field -> value: the new values, or (an update's) the old ones. */
function changedValues(row: MatchedRow, side: 'new' | 'old'): Record<string, string> {
  return Object.fromEntries((row.row.changes ?? []).map((change) => [change.field, change[side]]));
}

/** Makes the households the written rows name and the partner does not have yet: each with its key (`H-<id>` for one found by name). */
async function makeHouseholds(trx: TenantScope, writes: readonly RowWrite[]): Promise<Map<NewHousehold, { id: number; key: string }>> {
  const wanted = new Set<NewHousehold>();
  for (const write of writes) {
    const target = write.household?.target;
    if (target?.kind === 'new') wanted.add(target.household);
  }
  const households = [...wanted];
  const ids = await insertHouseholds(
    trx,
    households.map((household) => ({ key: household.key, name: householdName(household) })),
  );
  return new Map(households.map((household, index) => [household, { id: ids[index]!, key: household.key ?? householdKeyOf(ids[index]!) }]));
}

// ---------------------------------------------------------------------------------------------
// The list

const DAY_MS = 86_400_000;

function batchesSelect(scope: TenantScope) {
  return scope
    .selectFrom('contact_import_batches as b')
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'b.created_by').onRef('u.partner_id', '=', 'b.tenant_id'))
    .select([
      'b.id',
      'b.created_at',
      'b.file_name',
      'b.created',
      'b.updated',
      'b.undone_at',
      sql<string>`coalesce(trim(u.first_name || ' ' || u.last_name), '')`.as('created_by'),
    ]);
}

type BatchRow = Awaited<ReturnType<ReturnType<typeof batchesSelect>['executeTakeFirstOrThrow']>>;

const toBatch = (row: BatchRow): ContactImportBatch => ({
  id: row.id,
  createdAt: row.created_at.toISOString(),
  createdBy: row.created_by,
  fileName: row.file_name,
  created: row.created,
  updated: row.updated,
  undoneAt: row.undone_at?.toISOString() ?? null,
  undoUntil: new Date(row.created_at.getTime() + IMPORT_UNDO_DAYS * DAY_MS).toISOString(),
});

/** GET /member/imports: the partner's batches, newest first (contact_import_batches_list_idx). */
export function listImportBatches(scope: TenantScope, params: ListParams): Promise<Page<ContactImportBatch>> {
  return pagedList(params, {
    scope,
    matching: scope.selectFrom('contact_import_batches as b'),
    id: 'b.id',
    order: [
      ['b.created_at', 'desc'],
      ['b.id', 'desc'],
    ],
    select: batchesSelect(scope),
    toRow: toBatch,
  });
}

// ---------------------------------------------------------------------------------------------
// Undo

export const IMPORT_NOT_FOUND = 'Import not found';
export const ALREADY_UNDONE = 'This import was undone already.';
export const UNDO_TOO_LATE = `This import is more than ${IMPORT_UNDO_DAYS} days old and can no longer be undone.`;

interface ChangeRow {
  member_id: number;
  kind: 'created' | 'updated';
  after: Record<string, string>;
  before: Record<string, string> | null;
}

/**
 * Undoes batch `id` for `userId` in one transaction with one `undo` event (its counts): the contacts it created
 * are deleted when nothing refers to them, else archived; the fields it updated go back to their values before
 * when they still hold what it wrote, else they are kept and listed; the households it made that end up empty
 * are deleted. Undefined when the partner has no such batch; 409 when it was undone already or is too old.
 */
export async function undoImport(scope: TenantScope, id: number, userId: number): Promise<ContactImportUndoResult | undefined> {
  try {
    return await scope.transaction((trx) => undoing(trx, id, userId));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CHANGED_WHILE_UNDOING);
    throw error;
  }
}

/** Another save took a value the undo was putting back, between its check and its write. */
const CHANGED_WHILE_UNDOING = 'Contacts were changed while the import was being undone, so nothing was undone. Please try again.';

async function undoing(trx: TenantScope, id: number, userId: number): Promise<ContactImportUndoResult | undefined> {
  const batch = await trx
    .selectFrom('contact_import_batches as b')
    .select(['b.undone_at', sql<boolean>`b.created_at > now() - make_interval(days => ${IMPORT_UNDO_DAYS}::int)`.as('undoable')])
    .where('b.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!batch) return undefined;
  if (batch.undone_at !== null) throw conflict(ALREADY_UNDONE);
  if (!batch.undoable) throw conflict(UNDO_TOO_LATE);
  const changes = (await trx
    .selectFrom('contact_import_changes as c')
    .select(['c.member_id', 'c.kind', 'c.after', 'c.before'])
    .where('c.batch_id', '=', id)
    .orderBy('c.member_id')
    .execute()) as ChangeRow[];
  const importedAt = batchInstant(trx, id);

  const { removed, archived } = await removeCreated(
    trx,
    { id, importedAt },
    changes.filter((change) => change.kind === 'created').map((change) => change.member_id),
    userId,
  );
  const { restored, kept } = await restoreUpdated(
    trx,
    changes.filter((change) => change.kind === 'updated'),
    userId,
  );
  // The households the batch made: created in its transaction, so at its very instant (now() is the transaction's start).
  await trx
    .deleteFrom('households')
    .where('created_at', '=', importedAt)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('household_members as hm')
            .select('hm.member_id')
            .whereRef('hm.tenant_id', '=', 'households.tenant_id')
            .whereRef('hm.household_id', '=', 'households.id'),
        ),
      ),
    )
    .execute();
  await trx
    .updateTable('contact_import_batches')
    .set({ undone_at: sql<Date>`now()`, undone_by: userId })
    .where('id', '=', id)
    .execute();
  await recordActivity(trx, { action: 'undo', entity: 'contact_import', entityId: id, details: { removed, archived, restored, kept: kept.length } });
  const keptText = kept.length > 0 ? `; ${plural(kept.length, 'field', 'fields')} changed since kept as ${kept.length === 1 ? 'it is' : 'they are'}` : '';
  return {
    status_msg: `Import undone: ${plural(removed, 'contact', 'contacts')} removed, ${archived} archived, ${restored} restored${keptText}`,
    removed,
    archived,
    restored,
    kept,
  };
}

const intArray = (values: readonly number[]) => sql<number>`any(${[...values]}::int[])`;

/** The batch's instant as the database keeps it (microseconds, which a JavaScript Date would round), for comparisons. */
const batchInstant = (trx: TenantScope, id: number) => trx.selectFrom('contact_import_batches as b').select('b.created_at').where('b.id', '=', id);

/**
 * The created contacts: deleted when nothing refers to them, else archived. Referring: a gift (incomes), a group,
 * a message queued since the import, another import's change, a household they were put in since, or a change of
 * the contact itself since (its history: its version is no longer the first). Erased ones stay as they are.
 */
async function removeCreated(trx: TenantScope, batch: { id: number; importedAt: ReturnType<typeof batchInstant> }, ids: readonly number[], userId: number) {
  if (ids.length === 0) return { removed: 0, archived: 0 };
  const contacts = await trx
    .selectFrom('members as m')
    .select(['m.id', 'm.phone', 'm.version', 'm.archived_at'])
    .where('m.id', '=', intArray(ids))
    .where('m.erased_at', 'is', null)
    .forUpdate()
    .execute();
  const living = contacts.map((contact) => contact.id);
  if (living.length === 0) return { removed: 0, archived: 0 };
  const idOfPhone = new Map(contacts.map((contact) => [contact.phone, contact.id]));
  const phones = sql<string>`any(${[...idOfPhone.keys()]}::text[])`;
  const [byLink, byPhone, inGroups, messages, inOtherImports, inHouseholds] = await Promise.all([
    trx.selectFrom('incomes as i').select('i.member_id as id').where('i.member_id', '=', intArray(living)).execute(),
    // A gift typed in with their number is on their giving statement (incomes_phone_idx).
    trx.selectFrom('incomes as i').select('i.phone').where('i.phone', '=', phones).execute(),
    trx.selectFrom('group_members as g').select('g.member_id as id').where('g.member_id', '=', intArray(living)).execute(),
    // Messages to them (as a contact, or to their number) were queued after the import: read on the list index from its time on.
    trx
      .selectFrom('notifications as n')
      .select(['n.member_id', 'n.recipient'])
      .where('n.created_at', '>=', batch.importedAt)
      .where((eb) => eb.or([eb('n.member_id', '=', intArray(living)), eb('n.recipient', '=', phones)]))
      .execute(),
    trx.selectFrom('contact_import_changes as c').select('c.member_id as id').where('c.member_id', '=', intArray(living)).where('c.batch_id', '<>', batch.id).execute(),
    trx
      .selectFrom('household_members as hm')
      .select('hm.member_id as id')
      .where('hm.member_id', '=', intArray(living))
      .where('hm.created_at', '<>', batch.importedAt)
      .execute(),
  ]);
  const referred = [
    ...byLink,
    ...byPhone.map((income) => ({ id: idOfPhone.get(income.phone) ?? null })),
    ...messages.map((message) => ({ id: message.member_id ?? idOfPhone.get(message.recipient) ?? null })),
    ...inGroups,
    ...inOtherImports,
    ...inHouseholds,
  ];
  const stay = new Set(referred.flatMap((row) => (row.id === null ? [] : [row.id])));
  for (const contact of contacts) if (contact.version > 1) stay.add(contact.id);
  const removable = living.filter((contactId) => !stay.has(contactId));
  const archivable = contacts.filter((contact) => stay.has(contact.id) && contact.archived_at === null).map((contact) => contact.id);
  if (removable.length > 0) await trx.deleteFrom('members').where('id', '=', intArray(removable)).execute();
  if (archivable.length > 0) {
    await trx
      .updateTable('members')
      .set({ archived_at: sql<Date>`now()`, archived_by: userId, version: sql<number>`version + 1`, updated_by: userId, updated_at: sql<Date>`now()` })
      .where('id', '=', intArray(archivable))
      .execute();
  }
  return { removed: removable.length, archived: stay.size };
}

const sameValue = (field: string, a: string, b: string) => (field === 'email' ? a.toLowerCase() === b.toLowerCase() : a === b);
const isMemberField = (field: string): field is MemberImportField => (MEMBER_IMPORT_FIELDS as readonly string[]).includes(field);

/** What the undo puts back for one contact. */
interface Restore {
  contact: KnownContact;
  fields: Partial<Record<MemberImportField, string>>;
  /** Back into the household with this key ('' for none), with this role. */
  membership?: { key: string; role: string };
  /** Their role back, in the household they are in. */
  role?: string;
  /** Their household's name back. */
  householdName?: string;
}

/**
 * The updated contacts' fields that still hold what the import wrote go back to their values before; the others
 * (changed since) are kept and listed. So is a mobile or external ID another contact has since, and a household
 * that is gone or has another head since.
 */
async function restoreUpdated(trx: TenantScope, changes: readonly ChangeRow[], userId: number): Promise<{ restored: number; kept: ContactImportKept[] }> {
  const kept: ContactImportKept[] = [];
  if (changes.length === 0) return { restored: 0, kept };
  const contacts = new Map(
    (
      await lockedContacts(
        trx,
        changes.map((change) => change.member_id),
      )
    ).map((contact) => [contact.id, contact]),
  );
  const restores: Restore[] = [];
  for (const change of changes) {
    const contact = contacts.get(change.member_id);
    if (!contact) continue;
    const before = change.before ?? {};
    const restore: Restore = { contact, fields: {} };
    const keep = (field: ContactImportField) => kept.push({ contactId: contact.id, field, current: contact.values[field], before: before[field] ?? '' });
    const holds = (field: ContactImportField) => field in change.after && sameValue(field, contact.values[field], change.after[field]!);
    for (const field of Object.keys(change.after).filter(isMemberField)) {
      if (holds(field)) restore.fields[field] = before[field] ?? '';
      else keep(field);
    }
    if ('householdId' in change.after) {
      if (holds('householdId') && holds('householdRole')) restore.membership = { key: before.householdId ?? '', role: before.householdRole ?? '' };
      else keep(holds('householdId') ? 'householdRole' : 'householdId');
    } else {
      if ('householdRole' in change.after) {
        if (holds('householdRole')) restore.role = before.householdRole ?? '';
        else keep('householdRole');
      }
      if ('householdName' in change.after) {
        if (holds('householdName')) restore.householdName = before.householdName ?? '';
        else keep('householdName');
      }
    }
    restores.push(restore);
  }
  await keepTakenValues(trx, restores, kept);
  const households = await restoreHouseholds(trx, restores, kept, userId);
  const written = await updateContacts(
    trx,
    restores
      .filter((restore) => Object.keys(restore.fields).length > 0 || households.has(restore))
      .map((restore) => ({ id: restore.contact.id, fields: restore.fields })),
    userId,
  );
  return { restored: written.size, kept };
}

/** A mobile or external ID to put back that another contact has since: kept as it is. */
async function keepTakenValues(trx: TenantScope, restores: Restore[], kept: ContactImportKept[]): Promise<void> {
  const phones = restores.flatMap((restore) => (restore.fields.mobile ? [restore.fields.mobile] : []));
  const externalIds = restores.flatMap((restore) => (restore.fields.externalId ? [restore.fields.externalId] : []));
  if (phones.length + externalIds.length === 0) return;
  const holders = await trx
    .selectFrom('members as m')
    .select(['m.id', 'm.phone', 'm.external_id'])
    .where((eb) =>
      eb.or([
        ...(phones.length > 0 ? [eb('m.phone', '=', sql<string>`any(${phones}::text[])`)] : []),
        ...(externalIds.length > 0 ? [eb('m.external_id', '=', sql<string>`any(${externalIds}::text[])`)] : []),
      ]),
    )
    .execute();
  const holderOf = { mobile: new Map(holders.map((holder) => [holder.phone, holder.id])), externalId: new Map(holders.map((holder) => [holder.external_id, holder.id])) };
  for (const restore of restores) {
    for (const field of ['mobile', 'externalId'] as const) {
      const value = restore.fields[field];
      const holder = value ? holderOf[field].get(value) : undefined;
      if (holder === undefined || holder === restore.contact.id) continue;
      delete restore.fields[field];
      kept.push({ contactId: restore.contact.id, field, current: restore.contact.values[field], before: value! });
    }
  }
}

/**
 * Puts the contacts back in the households they were in, with their role (or out of any), their roles back,
 * and their households' names back. A household gone since, or whose head place another contact has taken since,
 * is kept as it is. Answers the restores that changed something.
 */
async function restoreHouseholds(trx: TenantScope, restores: readonly Restore[], kept: ContactImportKept[], userId: number): Promise<Set<Restore>> {
  const done = new Set<Restore>();
  const moving = restores.filter((restore) => restore.membership !== undefined || restore.role !== undefined);
  const { householdsById, householdsByKey } = await lookUpHouseholds(
    trx,
    moving.flatMap((restore) => (restore.membership?.key ? [restore.membership.key] : [])),
    [],
    moving.flatMap((restore) => (restore.contact.householdId === null ? [] : [restore.contact.householdId])),
  );
  const plans = moving.map((restore) => {
    const { contact, membership } = restore;
    // null: out of any household; undefined: the household is gone.
    const household = membership ? (membership.key === '' ? null : householdsByKey.get(membership.key)) : householdsById.get(contact.householdId ?? 0);
    return { restore, household, role: membership ? membership.role : restore.role! };
  });
  // The heads the undo takes out of their place (moved back, or given their role before) free it first.
  const heads = new Map([...householdsById.values()].map((household) => [household.id, household.headId]));
  for (const { restore, household, role } of plans) {
    const { contact } = restore;
    if (household === undefined || contact.householdId === null || heads.get(contact.householdId) !== contact.id) continue;
    if (household === null || household.id !== contact.householdId || role !== 'head') heads.set(contact.householdId, null);
  }
  const out: number[] = [];
  const memberships: Membership[] = [];
  for (const { restore, household, role } of plans) {
    const { contact } = restore;
    const field = restore.membership ? 'householdId' : 'householdRole';
    if (household === null) {
      out.push(contact.id);
      done.add(restore);
      continue;
    }
    const head = household === undefined ? null : (heads.get(household.id) ?? null);
    if (household === undefined || !(HOUSEHOLD_ROLES as readonly string[]).includes(role) || (role === 'head' && head !== null && head !== contact.id)) {
      kept.push({ contactId: contact.id, field, current: contact.values[field], before: field === 'householdId' ? restore.membership!.key : role });
      continue;
    }
    if (role === 'head') heads.set(household.id, contact.id);
    memberships.push({ memberId: contact.id, householdId: household.id, role });
    done.add(restore);
  }
  await removeMemberships(trx, out);
  await setMemberships(trx, memberships);

  const names = new Map<number, string>();
  for (const restore of restores) {
    const householdId = restore.contact.householdId;
    if (!restore.householdName || householdId === null) continue;
    if (!names.has(householdId)) names.set(householdId, restore.householdName);
    done.add(restore);
  }
  await renameHouseholds(trx, names, userId);
  return done;
}
