import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipUnpackedSize } from './zip-size';

/** The fixture's five XML parts together, as `unzip -l fixtures/contacts.xlsx` lists them. */
const EXPECTED_UNPACKED_BYTES = 3378;

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
