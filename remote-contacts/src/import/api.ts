import { api } from '@ushirika/shared/api';
import type { ContactImportPreview, ContactImportResult } from '@ushirika/shared/contract';

/** The file as the multipart body both import calls take (field `file`). */
function fileBody(file: File): FormData {
  const body = new FormData();
  body.append('file', file);
  return body;
}

/** POST /member/import/preview: what an import of `file` would do, without saving anything. */
export const previewImport = (file: File) => api.post('member/import/preview', { body: fileBody(file) }).json<ContactImportPreview>();

/** POST /member/import: creates the file's ready contacts. The server reads the file again rather than trust the preview. */
export const commitImport = (file: File) => api.post('member/import', { body: fileBody(file) }).json<ContactImportResult>();
