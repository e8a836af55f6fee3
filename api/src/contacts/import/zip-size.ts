/*
 * The entries of a ZIP archive (an XLSX workbook) as its central directory lists them, read without
 * unpacking anything. The sizes there are the archive's own claims: `zipUnpackedSize` adds them up for
 * a quick first refusal of an ordinary zip bomb, and `unpackXlsxParts` (unzip-xlsx.ts) holds every part
 * to the size its entry declares while it inflates it, so a directory that lies gains nothing.
 * Layout: PKWARE APPNOTE.TXT, sections 4.3.7 (local header), 4.3.12 (central directory header) and 4.3.16 (end record).
 */

const END_SIGNATURE = 0x06054b50;
const ENTRY_SIGNATURE = 0x02014b50;
const END_RECORD_LENGTH = 22;
const ENTRY_HEADER_LENGTH = 46;
const MAX_COMMENT_LENGTH = 0xffff;
/** A field at its maximum means "see the ZIP64 record"; such archives are far beyond our limits anyway. */
const ZIP64_MARK_16 = 0xffff;
const ZIP64_MARK_32 = 0xffffffff;

/** One file of the archive, as the central directory describes it. */
export interface ZipEntry {
  name: string;
  /** 0: stored, 8: deflated; anything else is not found in workbooks. */
  method: number;
  /** General purpose bit flags; bit 0 means encrypted. */
  flags: number;
  crc32: number;
  compressedSize: number;
  unpackedSize: number;
  /** Where the entry's local header starts. */
  localHeaderOffset: number;
}

/** The archive's entries; 'zip64' when it uses ZIP64 records (sizes or counts beyond 4 GB / 65,535); null if it is not a ZIP archive. */
export function zipEntries(file: Uint8Array): ZipEntry[] | 'zip64' | null {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const end = findEndRecord(view);
  if (end === null) return null;
  const count = view.getUint16(end + 10, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (count === ZIP64_MARK_16 || directoryOffset === ZIP64_MARK_32) return 'zip64';

  const names = new TextDecoder('utf-8');
  const entries: ZipEntry[] = [];
  let offset = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (offset + ENTRY_HEADER_LENGTH > view.byteLength || view.getUint32(offset, true) !== ENTRY_SIGNATURE) return null;
    const compressedSize = view.getUint32(offset + 20, true);
    const unpackedSize = view.getUint32(offset + 24, true);
    const localHeaderOffset = view.getUint32(offset + 42, true);
    if (unpackedSize === ZIP64_MARK_32 || compressedSize === ZIP64_MARK_32 || localHeaderOffset === ZIP64_MARK_32) return 'zip64';
    const nameLength = view.getUint16(offset + 28, true);
    const nameStart = offset + ENTRY_HEADER_LENGTH;
    if (nameStart + nameLength > view.byteLength) return null;
    entries.push({
      name: names.decode(file.subarray(nameStart, nameStart + nameLength)),
      method: view.getUint16(offset + 10, true),
      flags: view.getUint16(offset + 8, true),
      crc32: view.getUint32(offset + 16, true),
      compressedSize,
      unpackedSize,
      localHeaderOffset,
    });
    offset = nameStart + nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return entries;
}

/** Total unpacked bytes the archive declares (Infinity for ZIP64), or null if it is not a ZIP archive. */
export function zipUnpackedSize(file: Uint8Array): number | null {
  const entries = zipEntries(file);
  if (entries === 'zip64') return Infinity;
  return entries === null ? null : entries.reduce((total, entry) => total + entry.unpackedSize, 0);
}

/** The end record sits at the very end, followed only by an archive comment of up to 64 KiB. */
function findEndRecord(view: DataView): number | null {
  const last = view.byteLength - END_RECORD_LENGTH;
  const first = Math.max(0, last - MAX_COMMENT_LENGTH);
  for (let offset = last; offset >= first; offset -= 1) {
    if (view.getUint32(offset, true) === END_SIGNATURE) return offset;
  }
  return null;
}
