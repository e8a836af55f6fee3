import { api, loadAll, pageLoader } from '@ushirika/shared/api';
import {
  contactImportPresetsPath,
  contactImportUndoPath,
  type ContactImportBatch,
  type ContactImportMapping,
  type ContactImportPreset,
  type ContactImportPreview,
  type ContactImportResult,
  type ContactImportUndoResult,
  type ImportDateOrder,
} from '@ushirika/shared/contract';
import { fetchWithUploadProgress, type UploadProgress } from './upload';

/** One reading of a file: the file, how its columns are matched (the server's own matching when none) and its date order. */
export interface ImportRead {
  file: File;
  mapping?: ContactImportMapping;
  dateOrder: ImportDateOrder;
}

export interface UploadOptions {
  /** Cancels the upload (another reading asked for, the screen left). */
  signal?: AbortSignal;
  onProgress?: UploadProgress;
}

/**
 * A 5 MB file from a phone on a slow line, then the dry run of 20,000 rows: far more than ky's 10 s default.
 * Bounded all the same, so a lost connection ends in the 'no response' message rather than a spinner forever.
 */
export const IMPORT_UPLOAD_TIMEOUT_MS = 5 * 60_000;

/**
 * The multipart body both import calls take. `mapping` and `dateOrder` go BEFORE `file`: a server that reads the
 * file part as it streams in (fastify's `request.file()`) has only the fields sent before it.
 */
export function importBody({ file, mapping, dateOrder }: ImportRead): FormData {
  const body = new FormData();
  if (mapping) body.append('mapping', JSON.stringify(mapping));
  body.append('dateOrder', dateOrder);
  body.append('file', file, file.name);
  return body;
}

const upload = (path: string, read: ImportRead, { signal, onProgress }: UploadOptions) =>
  api.post(path, { body: importBody(read), signal, timeout: IMPORT_UPLOAD_TIMEOUT_MS, ...(onProgress ? { fetch: fetchWithUploadProgress(onProgress) } : {}) });

/** POST /member/import/preview: the dry run, every row as new, update, unchanged, conflict or error. Nothing is written. */
export const previewImport = (read: ImportRead, options: UploadOptions = {}) => upload('member/import/preview', read, options).json<ContactImportPreview>();

/** POST /member/import: writes the new and updated rows as one batch. The server reads the file again rather than trust the preview. */
export const commitImport = (read: ImportRead, options: UploadOptions = {}) => upload('member/import', read, options).json<ContactImportResult>();

/** GET /member/import/presets, every page: the partner's saved matchings. */
const presetsPage = pageLoader<ContactImportPreset>(contactImportPresetsPath, 'presets');
export const loadImportPresets = (signal?: AbortSignal) => loadAll(presetsPage, signal);

/** POST /member/import/presets: saves a matching under `name`, replacing the one of that name. */
export const saveImportPreset = (name: string, mapping: ContactImportMapping) =>
  api.post(contactImportPresetsPath, { json: { name, mapping } }).json<{ status_msg: string; preset: ContactImportPreset }>();

/** GET /member/imports (list query) -> { imports, total }: the partner's imports, newest first. */
export const IMPORTS_API_PATH = 'member/imports';
export const loadImports = pageLoader<ContactImportBatch>(IMPORTS_API_PATH, 'imports');

/** POST /member/imports/{id}/undo: created contacts removed or archived, updated fields put back where not changed since. */
export const undoImport = (id: number) => api.post(contactImportUndoPath(id)).json<ContactImportUndoResult>();
