import fc from 'fast-check';
import { contactsToCsv, type ExportedContact } from './export-csv';
import { parseContactsFile } from './parse-file';
import { validateImportRows } from './validate-rows';

const amina: ExportedContact = {
  firstName: 'Amina',
  lastName: 'Wanjiru',
  gender: 'F',
  phone: '+254712345678',
  email: 'amina@example.org',
  residence: 'Nairobi',
  createdAt: '2026-11-02T08:15:00.000Z',
};

describe('contactsToCsv', () => {
  it('writes a BOM, the header and CRLF-ended rows, with gender spelled out', () => {
    expect(contactsToCsv([amina, { ...amina, gender: 'O', firstName: 'Sam', email: '' }])).toBe(
      '\uFEFFFirst Name,Last Name,Gender,Mobile,Email,Residence,Date Added\r\n' +
        `Amina,Wanjiru,Female,"'+254712345678",amina@example.org,Nairobi,2026-11-02T08:15:00.000Z\r\n` +
        `Sam,Wanjiru,Other,"'+254712345678",,Nairobi,2026-11-02T08:15:00.000Z\r\n`,
    );
  });

  it('quotes cells holding commas, quotes, line breaks and edge spaces', () => {
    const csv = contactsToCsv([{ ...amina, firstName: 'Grace "Neema"', lastName: ' Achieng', residence: 'Kisumu,\nKondele', phone: '0712345678' }], {
      header: false,
    });
    expect(csv).toBe('"Grace ""Neema"""," Achieng",Female,0712345678,amina@example.org,"Kisumu,\nKondele",2026-11-02T08:15:00.000Z\r\n');
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
    expect(contactsToCsv([{ ...amina, residence: 'x;=1+1' }], { header: false })).toBe(
      `Amina,Wanjiru,Female,"'+254712345678",amina@example.org,"x;'=1+1",2026-11-02T08:15:00.000Z\r\n`,
    );
  });

  it('starts no cell as a formula, whether a spreadsheet splits on commas, semicolons or tabs (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ';', ',', '"', "'", ' ', 'a'), maxLength: 10 });
    fc.assert(
      fc.property(text, text, (firstName, residence) => {
        const csv = contactsToCsv([{ ...amina, firstName, residence }], { header: false });
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
    expect(contactsToCsv([{ ...amina, firstName: 'Mary-Jane', email: 'a+b@example.org' }], { header: false })).toBe(
      `Mary-Jane,Wanjiru,Female,"'+254712345678",a+b@example.org,Nairobi,2026-11-02T08:15:00.000Z\r\n`,
    );
  });

  it('writes batches that join into one file', () => {
    const joined = contactsToCsv([amina]) + contactsToCsv([{ ...amina, firstName: 'Neema' }], { header: false });
    expect(joined.split('\r\n')).toHaveLength(4);
    expect(contactsToCsv([], { header: false })).toBe('');
    expect(contactsToCsv([])).toBe('\uFEFFFirst Name,Last Name,Gender,Mobile,Email,Residence,Date Added\r\n');
  });

  it('writes a file the import reads back into the same contacts', async () => {
    const hostile: ExportedContact = { ...amina, firstName: '=Ann', lastName: "O'Neil, Jr", residence: '@home\nGate 2', phone: '+256772123456' };
    const file = await parseContactsFile(Buffer.from(contactsToCsv([amina, hostile]), 'utf8'), 'contacts.csv');
    const contacts = validateImportRows(file.rows).map((row) => row.contact);
    expect(contacts).toEqual([
      { firstName: 'Amina', lastName: 'Wanjiru', gender: 'F', mobile: '+254712345678', email: 'amina@example.org', residence: 'Nairobi' },
      { firstName: '=Ann', lastName: "O'Neil, Jr", gender: 'F', mobile: '+256772123456', email: 'amina@example.org', residence: '@home\nGate 2' },
    ]);
  });
});
