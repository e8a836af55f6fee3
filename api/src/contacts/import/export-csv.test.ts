import fc from 'fast-check';
import { CONTACT_EXPORT_COLUMNS } from '@ushirika/shared/contract';
import { contactsToCsv, type ExportedContact } from './export-csv';
import { readContactsFile } from './read-contacts';

const HEADER = CONTACT_EXPORT_COLUMNS.map(([title]) => title).join(',');

const amina: ExportedContact = {
  firstName: 'Amina',
  lastName: 'Wanjiru',
  mobile: '+254712345678',
  email: 'amina@example.org',
  gender: 'F',
  residence: 'Nairobi',
  dateOfBirth: '1990-11-03',
  membershipStatus: 'member',
  maritalStatus: 'married',
  externalId: 'PC-1001',
  householdId: 'H-12',
  householdName: 'Wanjiru family',
  householdRole: 'head',
};
const AMINA_ROW = `Amina,Wanjiru,"'+254712345678",amina@example.org,Female,Nairobi,1990-11-03,member,married,PC-1001,H-12,Wanjiru family,head`;

describe('contactsToCsv', () => {
  it('writes a BOM, the header of every field and CRLF-ended rows, gender spelled out, blanks empty', () => {
    const sam: ExportedContact = {
      ...amina,
      firstName: 'Sam',
      gender: '',
      email: '',
      dateOfBirth: '',
      membershipStatus: '',
      maritalStatus: '',
      externalId: '',
      householdId: '',
      householdName: '',
      householdRole: '',
    };
    expect(contactsToCsv([amina, sam])).toBe(`\uFEFF${HEADER}\r\n${AMINA_ROW}\r\nSam,Wanjiru,"'+254712345678",,,Nairobi,,,,,,,\r\n`);
    expect(HEADER).toBe(
      'First Name,Last Name,Mobile,Email,Gender,Residence,Date of Birth,Membership Status,Marital Status,External ID,Household ID,Household Name,Household Role',
    );
  });

  it('quotes cells holding commas, quotes, line breaks and edge spaces', () => {
    const csv = contactsToCsv([{ ...amina, firstName: 'Grace "Neema"', lastName: ' Achieng', residence: 'Kisumu,\nKondele', mobile: '0712345678' }], { header: false });
    expect(csv.startsWith('"Grace ""Neema"""," Achieng",0712345678,amina@example.org,Female,"Kisumu,\nKondele",')).toBe(true);
  });

  it.each([
    ['=HYPERLINK("http://x.test","click")', `"'=HYPERLINK(""http://x.test"",'""click"")"`],
    ['+1+2', `"'+1+2"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    // A tab or CR is a separator or a line break to some spreadsheet too: what follows it starts a cell there.
    ['\t=1', `"'\t'=1"`],
    ['\r=1', `"'\r'=1"`],
    ['=1+1\nsecond line', `"'=1+1\nsecond line"`],
    ["=cmd|' /C calc'!A0", `"'=cmd|' /C calc'!A0"`],
  ])('defuses the formula-like cell %j', (firstName, cell) => {
    expect(contactsToCsv([{ ...amina, firstName }], { header: false }).startsWith(`${cell},`)).toBe(true);
  });

  // Security review: a spreadsheet set to ';' (or tab) splits inside our cells and ignores our quotes there. The
  // rule is the one CSV writer's (api/src/http/csv.test.ts has every case); the export writes through it.
  it('quotes a cell holding a separator and defuses a formula after it', () => {
    expect(contactsToCsv([{ ...amina, residence: 'x;=1+1' }], { header: false })).toContain(`,Female,"x;'=1+1",`);
  });

  it('starts no cell as a formula, whether a spreadsheet splits on commas, semicolons or tabs (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ';', ',', '"', "'", ' ', 'a'), maxLength: 10 });
    fc.assert(
      fc.property(text, text, text, (firstName, residence, householdName) => {
        const csv = contactsToCsv([{ ...amina, firstName, residence, householdName }], { header: false });
        for (const separator of [',', ';', '\t']) {
          // What such a spreadsheet sees as cells: split on its separator and on line breaks; a quote opens a cell only at its start.
          const cells = csv.split(/\r\n|\r|\n/).flatMap((line) => line.split(separator));
          const formulas = cells.filter((cell) => /^[=+\-@]/.test(cell.startsWith('"') && !cell.startsWith('""') ? cell.slice(1) : cell));
          expect(formulas).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('leaves text that only contains those characters alone', () => {
    expect(
      contactsToCsv([{ ...amina, firstName: 'Mary-Jane', email: 'a+b@example.org' }], { header: false }).startsWith(
        'Mary-Jane,Wanjiru,"\'+254712345678",a+b@example.org,',
      ),
    ).toBe(true);
  });

  it('writes batches that join into one file', () => {
    const joined = contactsToCsv([amina]) + contactsToCsv([{ ...amina, firstName: 'Neema' }], { header: false });
    expect(joined.split('\r\n')).toHaveLength(4);
    expect(contactsToCsv([], { header: false })).toBe('');
    expect(contactsToCsv([])).toBe(`\uFEFF${HEADER}\r\n`);
  });

  it('writes a file the import reads back into the same fields, every column matched', async () => {
    const hostile: ExportedContact = {
      ...amina,
      firstName: '=Ann',
      lastName: "O'Neil, Jr",
      residence: '@home\nGate 2',
      mobile: '+256772123456',
      externalId: '-77',
      householdId: '',
    };
    const file = await readContactsFile(Buffer.from(contactsToCsv([amina, hostile]), 'utf8'), 'contacts.csv', { dateOrder: 'DMY', country: 'KE' });
    expect(file.columns).toEqual(CONTACT_EXPORT_COLUMNS.map(([header, field]) => ({ header, field })));
    expect(file.rows.map((row) => row.messages)).toEqual([[], []]);
    const { householdId: _none, ...hostileGiven } = hostile;
    expect(file.rows.map((row) => row.values)).toEqual([amina, hostileGiven]);
  });
});
