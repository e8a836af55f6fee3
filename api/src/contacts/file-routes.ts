import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  contactImportPreview,
  contactImportResult,
  type ContactImportContact,
  type ContactImportPreview,
  type ContactImportResult,
  type ContactImportRow,
} from '@ushirika/shared/contract';
import { recordActivity } from '../activity/record';
import type { Database } from '../db/schema';
import { badRequest, HttpError, UNREADABLE_FORM } from '../http/errors';
import { documented, failures, jsonSchemaOf } from '../http/schema';
import { partnerCountry } from '../partners/queries';
import { exportedMemberBatches } from './export-queries';
import {
  buildImportPreview,
  ContactImportError,
  contactsToCsv,
  FILE_TOO_LARGE,
  importResult,
  markExistingContacts,
  MAX_IMPORT_FILE_BYTES,
  parseContactsFile,
  type ParsedContactsFile,
  readyMobiles,
  validateImportRowsInTurns,
} from './import';
import { existingPhones, insertImportedMembers } from './import-queries';
import type { MemberFilter, MemberListParams } from './member-queries';
import { memberListQuery } from './member-routes';
import { needs } from '../auth/permissions';

export const NO_FILE = 'Choose a CSV or Excel (.xlsx) file to import.';

const TAG = 'Contacts';

/** The multipart body of both import calls, for the document only: the handler reads and checks the part itself. */
const uploadBody = documented({
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary', description: `A CSV or XLSX file of at most ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB` } },
});

/**
 * Contacts import and export (ours; docs/spec-deviations.md):
 * POST /member/import/preview and POST /member/import take the file as multipart field `file`;
 * GET /member/export answers the list's current search as a CSV download.
 */
/** The schema of a route that takes the import file: what it does, and what it answers. */
const importRoute = (summary: string, answered: string, answer: Parameters<typeof jsonSchemaOf>[0]) => ({
  tags: [TAG],
  summary,
  consumes: ['multipart/form-data'],
  body: uploadBody,
  response: { 200: { description: answered, ...jsonSchemaOf(answer, 'output') }, ...failures(400, 401, 403, 413) },
});

export async function contactFileRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }) {
  const preview = importRoute('What an import of the file would do, without saving anything', 'How the file was read', contactImportPreview);
  app.post('/member/import/preview', { ...needs('contacts.transfer'), schema: preview }, async (request): Promise<ContactImportPreview> => {
    const { columns, rows } = await readImport(db, request);
    return buildImportPreview(columns, rows);
  });

  /**
   * The file again, read and checked again: nothing from the preview is trusted or kept. The contacts and the
   * import's one activity event (its counts, never a row's data) are saved together; an import that creates
   * nobody changed nothing and writes none.
   */
  const commit = importRoute("Create the file's ready contacts (the file is read and checked again)", 'What was created and skipped', contactImportResult);
  app.post('/member/import', { ...needs('contacts.transfer'), schema: commit }, async (request): Promise<ContactImportResult> => {
    const { rows } = await readImport(db, request);
    const ready = rows.flatMap((row): ContactImportContact[] => (row.status === 'ready' && row.contact ? [row.contact] : []));
    return request.tenant.transaction(async (trx) => {
      const result = importResult(rows, await trx.raw((trxDb, tenantId) => insertImportedMembers(trxDb, tenantId, ready)));
      if (result.created > 0) {
        const details = { created: result.created, updated: 0, skipped: result.skippedDuplicates + result.failed };
        await recordActivity(trx, { action: 'import', entity: 'contact_import', entityId: null, details });
      }
      return result;
    });
  });

  const exported = {
    tags: [TAG],
    summary: "The contacts matching the list query's search and dates (the active ones, or with ?archived=only the archived ones), as a CSV download (UTF-8 with BOM)",
    querystring: memberListQuery,
    response: {
      200: { description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string', format: 'binary' } } } },
      ...failures(400, 401, 403),
    },
  };
  app.get('/member/export', { ...needs('contacts.transfer'), schema: exported }, async (request, reply) => {
    const filter: MemberFilter = request.query as MemberListParams;
    const csv = Readable.from(csvChunks(exportedMemberBatches(db, request.tenantId, filter)));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename=contacts-${new Date().toISOString().slice(0, 10)}.csv`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}

/** The uploaded file's rows, validated (local mobiles read in the partner's country), with mobiles the tenant already has marked as duplicates. */
async function readImport(db: Kysely<Database>, request: FastifyRequest): Promise<{ columns: ContactImportPreview['columns']; rows: ContactImportRow[] }> {
  const parsed = await parsedUpload(request);
  const rows = await validateImportRowsInTurns(parsed.rows, await partnerCountry(db, request.tenantId));
  const existing = await existingPhones(db, request.tenantId, readyMobiles(rows));
  return { columns: parsed.columns, rows: markExistingContacts(rows, existing) };
}

/** A file that cannot be imported at all answers 400 with the reason. */
async function parsedUpload(request: FastifyRequest): Promise<ParsedContactsFile> {
  const { bytes, name } = await uploadedFile(request);
  try {
    return await parseContactsFile(bytes, name);
  } catch (error) {
    if (error instanceof ContactImportError) throw badRequest(error.message);
    throw error;
  }
}

/** The multipart field `file`, whole, bounded by MAX_IMPORT_FILE_BYTES (413 beyond). */
async function uploadedFile(request: FastifyRequest): Promise<{ bytes: Uint8Array; name: string }> {
  if (!request.isMultipart()) throw badRequest(NO_FILE);
  let upload: { bytes: Uint8Array; name: string };
  try {
    const part = await request.file({ limits: { fileSize: MAX_IMPORT_FILE_BYTES, files: 1 } });
    if (!part || part.fieldname !== 'file') throw badRequest(NO_FILE);
    upload = { bytes: await part.toBuffer(), name: part.filename || part.mimetype };
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) throw new HttpError(413, FILE_TOO_LARGE);
    if (error instanceof HttpError) throw error;
    // Anything else is the form itself (no boundary, a malformed part, a body cut short): only reading happens here.
    throw badRequest(UNREADABLE_FORM);
  }
  return upload;
}

/** The header with the first batch (or alone, for no contacts), then each further batch's rows. */
async function* csvChunks(batches: AsyncIterable<Parameters<typeof contactsToCsv>[0]>): AsyncGenerator<string> {
  let header = true;
  for await (const batch of batches) {
    yield contactsToCsv(batch, { header });
    header = false;
  }
  if (header) yield contactsToCsv([], { header: true });
}
