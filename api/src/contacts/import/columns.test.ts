import { CONTACT_EXPORT_COLUMNS } from '@ushirika/shared/contract';
import { headerField, matchColumns, NOT_A_MAPPING } from './columns';
import { ContactImportError } from './import-error';

const fields = (headers: readonly string[], mapping?: Parameters<typeof matchColumns>[1]) => matchColumns(headers, mapping).map(({ field }) => field);
const refusal = (headers: readonly string[], mapping: Record<string, unknown>) => {
  try {
    matchColumns(headers, mapping as never);
  } catch (error) {
    expect(error).toBeInstanceOf(ContactImportError);
    return (error as Error).message;
  }
  throw new Error('not refused');
};

describe('matchColumns: the dictionary', () => {
  it('knows our own export: every column of CONTACT_EXPORT_COLUMNS fills its field', () => {
    expect(matchColumns(CONTACT_EXPORT_COLUMNS.map(([header]) => header))).toEqual(CONTACT_EXPORT_COLUMNS.map(([header, field]) => ({ header, field })));
    expect(headerField('Household')).toBe('householdName');
    expect(headerField('Added')).toBeNull();
  });

  it('compares headers whatever their case, spacing, punctuation and accents', () => {
    expect(fields(['first_name', 'LAST NAME', 'E-mail', 'Résidence', 'DateOfBirth', 'per_CellPhone'])).toEqual([
      'firstName',
      'lastName',
      'email',
      'residence',
      'dateOfBirth',
      'mobile',
    ]);
  });

  it('knows the Swahili of a hand-made sheet', () => {
    expect(
      fields([
        'Jina la kwanza',
        'Jina la ukoo',
        'Nambari ya simu',
        'Makazi',
        'Jinsia',
        'Tarehe ya kuzaliwa',
        'Barua pepe',
        'Hali ya ndoa',
        'Uanachama',
        'Kaya',
        'Uhusiano',
      ]),
    ).toEqual(['firstName', 'lastName', 'mobile', 'residence', 'gender', 'dateOfBirth', 'email', 'maritalStatus', 'membershipStatus', 'householdName', 'householdRole']);
    expect(fields(['Jina la mwisho', 'Namba ya simu', 'Mtaa', 'Simu'])).toEqual(['lastName', null, 'residence', 'mobile']);
  });

  it('gives a field to the better of two headers and ignores the other, never refusing', () => {
    // Planning Center: both given-name columns, home and work email, Status beside Membership.
    expect(fields(['Given Name', 'First Name', 'Work Email', 'Home Email', 'Status', 'Membership'])).toEqual([
      null,
      'firstName',
      null,
      'email',
      null,
      'membershipStatus',
    ]);
    // Alone, the lesser header fills its field.
    expect(fields(['Given Name', 'Work Email', 'Status'])).toEqual(['firstName', 'email', 'membershipStatus']);
    // Two equally good headers: the first column.
    expect(fields(['Phone', 'Phone', 'Telephone'])).toEqual(['mobile', null, null]);
  });

  it('reads a whole-name column as the first name only when no better first-name column exists', () => {
    expect(fields(['Jina', 'Simu'])).toEqual(['firstName', 'mobile']);
    expect(fields(['Full Name', 'First Name'])).toEqual([null, 'firstName']);
  });

  it("takes 'Family Name' as the surname, or as the household's name when the file has a better surname column", () => {
    expect(fields(['First Name', 'Family Name'])).toEqual(['firstName', 'lastName']);
    expect(fields(['First Name', 'Last Name', 'Family Name'])).toEqual(['firstName', 'lastName', 'householdName']);
    expect(fields(['First Name', 'Last Name', 'Family Name', 'Household Name'])).toEqual(['firstName', 'lastName', null, 'householdName']);
  });

  it('recognises a phone column for other uploads (the messaging recipients file)', () => {
    expect(['Phone Number', 'Simu', 'MSISDN', 'Mobile Phone Number'].map(headerField)).toEqual(['mobile', 'mobile', 'mobile', 'mobile']);
    expect(headerField('Home Phone Number')).toBeNull();
  });
});

describe("matchColumns: the person's mapping", () => {
  const headers = ['Name', 'Surname', 'Phone', 'Mobile', 'Notes'];

  it('decides for the headers it names; the others are matched automatically among the fields it left free', () => {
    expect(fields(headers)).toEqual(['firstName', 'lastName', null, 'mobile', null]);
    // Mobile ignored: the next phone column takes the field.
    expect(fields(headers, { Mobile: null })).toEqual(['firstName', 'lastName', 'mobile', null, null]);
    // Notes as the residence, Surname as the household: Mobile and Name keep their match.
    expect(fields(headers, { Notes: 'residence', Surname: 'householdName' })).toEqual(['firstName', 'householdName', null, 'mobile', 'residence']);
    // A field the mapping gives a header is taken from the automatic match.
    expect(fields(headers, { Phone: 'mobile' })).toEqual(['firstName', 'lastName', 'mobile', null, null]);
  });

  it('ignores headers the file does not have (a preset made for another file)', () => {
    expect(fields(headers, { 'Given Name': 'firstName', Mobile: 'mobile' })).toEqual(['firstName', 'lastName', null, 'mobile', null]);
  });

  it('gives a header repeated in the file its field once', () => {
    expect(fields(['Phone', 'Phone'], { Phone: 'mobile' })).toEqual(['mobile', null]);
  });

  it('refuses two headers for one field, and a field that does not exist', () => {
    expect(refusal(headers, { Phone: 'mobile', Mobile: 'mobile' })).toBe('The columns "Phone" and "Mobile" both fill Mobile. Keep only one of them.');
    expect(refusal(headers, { Notes: 'notes' })).toBe('The column "Notes" cannot fill "notes": it is not a contact field.');
    expect(refusal(headers, { Notes: 3 })).toBe('The column "Notes" cannot fill "3": it is not a contact field.');
    expect(refusal(headers, ['mobile'] as never)).toBe(NOT_A_MAPPING);
    expect(refusal(headers, 'mobile' as never)).toBe(NOT_A_MAPPING);
    expect(refusal(['toString'], { toString: 'constructor' })).toBe('The column "toString" cannot fill "constructor": it is not a contact field.');
  });

  it('shortens a long header in its message', () => {
    const long = 'A'.repeat(200);
    expect(refusal([long, 'Mobile'], { [long]: 'mobile', Mobile: 'mobile' })).toBe(
      `The columns "${'A'.repeat(59)}…" and "Mobile" both fill Mobile. Keep only one of them.`,
    );
  });
});
