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

/** Stores the file of a send being made (inside its transaction); returns its id. */
export async function storeUploadedFile(scope: TenantScope, file: RecipientsFile, userId: number, recipients: number): Promise<number> {
  const { id } = await scope
    .insertInto('uploaded_files', {
      name: file.name.slice(0, MAX_NAME_LENGTH),
      file_type: file.mimeType.slice(0, MAX_NAME_LENGTH),
      extension: file.format,
      size: file.bytes.byteLength,
      content: file.bytes,
      uploaded_by: await userName(scope, userId),
      recipients,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
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
    .$call(withinDates('f.created_at', dates, scope.tenantId));
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
  const row = await scope.selectFrom('uploaded_files').select(['name', 'extension', 'content']).where('id', '=', id).executeTakeFirst();
  return row && { name: row.name, contentType: CONTENT_TYPES[row.extension as ContactFileFormat] ?? 'application/octet-stream', bytes: row.content };
}
