import { crc32, inflateRaw } from 'node:zlib';
import { NOT_XLSX } from './file-format';
import { ContactImportError } from './import-error';
import { MAX_XLSX_ENTRIES, MAX_XLSX_UNPACKED_BYTES } from './limits';
import { zipEntries, type ZipEntry } from './zip-size';

/*
 * Unpacking an XLSX workbook with a bound on the bytes actually inflated, and packing the parts again
 * for the reader. read-excel-file unzips with unzipper, which walks the archive's local headers and
 * believes their sizes, or grows its buffer for as long as an entry inflates when they say nothing:
 * a 400 KB file can inflate to gigabytes there. So the reader never sees the uploaded archive: each
 * part it needs is inflated here, in zlib's thread pool, stopped as soon as it passes the size its
 * central directory entry declares (and the declared sizes together are bounded first); it must then
 * match that size and checksum exactly. The parts are handed on as a new archive of stored
 * (uncompressed) entries whose sizes are true.
 */

export const XLSX_TOO_LARGE = 'The Excel file unpacks to too much data to import. Save it as CSV and try again.';

const LOCAL_SIGNATURE = 0x04034b50;
const LOCAL_HEADER_LENGTH = 30;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED_FLAG = 0x1;

/** One unpacked part of a workbook. */
export interface XlsxPart {
  name: string;
  bytes: Buffer;
  crc32: number;
}

/**
 * The parts the reader reads (XML), read from the central directory only. Pictures, printer settings
 * and the like stay packed: the reader skips them too.
 */
export const isReadPart = (name: string) => name.endsWith('.xml') || name.endsWith('.xml.rels');

/**
 * The workbook's XML parts, inflated within MAX_XLSX_UNPACKED_BYTES. Throws XLSX_TOO_LARGE for an
 * archive declaring more (or ZIP64, or more than MAX_XLSX_ENTRIES entries), NOT_XLSX for one that is
 * damaged, encrypted, or whose parts inflate to other sizes than they declare.
 */
export async function unpackXlsxParts(file: Uint8Array): Promise<XlsxPart[]> {
  const entries = zipEntries(file);
  if (entries === null) throw new ContactImportError(NOT_XLSX);
  if (entries === 'zip64' || entries.length > MAX_XLSX_ENTRIES) throw new ContactImportError(XLSX_TOO_LARGE);
  const read = entries.filter((entry) => isReadPart(entry.name));
  if (read.reduce((total, entry) => total + entry.unpackedSize, 0) > MAX_XLSX_UNPACKED_BYTES) throw new ContactImportError(XLSX_TOO_LARGE);

  const parts: XlsxPart[] = [];
  for (const entry of read) {
    const bytes = await unpackEntry(file, entry);
    if (bytes.byteLength !== entry.unpackedSize || crc32(bytes) !== entry.crc32) throw new ContactImportError(NOT_XLSX);
    parts.push({ name: entry.name, bytes, crc32: entry.crc32 });
  }
  return parts;
}

async function unpackEntry(file: Uint8Array, entry: ZipEntry): Promise<Buffer> {
  if (entry.flags & ENCRYPTED_FLAG) throw new ContactImportError(NOT_XLSX);
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const local = entry.localHeaderOffset;
  if (local + LOCAL_HEADER_LENGTH > file.byteLength || view.getUint32(local, true) !== LOCAL_SIGNATURE) throw new ContactImportError(NOT_XLSX);
  const start = local + LOCAL_HEADER_LENGTH + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  const end = start + entry.compressedSize;
  if (end > file.byteLength) throw new ContactImportError(NOT_XLSX);
  const data = file.subarray(start, end);
  if (entry.method === STORED) return Buffer.from(data);
  if (entry.method === DEFLATED) return inflateAtMost(data, entry.unpackedSize);
  throw new ContactImportError(NOT_XLSX);
}

/**
 * Inflates raw DEFLATE data in zlib's thread pool, stopping once the output passes `size` (zlib hands
 * over 16 KiB at a time, so at most that much more is ever held). An output beyond `size` is refused.
 */
function inflateAtMost(data: Uint8Array, size: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    inflateRaw(data, { maxOutputLength: Math.max(1, size) }, (error, result) => {
      if (!error) return resolve(result);
      const code = (error as NodeJS.ErrnoException).code ?? '';
      // ERR_BUFFER_TOO_LARGE: more than declared; Z_DATA_ERROR, Z_BUF_ERROR: not DEFLATE data, or cut short.
      reject(code === 'ERR_BUFFER_TOO_LARGE' || code.startsWith('Z_') ? new ContactImportError(NOT_XLSX) : error);
    });
  });
}

/** A ZIP archive of the parts, stored: local headers with true sizes, central directory, end record (APPNOTE 4.3). */
export function storedZip(parts: readonly XlsxPart[]): Buffer {
  const chunks: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, bytes, crc32: checksum } of parts) {
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(LOCAL_HEADER_LENGTH);
    local.writeUInt32LE(LOCAL_SIGNATURE, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(0x800, 6); // names in UTF-8
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(bytes.byteLength, 18);
    local.writeUInt32LE(bytes.byteLength, 22);
    local.writeUInt16LE(nameBytes.byteLength, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(bytes.byteLength, 20);
    central.writeUInt32LE(bytes.byteLength, 24);
    central.writeUInt16LE(nameBytes.byteLength, 28);
    central.writeUInt32LE(offset, 42);
    chunks.push(local, nameBytes, bytes);
    directory.push(central, nameBytes);
    offset += LOCAL_HEADER_LENGTH + nameBytes.byteLength + bytes.byteLength;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directoryBytes, end]);
}
