import { sql } from 'kysely';
import { uploadedFileDownloadPath, type UploadedFile } from '@ushirika/shared/contract';
import { withinDates } from '../db/list-sql';
import { pagedList, type Page } from '../db/paged-list';
import type { TenantScope } from '../db/tenant-scope';
import type { ContactFileFormat } from '../contacts/import';
import type { ListParams } from '../http/list-query';

/**
 * Uploaded recipient files (spec 2.12 'Recent Files', 3): each Upload send keeps its file, stored with the
 * send in one transaction, so its partner can download it again. A file is Processed (status 1) once
 * none of its messages waits in the outbox any more (queued, claimed or sending), Pending (0) until then.
 */

/** An uploaded file as the send stores it. */
export interface RecipientsFile {
  bytes: Uint8Array;
  /** The name the browser gave it. */
  name: string;
  /** The MIME type the browser gave it. */
  mimeType: string;
  format: ContactFileFormat;
}

/** How a download is served: by its format, never by the type the uploader's browser claimed. */
const CONTENT_TYPES: Record<ContactFileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const MAX_NAME_LENGTH = 255;

/**
 * Unicode's bidirectional embeddings, overrides (U+202A-U+202E) and isolates (U+2066-U+2069). In a file
 * name they reorder what is shown: 'invoice\u202Excod.exe' reads 'invoiceexe.docx' in the list and in the
 * browser's download bar (security review).
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/**
 * An uploaded file's name as it is stored and shown: without bidirectional controls, at most
 * MAX_NAME_LENGTH characters (never half a character: a surrogate pair is kept whole or left out).
 */
export function uploadedFileName(name: string): string {
  const characters = Array.from(name.replace(BIDI_CONTROLS, ''));
  return characters.length > MAX_NAME_LENGTH ? characters.slice(0, MAX_NAME_LENGTH).join('') : characters.join('');
}

/**
 * The file's bytes as SQL: sent as base64 text and decoded by the database. PGlite writes a bytea parameter
 * as hex one byte at a time on the server's thread: the insert took 0.8 s for a file of 100,000 numbers,
 * 1.8 s for 5 MB; with base64 (Node's own, milliseconds) 0.1 s and 0.26 s.
 */
const bytesOf = (bytes: Uint8Array) => sql<Uint8Array>`decode(${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}, 'base64')`;

/** Stores the file of a send being made (inside its transaction); returns its id. */
export async function storeUploadedFile(scope: TenantScope, file: RecipientsFile, userId: number, recipients: number): Promise<number> {
  const uploadedBy = await userName(scope, userId);
  return scope.raw(async (db, tenantId) => {
    const { id } = await db
      .insertInto('uploaded_files')
      .values({
        tenant_id: tenantId,
        name: uploadedFileName(file.name),
        file_type: file.mimeType.slice(0, MAX_NAME_LENGTH),
        extension: file.format,
        size: file.bytes.byteLength,
        content: bytesOf(file.bytes),
        uploaded_by: uploadedBy,
        recipients,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  });
}

/** The signed-in user's "First Last", as the list shows who uploaded a file. */
function userName(scope: TenantScope, userId: number): Promise<string> {
  return scope.raw(async (db, tenantId) => {
    const user = await db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', userId).where('partner_id', '=', tenantId).executeTakeFirst();
    return user ? `${user.first_name} ${user.last_name}`.trim() : '';
  });
}

/** Search: the file's name and who uploaded it. */
function matching(scope: TenantScope, { searchPattern, ...dates }: ListParams) {
  return scope
    .selectFrom('uploaded_files as f')
    .$if(searchPattern !== undefined, (q) => q.where((eb) => eb.or([eb('f.name', 'ilike', searchPattern!), eb('f.uploaded_by', 'ilike', searchPattern!)])))
    .$call(withinDates('f.created_at', dates, scope));
}

function select(scope: TenantScope) {
  return scope
    .selectFrom('uploaded_files as f')
    .select(['f.id', 'f.name', 'f.file_type', 'f.extension', 'f.uploaded_by', 'f.recipients', 'f.created_at'])
    .select(
      sql<boolean>`not exists (
        select 1 from message_sends s
        join notifications n on n.tenant_id = s.tenant_id and n.send_id = s.id
        where s.tenant_id = f.tenant_id and s.upload_id = f.id and n.state in ('queued', 'claimed', 'sending'))`.as('processed'),
    );
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

const toFile = (row: Selected): UploadedFile => ({
  id: row.id,
  name: row.name,
  fileType: row.file_type,
  extension: row.extension,
  path: uploadedFileDownloadPath(row.id),
  status: row.processed ? 1 : 0,
  uploadedBy: row.uploaded_by,
  createdAt: row.created_at.toISOString(),
  recipients: row.recipients,
});

/** GET /uploadedfiles: newest first. */
export function listUploadedFiles(scope: TenantScope, params: ListParams): Promise<Page<UploadedFile>> {
  return pagedList(params, {
    scope,
    matching: matching(scope, params),
    id: 'f.id',
    order: [
      ['f.created_at', 'desc'],
      ['f.id', 'desc'],
    ],
    select: select(scope),
    toRow: toFile,
  });
}

export interface StoredFile {
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

/** The partner's file with this id, to download; undefined for another partner's or an unknown id. */
export async function findUploadedFile(scope: TenantScope, id: number): Promise<StoredFile | undefined> {
  // As base64 text, for the reason of `bytesOf`: PGlite reads a bytea column back a byte at a time too.
  const row = await scope
    .selectFrom('uploaded_files')
    .select(['name', 'extension', sql<string>`encode(content, 'base64')`.as('content')])
    .where('id', '=', id)
    .executeTakeFirst();
  return (
    row && {
      name: row.name,
      contentType: CONTENT_TYPES[row.extension as ContactFileFormat] ?? 'application/octet-stream',
      bytes: Buffer.from(row.content, 'base64'),
    }
  );
}
