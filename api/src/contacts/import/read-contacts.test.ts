import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTACT_EXPORT_COLUMNS, MAX_IMPORT_ROWS, type ImportDateOrder } from '@ushirika/shared/contract';
import { excelShortenedMobile } from './cell-values';
import { ContactImportError } from './import-error';
import { readContactsFile, type ReadContactsFile } from './read-contacts';

/*
 * Files shaped like the exports of the systems a church comes from (api/test/fixtures/imports, written from their
 * documented column lists; docs/import.md): each is matched with no change by the person, and each row reads
 * exactly as below: values in the API's form, blank cells absent, the form's message for each wrong cell.
 */

const FIXTURES = join(__dirname, '../../../test/fixtures/imports');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const read = (name: string, dateOrder: ImportDateOrder = 'DMY') => readContactsFile(fixture(name), name, { dateOrder, country: 'KE' });
/** The field each column fills, by header, leaving out the ignored columns. */
const matched = (file: ReadContactsFile) => Object.fromEntries(file.columns.flatMap(({ header, field }) => (field === null ? [] : [[header, field]])));
const ignored = (file: ReadContactsFile) => file.columns.flatMap(({ header, field }) => (field === null ? [header] : []));

const GENDER = 'Gender must be Male (M), Female (F) or Other (O)';
const MOBILE = 'Mobile must be a valid phone number, e.g. 0712 345 678 or +254 712 345 678';
const DATE = 'Date of birth must be a date, e.g. 1990-11-03';
const MEMBERSHIP = 'Membership status must be member, visitor, adherent or former';
const MARITAL = 'Marital status must be single, married, widowed, divorced or separated';
const EMAIL = 'Email must be a valid email address, e.g. name@example.com';

describe('readContactsFile: exports of other systems', () => {
  it('reads a Planning Center People export: First Name over Given Name, Home Email over Work Email, the primary contact as head', async () => {
    const file = await read('planning-center-people.csv');
    expect(matched(file)).toEqual({
      'First Name': 'firstName',
      'Last Name': 'lastName',
      Birthdate: 'dateOfBirth',
      Gender: 'gender',
      'Marital Status': 'maritalStatus',
      Membership: 'membershipStatus',
      'Home Address City': 'residence',
      'Mobile Phone Number': 'mobile',
      'Home Email': 'email',
      'Household ID': 'householdId',
      'Household Name': 'householdName',
      'Household Primary Contact': 'householdRole',
      'Remote ID': 'externalId',
    });
    expect(ignored(file)).toEqual(expect.arrayContaining(['Given Name', 'Work Email', 'Status', 'Home Phone Number', 'Work Phone Number', 'Child']));
    expect(file.fileName).toBe('planning-center-people.csv');
    const household = { householdId: '5010001', householdName: 'Mwangi Household', residence: 'Nairobi' };
    expect(file.rows).toEqual([
      {
        row: 2,
        values: {
          ...household,
          firstName: 'John',
          lastName: 'Mwangi',
          dateOfBirth: '1978-04-12',
          gender: 'M',
          maritalStatus: 'married',
          membershipStatus: 'member',
          mobile: '+254712345678',
          email: 'john.mwangi@example.org',
          householdRole: 'head',
          externalId: 'pc-1001',
        },
        messages: [],
      },
      // Her Home Email is blank: absent, not '' (the Work Email column is ignored, the blank erases nothing).
      {
        row: 3,
        values: {
          ...household,
          firstName: 'Grace',
          lastName: 'Mwangi',
          dateOfBirth: '1981-09-30',
          gender: 'F',
          maritalStatus: 'married',
          membershipStatus: 'adherent',
          mobile: '+254722000111',
          externalId: 'pc-1002',
        },
        messages: [],
      },
      {
        row: 4,
        values: {
          ...household,
          firstName: 'Brian',
          lastName: 'Mwangi',
          dateOfBirth: '2012-01-05',
          gender: 'M',
          maritalStatus: 'single',
          membershipStatus: 'visitor',
          externalId: 'pc-1003',
        },
        messages: [],
      },
      {
        row: 5,
        values: {
          firstName: 'Akinyi',
          lastName: 'Odhiambo',
          dateOfBirth: '1969-12-31',
          gender: 'F',
          maritalStatus: 'widowed',
          membershipStatus: 'former',
          residence: 'Kisumu',
          mobile: '+254733000222',
          email: 'akinyi@example.org',
          householdId: '5010002',
          householdName: 'Odhiambo Household',
          householdRole: 'head',
          externalId: 'pc-1004',
        },
        messages: [],
      },
      // A US-ordered date in a day-first reading is refused, never swapped; words we do not know keep their text.
      {
        row: 6,
        values: {
          firstName: 'Peter',
          lastName: 'Kiprono',
          dateOfBirth: '12/31/1990',
          gender: 'X',
          maritalStatus: 'Engaged',
          membershipStatus: 'Participant',
          residence: 'Eldoret',
          mobile: '0712 345 67',
          email: 'peter(at)example.org',
          externalId: 'pc-1005',
        },
        messages: [GENDER, MOBILE, DATE, MEMBERSHIP, MARITAL, EMAIL],
      },
    ]);
  });

  it('reads a Breeze people export: Breeze ID, Family and Family Role, Status; US dates in month-day-year order', async () => {
    const file = await read('breeze-people.csv', 'MDY');
    expect(matched(file)).toEqual({
      'Breeze ID': 'externalId',
      'First Name': 'firstName',
      'Last Name': 'lastName',
      Gender: 'gender',
      Status: 'membershipStatus',
      'Marital Status': 'maritalStatus',
      Birthdate: 'dateOfBirth',
      Family: 'householdName',
      'Family Role': 'householdRole',
      Mobile: 'mobile',
      Email: 'email',
      City: 'residence',
    });
    const otienos = { lastName: 'Otieno', householdName: 'Otieno Family', residence: 'Nairobi' };
    expect(file.rows).toEqual([
      {
        row: 2,
        values: {
          ...otienos,
          externalId: '24318001',
          firstName: 'Samuel',
          gender: 'M',
          membershipStatus: 'member',
          maritalStatus: 'married',
          dateOfBirth: '1978-04-12',
          householdRole: 'head',
          mobile: '+254712345678',
          email: 'sam.otieno@example.org',
        },
        messages: [],
      },
      {
        row: 3,
        values: {
          ...otienos,
          externalId: '24318002',
          firstName: 'Ruth',
          gender: 'F',
          membershipStatus: 'member',
          maritalStatus: 'married',
          dateOfBirth: '1981-09-30',
          householdRole: 'spouse',
          mobile: '+254722000111',
        },
        messages: [],
      },
      {
        row: 4,
        values: {
          ...otienos,
          externalId: '24318003',
          firstName: 'Daniel',
          gender: 'M',
          membershipStatus: 'visitor',
          maritalStatus: 'single',
          dateOfBirth: '2012-01-05',
          householdRole: 'child',
        },
        messages: [],
      },
      {
        row: 5,
        values: {
          externalId: '24318004',
          firstName: 'Esther',
          lastName: 'Chebet',
          gender: 'F',
          membershipStatus: 'adherent',
          maritalStatus: 'single',
          dateOfBirth: '1995-03-14',
          householdName: 'Chebet Family',
          householdRole: 'head',
          mobile: '+254733000222',
          email: 'esther@example.org',
          residence: 'Eldoret',
        },
        messages: [],
      },
      {
        row: 6,
        values: {
          externalId: '24318005',
          firstName: 'Moses',
          lastName: 'Kirui',
          gender: 'M',
          membershipStatus: 'former',
          maritalStatus: 'separated',
          householdName: 'Kirui Family',
          householdRole: 'other',
          mobile: '+254711222333',
          residence: 'Kericho',
        },
        messages: [],
      },
    ]);
  });

  it('reads a ChurchCRM CSV export: every cell quoted, a blank or zero birth date absent, a date without its year refused', async () => {
    const file = await read('churchcrm-export.csv');
    expect(matched(file)).toEqual({
      // Its header cell is "Family ID " (CSVCreateFile.php writes the space): cells are trimmed.
      'Family ID': 'householdId',
      'Person Id': 'externalId',
      'Last Name': 'lastName',
      'First Name': 'firstName',
      City: 'residence',
      'Cell Phone': 'mobile',
      Email: 'email',
      'Birth Date': 'dateOfBirth',
      Classification: 'membershipStatus',
      'Family Role': 'householdRole',
      Gender: 'gender',
    });
    expect(ignored(file)).toEqual(expect.arrayContaining(['Home Phone', 'Work Email', 'MembershipDate', 'Address 1']));
    const njoroge = { householdId: '12', lastName: 'Njoroge', residence: 'Nakuru' };
    expect(file.rows).toEqual([
      {
        row: 2,
        values: {
          ...njoroge,
          externalId: '101',
          firstName: 'Joseph',
          mobile: '+254712345678',
          email: 'joseph.njoroge@example.org',
          dateOfBirth: '1975-03-07',
          membershipStatus: 'member',
          householdRole: 'head',
          gender: 'M',
        },
        messages: [],
      },
      // '11-3': her year is hidden. Not a date: the year is never made up (ChurchCRM #8691 lost years).
      {
        row: 3,
        values: {
          ...njoroge,
          externalId: '102',
          firstName: 'Mary',
          mobile: '+254722000111',
          dateOfBirth: '11-3',
          membershipStatus: 'adherent',
          householdRole: 'spouse',
          gender: 'F',
        },
        messages: [DATE],
      },
      // '0-0' (no birthday), 'Unassigned' gender: absent (ChurchCRM #6887 crashed on a blank birth date).
      { row: 4, values: { ...njoroge, externalId: '103', firstName: 'Kevin', membershipStatus: 'visitor', householdRole: 'child' }, messages: [] },
      // '-' birth date, '0' classification (none), no family.
      {
        row: 5,
        values: { externalId: '104', lastName: 'Wekesa', firstName: 'Alice', residence: 'Bungoma', mobile: '+254733000222', email: 'alice@example.org', gender: 'F' },
        messages: [],
      },
      {
        row: 6,
        values: {
          householdId: '13',
          externalId: '105',
          lastName: 'Mutua',
          firstName: 'Paul',
          residence: 'Machakos',
          mobile: '+254711222333',
          dateOfBirth: '1968-2-30',
          membershipStatus: 'former',
          householdRole: 'other',
          gender: 'M',
        },
        messages: [DATE],
      },
    ]);
  });

  it("reads a Rock Slingshot person file: Id, Family Id, Connection Status, 'Unknown' as blank, dates with a time", async () => {
    const file = await read('rock-slingshot-person.csv', 'MDY');
    expect(matched(file)).toEqual({
      Id: 'externalId',
      'Family Id': 'householdId',
      'Family Role': 'householdRole',
      'First Name': 'firstName',
      'Last Name': 'lastName',
      Gender: 'gender',
      Birthdate: 'dateOfBirth',
      'Marital Status': 'maritalStatus',
      'Connection Status': 'membershipStatus',
      Email: 'email',
      'Mobile Phone': 'mobile',
      'Home Address City': 'residence',
    });
    const kiptoos = { householdId: '10000', lastName: 'Kiptoo', residence: 'Nairobi' };
    expect(file.rows).toEqual([
      {
        row: 2,
        values: {
          ...kiptoos,
          externalId: '14',
          householdRole: 'other',
          firstName: 'Robert',
          gender: 'M',
          dateOfBirth: '1990-09-26',
          maritalStatus: 'married',
          membershipStatus: 'member',
          email: 'robert.kiptoo@example.org',
          mobile: '+254712345678',
        },
        messages: [],
      },
      {
        row: 3,
        values: {
          ...kiptoos,
          externalId: '15',
          householdRole: 'other',
          firstName: 'Lucy',
          gender: 'F',
          dateOfBirth: '1992-03-04',
          maritalStatus: 'married',
          membershipStatus: 'adherent',
          mobile: '+254722000111',
        },
        messages: [],
      },
      {
        row: 4,
        values: {
          ...kiptoos,
          externalId: '16',
          householdRole: 'child',
          firstName: 'Ian',
          dateOfBirth: '2015-12-13',
          maritalStatus: 'single',
          membershipStatus: 'visitor',
        },
        messages: [],
      },
      {
        row: 5,
        values: {
          externalId: '17',
          householdId: '10001',
          householdRole: 'other',
          firstName: 'Faith',
          lastName: 'Nyambura',
          gender: 'F',
          membershipStatus: 'visitor',
          email: 'faith@example.org',
          mobile: '+254733000222',
          residence: 'Nyeri',
        },
        messages: [],
      },
    ]);
  });

  it("reads Rock's person.csv headers (FirstName, FamilyName): the family's name is the household's when the file has a last name", async () => {
    const csv = 'Id,FamilyId,FamilyName,FamilyRole,FirstName,LastName,ConnectionStatus\n14,10000,Kiptoo Family,Adult,Robert,Kiptoo,Member\n';
    const file = await readContactsFile(Buffer.from(csv), 'person.csv', { dateOrder: 'MDY', country: 'KE' });
    expect(file.columns.map(({ field }) => field)).toEqual(['externalId', 'householdId', 'householdName', 'householdRole', 'firstName', 'lastName', 'membershipStatus']);
  });

  it('reads a Swahili Excel sheet: one column of whole names, day-first text dates, a date cell, mobiles typed as numbers', async () => {
    const file = await read('swahili-members.xlsx');
    expect(file.columns).toEqual([
      { header: 'Jina', field: 'firstName' },
      { header: 'Simu', field: 'mobile' },
      { header: 'Jinsia', field: 'gender' },
      { header: 'Makazi', field: 'residence' },
      { header: 'Tarehe ya kuzaliwa', field: 'dateOfBirth' },
      { header: 'Barua pepe', field: 'email' },
      { header: 'Hali ya ndoa', field: 'maritalStatus' },
      { header: 'Uanachama', field: 'membershipStatus' },
    ]);
    expect(file.rows).toEqual([
      {
        row: 2,
        values: {
          firstName: 'Amina',
          lastName: 'Wanjiru',
          mobile: '+254712345678',
          gender: 'F',
          residence: 'Kawangware',
          dateOfBirth: '1990-11-03',
          email: 'amina@example.org',
          maritalStatus: 'married',
          membershipStatus: 'member',
        },
        messages: [],
      },
      // The first word is the first name, the rest the last name; the date is an Excel date cell.
      {
        row: 3,
        values: {
          firstName: 'Otieno',
          lastName: 'Odhiambo Juma',
          mobile: '+254722000111',
          gender: 'M',
          residence: 'Kisumu',
          dateOfBirth: '1990-11-03',
          maritalStatus: 'single',
          membershipStatus: 'visitor',
        },
        messages: [],
      },
      // Row 4 is blank; one word is a first name alone; '-' is a blank email.
      {
        row: 5,
        values: {
          firstName: 'Wambui',
          mobile: '+254733000222',
          gender: 'F',
          residence: 'Nyeri',
          dateOfBirth: '1985-06-15',
          maritalStatus: 'widowed',
          membershipStatus: 'member',
        },
        messages: [],
      },
      // 'Kamau, Peter': last name first; a Swahili month name.
      {
        row: 6,
        values: {
          firstName: 'Peter',
          lastName: 'Kamau',
          mobile: '+254711222333',
          gender: 'M',
          residence: 'Thika',
          dateOfBirth: '1979-08-07',
          maritalStatus: 'divorced',
          membershipStatus: 'visitor',
        },
        messages: [],
      },
      {
        row: 7,
        values: { firstName: 'Njeri', lastName: 'Kariuki', mobile: '0712 345 67', gender: 'X', dateOfBirth: '31/02/1990', email: 'njeri(at)example.org' },
        messages: [GENDER, MOBILE, DATE, EMAIL],
      },
    ]);
  });

  it('reads a CSV Excel wrote in Windows-1252: accented names, a lost leading 0, and a mobile Excel shortened', async () => {
    const bytes = fixture('windows-1252-members.csv');
    // Not UTF-8: 'ë' is the single byte 0xEB.
    expect(bytes.includes(0xeb)).toBe(true);
    const file = await readContactsFile(bytes, 'windows-1252-members.csv', { dateOrder: 'DMY', country: 'KE' });
    expect(file.columns.map(({ field }) => field)).toEqual(['firstName', 'mobile', 'gender', 'residence', 'dateOfBirth', 'email']);
    expect(file.rows).toEqual([
      {
        row: 2,
        values: { firstName: 'Zoë', lastName: 'Achieng', mobile: '+254712345678', gender: 'F', residence: 'Kisumu', dateOfBirth: '1990-11-03', email: 'zoe@example.org' },
        messages: [],
      },
      { row: 3, values: { firstName: 'Renée', lastName: 'Wairimu', mobile: '+254712345679', gender: 'F', residence: 'Nakuru', dateOfBirth: '1988-04-21' }, messages: [] },
      {
        row: 4,
        values: { firstName: 'François', lastName: 'Kipchoge', mobile: '2.54712E+11', gender: 'M', residence: 'Eldoret', dateOfBirth: '1970-01-01' },
        messages: [excelShortenedMobile('2.54712E+11')],
      },
      {
        row: 5,
        values: { firstName: 'José', lastName: 'Mutua', mobile: '+254733000222', gender: 'M', residence: 'Machakos Town', email: 'jose@example.org' },
        messages: [],
      },
    ]);
    expect(excelShortenedMobile('2.54712E+11')).toBe(
      'Mobile was turned into a number by Excel (2.54712E+11) and lost its last digits: format the column as text and export the file again',
    );
  });

  it('reads our own export back with every column matched and every value as the API writes it', async () => {
    const file = await read('ushirika-export.csv');
    expect(file.columns).toEqual(CONTACT_EXPORT_COLUMNS.map(([header, field]) => ({ header, field })));
    expect(file.rows).toEqual([
      {
        row: 2,
        values: {
          firstName: 'Amina',
          lastName: 'Wanjiru',
          mobile: '+254712345678',
          email: 'amina@example.org',
          gender: 'F',
          residence: 'Westlands, Nairobi',
          dateOfBirth: '1990-11-03',
          membershipStatus: 'member',
          maritalStatus: 'married',
          externalId: 'pc-1001',
          householdId: 'H-7',
          householdName: 'Wanjiru Household',
          householdRole: 'head',
        },
        messages: [],
      },
      {
        row: 3,
        values: {
          firstName: 'Otieno',
          lastName: 'Odhiambo',
          mobile: '+254722000111',
          gender: 'M',
          residence: 'Kisumu',
          membershipStatus: 'former',
          householdId: 'H-7',
          householdName: 'Wanjiru Household',
          householdRole: 'spouse',
        },
        messages: [],
      },
      { row: 4, values: { firstName: 'Grace', lastName: 'Achieng', mobile: '+254733000222' }, messages: [] },
    ]);
  });
});

describe('readContactsFile: the mapping, names and messages', () => {
  const csv = (text: string) => Buffer.from(text, 'utf8');
  const options = { dateOrder: 'DMY', country: 'KE' } as const;

  it("follows the person's mapping: a column moved, a column ignored, the others matched as before", async () => {
    const text = 'Jina,Jina la ukoo,Nambari ya simu,Simu ya nyumbani,Mtaa\nAmina,Wanjiru,0712 345 678,0722 000 111,Kawangware\n';
    const automatic = await readContactsFile(csv(text), 'washiriki.csv', options);
    expect(automatic.columns.map(({ field }) => field)).toEqual(['firstName', 'lastName', 'mobile', null, 'residence']);
    // With a last-name column, 'Jina' is the first name alone.
    expect(automatic.rows[0]?.values).toEqual({ firstName: 'Amina', lastName: 'Wanjiru', mobile: '+254712345678', residence: 'Kawangware' });

    const mapped = await readContactsFile(csv(text), 'washiriki.csv', { ...options, mapping: { 'Nambari ya simu': null, 'Simu ya nyumbani': 'mobile' } });
    expect(mapped.columns.map(({ field }) => field)).toEqual(['firstName', 'lastName', null, 'mobile', 'residence']);
    expect(mapped.rows[0]?.values).toEqual({ firstName: 'Amina', lastName: 'Wanjiru', mobile: '+254722000111', residence: 'Kawangware' });
  });

  it('refuses a mapping that fills a field from two columns, or names no field', async () => {
    const text = 'Name,Phone,Mobile\nAmina Wanjiru,0712345678,0722000111\n';
    const refusal = (mapping: Record<string, string | null>) =>
      readContactsFile(csv(text), 'contacts.csv', { ...options, mapping: mapping as never }).then(
        () => null,
        (error: unknown) => error,
      );
    expect(await refusal({ Phone: 'mobile', Mobile: 'mobile' })).toEqual(
      new ContactImportError('The columns "Phone" and "Mobile" both fill Mobile. Keep only one of them.'),
    );
    expect(await refusal({ Phone: 'telephone' })).toEqual(new ContactImportError('The column "Phone" cannot fill "telephone": it is not a contact field.'));
  });

  it('leaves blank cells out, whatever stands for blank: empty, a dash, N/A, a word for "not known"', async () => {
    const text = 'First Name,Last Name,Mobile,Email,Gender,Marital Status\nAmina,Wanjiru,  ,-,Unknown,N/A\n';
    const file = await readContactsFile(csv(text), 'contacts.csv', options);
    expect(file.rows).toEqual([{ row: 2, values: { firstName: 'Amina', lastName: 'Wanjiru' }, messages: [] }]);
  });

  it("gives each wrong cell the form's message, in the form's order, then the household's; no message for a missing field", async () => {
    const text = 'Email,Household Role,First Name,Gender,Household Name,Mobile\nnot-an-email,Cousin,A,Unknown,' + 'H'.repeat(101) + ',12345\n';
    const file = await readContactsFile(csv(text), 'contacts.csv', options);
    expect(file.rows[0]?.messages).toEqual([
      'Name must be at least 2 characters',
      MOBILE,
      EMAIL,
      'Household name must be at most 100 characters',
      'Household role must be head, spouse, child or other',
    ]);
  });

  it('reads mobiles in the partner country', async () => {
    const text = 'First Name,Mobile\nAmina,0772 123 456\n';
    const file = await readContactsFile(csv(text), 'contacts.csv', { ...options, country: 'UG' });
    expect(file.rows[0]?.values.mobile).toBe('+256772123456');
  });

  it('names the file by its base name, or by its format when only the type is known', async () => {
    const text = csv('First Name\nAmina\n');
    expect((await readContactsFile(text, 'C:\\fakepath\\washiriki.csv', options)).fileName).toBe('washiriki.csv');
    expect((await readContactsFile(text, 'text/csv', options)).fileName).toBe('contacts.csv');
  });

  it(`reads ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows, giving the event loop a turn every few hundred rows`, async () => {
    const row = (index: number) => `Amina ${index},Wanjiru,0712${String(1_000_000 + index).slice(1)},F,03/11/1990,Member,amina${index}@example.org\n`;
    const text = 'First Name,Last Name,Mobile,Gender,Date of Birth,Membership,Email\n' + Array.from({ length: MAX_IMPORT_ROWS }, (_, index) => row(index)).join('');
    // Other requests' callbacks: how often they ran, and the longest they waited.
    let turns = 0;
    let longest = 0;
    let last = performance.now();
    let reading = true;
    const otherRequest = () => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      turns += 1;
      if (reading) setImmediate(otherRequest);
    };
    setImmediate(otherRequest);
    const started = performance.now();
    const file = await readContactsFile(csv(text), 'contacts.csv', options).finally(() => (reading = false));
    console.log(
      `read ${MAX_IMPORT_ROWS} rows in ${(performance.now() - started).toFixed(0)} ms; other callbacks ran ${turns} times, waiting at most ${longest.toFixed(0)} ms`,
    );
    expect(file.rows).toHaveLength(MAX_IMPORT_ROWS);
    expect(file.rows[MAX_IMPORT_ROWS - 1]).toEqual({
      row: MAX_IMPORT_ROWS + 1,
      values: {
        firstName: `Amina ${MAX_IMPORT_ROWS - 1}`,
        lastName: 'Wanjiru',
        mobile: '+254712019999',
        gender: 'F',
        dateOfBirth: '1990-11-03',
        membershipStatus: 'member',
        email: `amina${MAX_IMPORT_ROWS - 1}@example.org`,
      },
      messages: [],
    });
    expect(file.rows.every(({ messages }) => messages.length === 0)).toBe(true);
    // At least one turn each 500 rows read (and more while the file is parsed).
    expect(turns).toBeGreaterThanOrEqual(MAX_IMPORT_ROWS / 500);
  }, 60_000);
});
