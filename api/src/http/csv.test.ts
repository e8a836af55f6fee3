import fc from 'fast-check';
import Papa from 'papaparse';
import { csvCell, csvLines, defusedText } from './csv';

/** Characters that matter to a spreadsheet, and a few that do not. */
const hostileText = fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ';', ',', '"', "'", ' ', '\uFEFF', 'a', '1'), maxLength: 12 });

/**
 * Whether a spreadsheet that splits `line` on `separator` (and on line breaks) and honours a quote only at the
 * start of what it sees as a field would find a field that starts as a formula. A field opening with one
 * quote shows what follows it; with two, a quote.
 */
function formulaFieldsWhenSplitOn(separator: string, line: string): string[] {
  return line
    .split(/\r\n|\r|\n/)
    .flatMap((part) => part.split(separator))
    .filter((field) => /^[=+\-@]/.test(field.startsWith('"') && !field.startsWith('""') ? field.slice(1) : field));
}

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    ['a,b', '"a,b"'],
    ['a;b', '"a;b"'],
    ['he said "hi"', '"he said ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['tab\there', '"tab\there"'],
    [' edge ', '" edge "'],
    ['Mary-Jane', 'Mary-Jane'],
    ['a+b@example.org', 'a+b@example.org'],
    // A formula at the start of the cell, and after a separator or line break inside it.
    ['=1+1', `"'=1+1"`],
    ["=cmd|' /C calc'!A0", `"'=cmd|' /C calc'!A0"`],
    ['x;=1+1', `"x;'=1+1"`],
    ['x,=1+1', `"x,'=1+1"`],
    ['x\t@SUM(A1)', `"x\t'@SUM(A1)"`],
    ['x\n-2+3', `"x\n'-2+3"`],
    ['x;"=1+1', `"x;'""=1+1"`],
    ['=a;+b', `"'=a;'+b"`],
    // A separator followed by a space or a letter starts no formula.
    ['Kisumu, -1 km', '"Kisumu, -1 km"'],
  ])('writes %j as %s', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it('writes plain decimal amounts bare (negative ones too), anything else in an amount column as text', () => {
    expect(csvLines([['Balance', { amount: '-40.00' }, { amount: '1010.25' }, null, { amount: '=1+1' }]])).toBe(`Balance,-40.00,1010.25,,"'=1+1"\r\n`);
    expect(csvLines([])).toBe('');
    expect(csvLines([[], ['a']])).toBe('\r\na\r\n');
  });

  it('gives back every cell, defused, to an RFC 4180 reader, and only ever adds apostrophes', () => {
    fc.assert(
      fc.property(fc.array(hostileText, { minLength: 1, maxLength: 5 }), (cells) => {
        // A first cell of its own: a line of one empty cell is an empty line, which a reader skips.
        const parsed = Papa.parse<string[]>(csvLines([['id', ...cells]]).slice(0, -2), { delimiter: ',', newline: '\r\n' });
        expect(parsed.data).toEqual([['id', ...cells.map(defusedText)]]);
        for (const cell of cells) expect(defusedText(cell).replaceAll("'", '')).toBe(cell.replaceAll("'", ''));
      }),
      { numRuns: 500 },
    );
  });

  it('starts no field as a formula, whether a spreadsheet splits on commas, semicolons or tabs', () => {
    fc.assert(
      fc.property(fc.array(hostileText, { minLength: 1, maxLength: 5 }), (cells) => {
        const line = csvLines([cells]).slice(0, -2);
        for (const separator of [',', ';', '\t']) expect(formulaFieldsWhenSplitOn(separator, line)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});
