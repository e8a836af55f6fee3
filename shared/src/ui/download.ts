/**
 * Hands a file the browser already holds (a `Blob` read through the api client, so the request carried the
 * token) to the user as a download named `fileName`. A plain link cannot send the Authorization header.
 */
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
