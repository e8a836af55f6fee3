/*
 * How much a ZIP archive (an XLSX workbook) says it unpacks to, read from its central directory
 * without unpacking anything. The XLSX reader inflates whole entries in memory, so a tiny file
 * that inflates to gigabytes must be refused before it is read. The sizes are the archive's own
 * claims: this stops ordinary zip bombs; the upload size limit and the row limit bound the rest.
 * Layout: PKWARE APPNOTE.TXT, sections 4.3.12 (central directory header) and 4.3.16 (end record).
 */

const END_SIGNATURE = 0x06054b50;
const ENTRY_SIGNATURE = 0x02014b50;
const END_RECORD_LENGTH = 22;
const ENTRY_HEADER_LENGTH = 46;
const MAX_COMMENT_LENGTH = 0xffff;
/** A field at its maximum means "see the ZIP64 record"; such archives are far beyond our limit anyway. */
const ZIP64_MARK_16 = 0xffff;
const ZIP64_MARK_32 = 0xffffffff;

/** Total unpacked bytes the archive declares (Infinity for ZIP64), or null if it is not a ZIP archive. */
export function zipUnpackedSize(file: Uint8Array): number | null {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const end = findEndRecord(view);
  if (end === null) return null;
  const entries = view.getUint16(end + 10, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (entries === ZIP64_MARK_16 || directoryOffset === ZIP64_MARK_32) return Infinity;

  let total = 0;
  let offset = directoryOffset;
  for (let entry = 0; entry < entries; entry += 1) {
    if (offset + ENTRY_HEADER_LENGTH > view.byteLength || view.getUint32(offset, true) !== ENTRY_SIGNATURE) return null;
    const unpacked = view.getUint32(offset + 24, true);
    if (unpacked === ZIP64_MARK_32) return Infinity;
    total += unpacked;
    const variableLength = view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
    offset += ENTRY_HEADER_LENGTH + variableLength;
  }
  return total;
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
