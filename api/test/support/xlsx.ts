import { crc32, deflateRawSync } from 'node:zlib';

/*
 * XLSX workbooks and ZIP archives built by hand, for upload tests that need workbooks of their own:
 * ordinary ones, and the hostile ones an attacker would send (zip bombs whose headers lie, sheets
 * naming row a billion). api/src/contacts/import/fixtures/make-contacts-xlsx.py writes the same layout.
 */

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** One file of a ZIP archive. */
export interface ZipPart {
  name: string;
  /** What the entry unpacks to; stored as is unless `deflated` is given. */
  data?: Buffer;
  /** The packed bytes, a raw DEFLATE stream (of `data`, or of anything, for a lying entry). */
  deflated?: Buffer;
  /** The unpacked size both headers declare, when it is not `data`'s. */
  size?: number;
  /** Left out of the central directory: only a reader walking the local headers finds it. */
  unlisted?: boolean;
  /**
   * Written as streaming zip writers do: the local header says "sizes follow the data" (flag bit 3) and
   * declares none, a data descriptor follows the data; only the central directory declares `size`.
   */
  streamed?: boolean;
}

/**
 * A minimal one-sheet XLSX workbook (inline strings; numbers as numeric cells, as Excel stores a phone
 * typed without its leading zero), packed as an uncompressed ZIP archive.
 */
export function xlsxWorkbook(rows: ReadonlyArray<ReadonlyArray<string | number>>): Buffer {
  return zipArchive(workbookParts([sheetRowsXml(rows)]));
}

/** The `<row>` elements of a sheet holding `rows`, first row 1, first column A. */
export function sheetRowsXml(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  const column = (index: number) => (index < 26 ? '' : String.fromCharCode(64 + Math.floor(index / 26))) + String.fromCharCode(65 + (index % 26));
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const cell = (ref: string, value: string | number) =>
    typeof value === 'number' ? `<c r="${ref}"><v>${value}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t>${escape(value)}</t></is></c>`;
  return rows.map((cells, r) => `<row r="${r + 1}">${cells.map((value, c) => cell(`${column(c)}${r + 1}`, value)).join('')}</row>`).join('');
}

/** The parts of a workbook whose sheets' <sheetData> hold `sheets` (XML, as `sheetRowsXml` writes it), the first sheet first. */
export function workbookParts(sheets: readonly string[]): ZipPart[] {
  const text = (name: string, xml: string): ZipPart => ({ name, data: Buffer.from(xml, 'utf8') });
  const numbers = sheets.map((_, index) => index + 1);
  return [
    text(
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        numbers
          .map((n) => `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`)
          .join('') +
        '</Types>',
    ),
    text(
      '_rels/.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    text(
      'xl/workbook.xml',
      `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${RELATIONSHIPS}"><sheets>` +
        numbers.map((n) => `<sheet name="Sheet${n}" sheetId="${n}" r:id="rId${n}"/>`).join('') +
        '</sheets></workbook>',
    ),
    text(
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        numbers.map((n) => `<Relationship Id="rId${n}" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet${n}.xml"/>`).join('') +
        '</Relationships>',
    ),
    ...sheets.map((rows, index) => text(`xl/worksheets/sheet${index + 1}.xml`, sheetXml(rows))),
  ];
}

/** A worksheet part around the XML of its rows. */
export const sheetXml = (rows: string) => `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;

/** Deflates a part's data, as Excel packs its parts. */
export const deflated = (part: ZipPart): ZipPart => ({ ...part, deflated: deflateRawSync(part.data ?? Buffer.alloc(0)) });

/**
 * A ZIP archive: local headers and data, central directory, end record (PKWARE APPNOTE 4.3). Local and
 * central headers declare the same sizes, true unless a part says otherwise.
 */
export function zipArchive(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  let listed = 0;
  for (const part of parts) {
    const data = part.data ?? Buffer.alloc(0);
    const packed = part.deflated ?? data;
    const size = part.size ?? data.length;
    const nameBytes = Buffer.from(part.name, 'utf8');
    const crc = crc32(data);
    const method = part.deflated ? 8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.streamed ? 0x8 : 0, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    if (!part.streamed) {
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(packed.length, 18);
      local.writeUInt32LE(size, 22);
    }
    local.writeUInt16LE(nameBytes.length, 26);
    const descriptor = Buffer.alloc(part.streamed ? 16 : 0);
    if (part.streamed) {
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc, 4);
      descriptor.writeUInt32LE(packed.length, 8);
      descriptor.writeUInt32LE(size, 12);
    }
    locals.push(local, nameBytes, packed, descriptor);
    if (!part.unlisted) {
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt16LE(part.streamed ? 0x8 : 0, 8);
      central.writeUInt16LE(method, 10);
      central.writeUInt16LE(0x21, 14);
      central.writeUInt32LE(crc, 16);
      central.writeUInt32LE(packed.length, 20);
      central.writeUInt32LE(size, 24);
      central.writeUInt16LE(nameBytes.length, 28);
      central.writeUInt32LE(offset, 42);
      centrals.push(central, nameBytes);
      listed += 1;
    }
    offset += local.length + nameBytes.length + packed.length + descriptor.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Bytes `deflatedZeros(runs)` inflates to. */
export const zerosInflated = (runs: number) => 1 + 258 * runs;

/**
 * A raw DEFLATE stream (RFC 1951) inflating to 1 + 258 × `runs` zero bytes: one literal zero, then `runs`
 * copies of the longest match (258 bytes at distance 1), each coded in 2 bits by a dynamic Huffman block.
 * About 1 MB inflates to 1 GB; built in milliseconds, where zlib would take seconds to compress as much.
 */
export function deflatedZeros(runs: number): Buffer {
  const header: number[] = [];
  let bitCount = 0;
  // DEFLATE packs fields from the least significant bit; Huffman codes go most significant bit first.
  const bits = (value: number, count: number) => {
    for (let index = 0; index < count; index += 1) {
      if (bitCount % 8 === 0) header.push(0);
      header[header.length - 1]! |= ((value >> index) & 1) << (bitCount % 8);
      bitCount += 1;
    }
  };
  const code = (value: number, length: number) => {
    for (let index = length - 1; index >= 0; index -= 1) bits((value >> index) & 1, 1);
  };
  bits(1, 1); // last block
  bits(2, 2); // dynamic Huffman codes
  bits(29, 5); // 286 literal/length codes (symbols 0..285)
  bits(0, 5); // 1 distance code
  bits(14, 4); // 18 code length code lengths, in the order below
  const codeLengthLengths: Record<number, number> = { 18: 1, 1: 2, 2: 2 };
  for (const symbol of [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1]) bits(codeLengthLengths[symbol] ?? 0, 3);
  // Code lengths: '0' is 18 (a run of zeros, 7 extra bits), '10' is 1, '11' is 2.
  code(0b11, 2); // literal 0: length 2
  code(0, 1); // literals 1..138: none
  bits(127, 7);
  code(0, 1); // literals 139..255: none
  bits(106, 7);
  code(0b11, 2); // end of block (256): length 2
  code(0, 1); // lengths 257..284: none
  bits(17, 7);
  code(0b10, 2); // length 258 (285): length 1
  code(0b10, 2); // distance 1 (code 0): length 1
  // Codes: 285 is '0', literal 0 is '10', end of block '11'; distance 1 is '0'.
  code(0b10, 2); // the literal zero
  const runsStart = bitCount;
  const end = runsStart + 2 * runs; // each run is '0' '0': nothing to write in a zeroed buffer
  const stream = Buffer.alloc(Math.ceil((end + 2) / 8));
  Buffer.from(header).copy(stream);
  for (const at of [end, end + 1]) stream[at >> 3]! |= 1 << (at & 7); // end of block '11'
  return stream;
}
