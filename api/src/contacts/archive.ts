import { sql } from 'kysely';
import type { Member } from '@ushirika/shared/contract';
import { changesBetween, recordActivity } from '../activity/record';
import { savingVersion, type VersionedSave } from '../db/record-versions';
import type { TenantScope } from '../db/tenant-scope';
import { conflict } from '../http/errors';
import { memberQueries } from './member-queries';

/**
 * Archiving a contact (issue 26.5): contacts are archived rather than deleted. An archived contact is out of the
 * contacts list (but for ?archived=only), the group-member lists and pickers, and every send; their giving,
 * their group memberships and their history stay, and restoring puts them back as they were. Each is a change of
 * the contact's record, over the version the screen read (db/record-versions.ts), with one activity event.
 */

export const CONTACT_ARCHIVED = 'Contact archived successfully!';
export const CONTACT_RESTORED = 'Contact restored successfully!';
export const ALREADY_ARCHIVED = 'This contact is archived already.';
export const NOT_ARCHIVED = 'This contact is not archived.';
export const ERASED_FOR_GOOD = "This contact's personal data was erased: it stays archived and cannot be changed.";

/**
 * A contact as the activity log records its fields (issue 27: with date of birth, membership and marital status,
 * external id): the archive state is the event's own action, not a field; the household is the household's own
 * record (its events say who joined and left), which a contact's save does not change.
 */
export const loggedFields = ({ archivedAt: _archivedAt, erased: _erased, household: _household, ...fields }: Member) => fields;

/**
 * Archives (`archive`) or restores contact `id` over `change.version`, writing the `archive` or `restore` event
 * in the same transaction. Answers the contact as it is now, or undefined when the partner has no such contact;
 * 409 for one already in that state, for an erased one, and for a save over a newer version (nothing changed).
 */
export async function setArchived(scope: TenantScope, id: number, archive: boolean, change: VersionedSave): Promise<Member | undefined> {
  let saved: Member | undefined;
  const found = await savingVersion(scope, 'members', id, change, async (trx) => {
    const before = await memberQueries.find(trx, id);
    if (!before) return false;
    // Thrown inside the transaction: the version taken for this save is given back.
    if (before.erased) throw conflict(ERASED_FOR_GOOD);
    if (archive && before.archivedAt !== null) throw conflict(ALREADY_ARCHIVED);
    if (!archive && before.archivedAt === null) throw conflict(NOT_ARCHIVED);
    await trx
      .updateTable('members')
      .set(archive ? { archived_at: sql<Date>`now()`, archived_by: change.userId } : { archived_at: null, archived_by: null })
      .where('id', '=', id)
      .execute();
    saved = await memberQueries.find(trx, id);
    await recordActivity(trx, {
      action: archive ? 'archive' : 'restore',
      entity: 'contact',
      entityId: id,
      changes: changesBetween({ archivedAt: before.archivedAt }, { archivedAt: saved?.archivedAt ?? null }),
    });
    return true;
  });
  return found ? saved : undefined;
}
