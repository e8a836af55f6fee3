import { localIsoDate } from '@ushirika/shared/api';

/** The export's file name, dated with the user's today: contacts-2026-11-22.csv. */
export const exportFileName = (now: Date = new Date()) => `contacts-${localIsoDate(now)}.csv`;

/** Hands `blob` to the browser as a download named `fileName`. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is no longer needed.
  URL.revokeObjectURL(url);
}
