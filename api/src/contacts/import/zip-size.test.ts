import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipEntries, zipUnpackedSize } from './zip-size';

/** The fixture's five XML parts together, as `unzip -l fixtures/contacts.xlsx` lists them. */
const EXPECTED_UNPACKED_BYTES = 3377;

describe('zipUnpackedSize', () => {
  const fixture = () => readFileSync(join(__dirname, 'fixtures', 'contacts.xlsx'));

  it('adds up the unpacked sizes the central directory declares', () => {
    expect(zipUnpackedSize(fixture())).toBe(EXPECTED_UNPACKED_BYTES);
  });

  it('reads an archive that sits in a larger buffer', () => {
    const file = fixture();
    const padded = Buffer.concat([Buffer.alloc(7), file]).subarray(7);
    expect(zipUnpackedSize(padded)).toBe(EXPECTED_UNPACKED_BYTES);
  });

  it('answers null for what is not a ZIP archive, or a cut one', () => {
    expect(zipUnpackedSize(Buffer.from('First Name,Last Name\n'))).toBeNull();
    expect(zipUnpackedSize(Buffer.alloc(0))).toBeNull();
    const file = fixture();
    // Drop the first central directory entry's signature: the end record then points at nothing valid.
    const cut = Buffer.from(file);
    cut.write('XXXX', file.indexOf('PK\u0001\u0002'), 'latin1');
    expect(zipUnpackedSize(cut)).toBeNull();
  });

  it('answers Infinity for a ZIP64 size mark', () => {
    const file = Buffer.from(fixture());
    file.writeUInt32LE(0xffffffff, file.indexOf('PK\u0001\u0002') + 24);
    expect(zipUnpackedSize(file)).toBe(Infinity);
  });
});

describe('zipEntries', () => {
  it("lists each entry's name, method, sizes, checksum and local header, as the central directory declares them", () => {
    const entries = zipEntries(readFileSync(join(__dirname, 'fixtures', 'contacts.xlsx')));
    expect(entries).not.toBeNull();
    expect(entries).not.toBe('zip64');
    const list = entries as Exclude<typeof entries, 'zip64' | null>;
    expect(list.map((entry) => entry.name)).toContain('xl/worksheets/sheet1.xml');
    expect(list.reduce((total, entry) => total + entry.unpackedSize, 0)).toBe(EXPECTED_UNPACKED_BYTES);
    for (const entry of list) {
      expect([0, 8]).toContain(entry.method);
      expect(entry.localHeaderOffset).toBeGreaterThanOrEqual(0);
      expect(entry.compressedSize).toBeGreaterThan(0);
    }
  });
});
