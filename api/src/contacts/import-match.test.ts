import type { ContactImportField } from '@ushirika/shared/contract';
import type { ReadContactRow } from './import';
import { importKeys, matchImportRows, type ContactFileValues, type ImportLookup, type KnownContact, type KnownHousehold } from './import-match';

/*
 * The matching rules on their own (the API tests walk them through files and the database): which contact a row is,
 * what it changes, and the conflicts it is shown instead of a guess.
 */

const BLANK: ContactFileValues = {
  firstName: '',
  lastName: '',
  mobile: '',
  email: '',
  gender: '',
  residence: '',
  dateOfBirth: '',
  membershipStatus: '',
  maritalStatus: '',
  externalId: '',
  householdId: '',
  householdName: '',
  householdRole: '',
};

function contact(id: number, values: Partial<ContactFileValues>, { archived = false, householdId = null as number | null } = {}): KnownContact {
  return { id, version: 1, archived, householdId, values: { ...BLANK, firstName: `C${id}`, lastName: 'Known', ...values } };
}

function lookupOf(contacts: readonly KnownContact[], households: readonly KnownHousehold[] = []): ImportLookup {
  const byEmail = new Map<string, KnownContact[]>();
  for (const known of contacts) if (known.values.email) byEmail.set(known.values.email.toLowerCase(), [...(byEmail.get(known.values.email.toLowerCase()) ?? []), known]);
  return {
    byExternalId: new Map(contacts.filter((known) => known.values.externalId).map((known) => [known.values.externalId, known])),
    byMobile: new Map(contacts.map((known) => [known.values.mobile, known])),
    byEmail,
    householdsById: new Map(households.map((household) => [household.id, household])),
    householdsByKey: new Map(households.map((household) => [household.key, household])),
    householdsByName: new Map(households.map((household) => [household.name, [household]])),
  };
}

const rows = (...values: Array<Partial<Record<ContactImportField, string>>>): ReadContactRow[] =>
  values.map((row, index) => ({ row: index + 2, values: row, messages: [] }));
const match = async (lookup: ImportLookup, ...values: Array<Partial<Record<ContactImportField, string>>>) =>
  (await matchImportRows(rows(...values), lookup, 'KE')).rows.map(({ row }) => row);

describe('matchImportRows', () => {
  const amina = contact(1, { mobile: '+254712000001', email: 'Amina@Example.org', externalId: 'X-1', residence: 'Kasarani' });
  const brian = contact(2, { mobile: '+254712000002', email: 'family@example.org' });
  const cate = contact(3, { mobile: '+254712000003', email: 'family@example.org' });

  it('matches by external id, then mobile, then email, and changes only the given cells that differ', async () => {
    const lookup = lookupOf([amina, brian]);
    expect(
      await match(
        lookup,
        { externalId: 'X-1', residence: 'Ruaka', email: 'amina@example.org' },
        { mobile: '+254712000002', firstName: 'C2' },
        { email: 'AMINA@example.org', firstName: 'Amina' },
      ),
    ).toEqual([
      { row: 2, status: 'update', contactId: 1, changes: [{ field: 'residence', old: 'Kasarani', new: 'Ruaka' }] },
      { row: 3, status: 'unchanged', contactId: 2 },
      { row: 4, status: 'conflict', messages: ['An earlier row of the file matches the same contact'], conflictWith: { contactIds: [1], row: 2 } },
    ]);
  });

  it('never guesses between contacts', async () => {
    const lookup = lookupOf([amina, brian, cate, contact(4, { mobile: '+254712000004' }, { archived: true })]);
    const found = await match(
      lookup,
      { externalId: 'X-1', mobile: '+254712000002' },
      { email: 'family@example.org', mobile: '+254712000009', firstName: 'New', lastName: 'One' },
      { mobile: '+254712000002', externalId: 'Y-9' },
      { mobile: '+254712000001', email: 'family@example.org' },
      { mobile: '+254712000004' },
    );
    expect(found.map((row) => [row.status, row.messages?.[0], row.conflictWith?.contactIds])).toEqual([
      ['conflict', 'Its external ID and its mobile belong to two different contacts', [1, 2]],
      ['conflict', 'Its email belongs to several contacts: add the mobile or the external ID to tell which', [2, 3]],
      ['update', undefined, undefined],
      ['conflict', 'Its email belongs to another contact', [1, 2, 3]],
      ['conflict', 'Matches an archived contact: restore it first', [4]],
    ]);
    // A contact with another external id already is another person in that system.
    const other = await match(lookupOf([amina]), { mobile: '+254712000001', externalId: 'X-2' });
    expect(other[0]).toMatchObject({ status: 'conflict', messages: ['It matches a contact who has another external ID'] });
  });

  it('wants the form’s required fields of a new contact, after the reader’s messages for wrong cells', async () => {
    const matched = await matchImportRows(
      [
        { row: 2, values: { firstName: 'Eve' }, messages: [] },
        { row: 3, values: { firstName: 'Fay', email: 'not-an-email' }, messages: ['Email must be a valid email address, e.g. name@example.com'] },
        { row: 4, values: { mobile: '+254712000001', email: 'x' }, messages: ['Email must be a valid email address, e.g. name@example.com'] },
      ],
      lookupOf([amina]),
      'KE',
    );
    expect(matched.rows.map(({ row }) => row)).toEqual([
      { row: 2, status: 'error', messages: ['Last name is required', 'Mobile is required'] },
      { row: 3, status: 'error', messages: ['Last name is required', 'Mobile is required', 'Email must be a valid email address, e.g. name@example.com'] },
      // A contact the row finds needs no more than its wrong cell.
      { row: 4, status: 'error', messages: ['Email must be a valid email address, e.g. name@example.com'] },
    ]);
  });

  it('keeps one head per household, freed by an earlier row that moves the head out', async () => {
    const home: KnownHousehold = { id: 9, key: 'F-1', name: 'Home', headId: 1 };
    const head = contact(1, { mobile: '+254712000001', householdId: 'F-1', householdName: 'Home', householdRole: 'head' }, { householdId: 9 });
    const lookup = lookupOf([head, brian], [home]);
    const second = await match(lookup, { mobile: '+254712000002', householdId: 'F-1', householdRole: 'head' });
    expect(second[0]).toEqual({ row: 2, status: 'conflict', messages: ['Its household already has a head'], conflictWith: { contactIds: [1] } });

    const swapped = await match(lookup, { mobile: '+254712000001', householdRole: 'spouse' }, { mobile: '+254712000002', householdId: 'F-1', householdRole: 'head' });
    expect(swapped.map((row) => [row.status, row.changes])).toEqual([
      ['update', [{ field: 'householdRole', old: 'head', new: 'spouse' }]],
      [
        'update',
        [
          { field: 'householdId', old: '', new: 'F-1' },
          { field: 'householdRole', old: '', new: 'head' },
        ],
      ],
    ]);
  });

  it('renames a household its key finds, makes one per new key, and ignores a role without a household', async () => {
    const home: KnownHousehold = { id: 9, key: 'F-1', name: 'Home', headId: null };
    const matched = await matchImportRows(
      rows(
        { mobile: '+254712000002', householdId: 'F-1', householdName: 'New Home' },
        { firstName: 'Neo', lastName: 'One', mobile: '+254712000005', householdId: 'F-2' },
        { firstName: 'Neo', lastName: 'Two', mobile: '+254712000006', householdId: 'F-2', householdName: 'Second', householdRole: 'child' },
        { mobile: '+254712000003', householdRole: 'child' },
      ),
      lookupOf([brian, cate], [home]),
      'KE',
    );
    expect(matched.renames).toEqual(new Map([[9, 'New Home']]));
    expect(matched.rows.map(({ row }) => [row.status, row.changes?.filter((change) => change.field.startsWith('household'))])).toEqual([
      [
        'update',
        [
          { field: 'householdId', old: '', new: 'F-1' },
          { field: 'householdName', old: '', new: 'New Home' },
          { field: 'householdRole', old: '', new: 'other' },
        ],
      ],
      [
        'new',
        [
          { field: 'householdId', old: '', new: 'F-2' },
          { field: 'householdRole', old: '', new: 'other' },
        ],
      ],
      [
        'new',
        [
          { field: 'householdId', old: '', new: 'F-2' },
          { field: 'householdName', old: '', new: 'Second' },
          { field: 'householdRole', old: '', new: 'child' },
        ],
      ],
      ['unchanged', undefined],
    ]);
    // One household for the key, whichever rows name it.
    const made = matched.rows.map(({ write }) => write?.household?.target);
    expect(made[1]?.household).toBe(made[2]?.household);
    expect(made[1]).toEqual({ kind: 'new', household: { ref: 'key:F-2', key: 'F-2', name: 'Second' } });
  });

  it('lists the keys to look up once each, emails in lower case', () => {
    expect(importKeys(rows({ externalId: 'X', mobile: '+1', email: 'A@B.org', householdId: 'H', householdName: 'N' }, { email: 'a@b.org', mobile: '+1' }))).toEqual({
      externalIds: ['X'],
      mobiles: ['+1'],
      emails: ['a@b.org'],
      householdKeys: ['H'],
      householdNames: ['N'],
    });
  });
});
