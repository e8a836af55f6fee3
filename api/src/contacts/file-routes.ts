import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CONTACT_IMPORT_FIELDS,
  contactImportPreview,
  contactImportResult,
  IMPORT_DATE_ORDERS,
  MAX_IMPORT_COLUMNS,
  type ContactImportPreview,
  type ContactImportResult,
} from '@ushirika/shared/contract';
import { needs } from '../auth/permissions';
import type { TenantScope } from '../db/tenant-scope';
import { badRequest, HttpError, UNREADABLE_FORM } from '../http/errors';
import { documented, failures, jsonSchemaOf } from '../http/schema';
import { partnerCountry } from '../partners/queries';
import { exportedMemberBatches } from './export-queries';
import { ContactImportError, contactsToCsv, FILE_TOO_LARGE, MAX_IMPORT_FILE_BYTES, readContactsFile, type ReadContactsFile } from './import';
import { commitImport } from './import-batches';
import { dateOrderField, mappingField } from './import-mapping';
import { importKeys, importPreview, matchImportRows, type ImportMatch } from './import-match';
import { lookUpImportKeys } from './import-queries';
import type { MemberFilter, MemberListParams } from './member-queries';
import { memberListQuery } from './member-routes';

export const NO_FILE = 'Choose a CSV or Excel (.xlsx) file to import.';
/** A text field of the form larger than any mapping could be. */
export const FIELD_TOO_LONG = 'The mapping or dateOrder field is too long.';

const TAG = 'Contacts';

/** The multipart text fields: the mapping's JSON is far below this (50 headers of 200 characters). */
const FIELD_MAX_BYTES = 64 * 1024;

/** The multipart body of both import calls, for the document only: the handler reads and checks the parts itself. */
const uploadBody = documented({
  type: 'object',
  required: ['file'],
  properties: {
    file: { type: 'string', format: 'binary', description: `A CSV or XLSX file of at most ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB` },
    mapping: {
      type: 'string',
      description: `Optional JSON object: a header of the file -> the field its column fills (${CONTACT_IMPORT_FIELDS.join(', ')}), or null to ignore the column; at most ${MAX_IMPORT_COLUMNS} headers. Headers it does not name are matched automatically.`,
      example: '{"Jina la kwanza":"firstName","Notes":null}',
    },
    dateOrder: { type: 'string', enum: [...IMPORT_DATE_ORDERS], default: 'DMY', description: 'How the day, month and year of a date cell are ordered' },
  },
});

/** The schema of a route that takes the import file: what it does, and what it answers. */
const importRoute = (summary: string, answered: string, answer: Parameters<typeof jsonSchemaOf>[0]) => ({
  tags: [TAG],
  summary,
  consumes: ['multipart/form-data'],
  body: uploadBody,
  response: { 200: { description: answered, ...jsonSchemaOf(answer, 'output') }, ...failures(400, 401, 403, 409, 413) },
});

/**
 * Contacts import and export (issue 27; contract shared/src/contract/imports.ts): POST /member/import/preview and
 * POST /member/import take the file as multipart field `file` with the optional `mapping` and `dateOrder`; GET
 * /member/export answers the list's current search and filters as a CSV download. The batches, their undo
 * (import-batch-routes.ts) and the presets (import-preset-routes.ts) are beside these. All need contacts.transfer.
 */
export async function contactFileRoutes(app: FastifyInstance) {
  const preview = importRoute(
    'What an import of the file would do, row by row (new, update with old and new values, unchanged, conflict, error), without saving anything',
    'How the file was read and matched',
    contactImportPreview,
  );
  app.post('/member/import/preview', { ...needs('contacts.transfer'), schema: preview }, async (request, reply) => {
    const { file, match } = await matchedUpload(request);
    return reply.type('application/json; charset=utf-8').send(await jsonInTurns(importPreview(file.columns, match, file.dateOrder)));
  });

  /**
   * The file again, read and matched again: nothing from the preview is trusted or kept. The new and changed
   * contacts, the batch (what was done to each, for the undo) and the import's one activity event (its counts,
   * never a row's data) are saved together; a file with nothing to write answers 400 and saves nothing.
   */
  const commit = importRoute(
    'Create the new contacts and update the matched ones of the file, as one batch that can be undone (the file is read and matched again)',
    'What was created and updated',
    contactImportResult,
  );
  app.post('/member/import', { ...needs('contacts.transfer'), schema: commit }, async (request): Promise<ContactImportResult> => {
    const { file, match } = await matchedUpload(request);
    return request.tenant.transaction((trx) => commitImport(trx, match, { userId: request.userId, fileName: file.fileName }));
  });

  const exported = {
    tags: [TAG],
    summary:
      "The contacts matching the list query's search, dates and filters (the active ones, or with ?archived=only the archived ones), every field and their household, as a CSV download (UTF-8 with BOM) that the import reads back unchanged",
    querystring: memberListQuery,
    response: {
      200: { description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string', format: 'binary' } } } },
      ...failures(400, 401, 403),
    },
  };
  app.get('/member/export', { ...needs('contacts.transfer'), schema: exported }, async (request, reply) => {
    const filter: MemberFilter = request.query as MemberListParams;
    const csv = Readable.from(csvChunks(exportedMemberBatches(request.tenant, filter)));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename=contacts-${new Date().toISOString().slice(0, 10)}.csv`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}

/** The partner's country: local mobiles in the file are read as its numbers. */
const countryOf = (scope: TenantScope) => scope.raw(partnerCountry);

/** The uploaded file read with the person's choices, and its rows matched to the partner's contacts. */
async function matchedUpload(request: FastifyRequest): Promise<{ file: ReadContactsFile & { dateOrder: ReturnType<typeof dateOrderField> }; match: ImportMatch }> {
  const upload = await importUpload(request);
  const country = await countryOf(request.tenant);
  let file: ReadContactsFile;
  try {
    file = await readContactsFile(upload.bytes, upload.name, { mapping: upload.mapping, dateOrder: upload.dateOrder, country });
  } catch (error) {
    if (error instanceof ContactImportError) throw badRequest(error.message);
    throw error;
  }
  const lookup = await lookUpImportKeys(request.tenant, importKeys(file.rows));
  return { file: { ...file, dateOrder: upload.dateOrder }, match: await matchImportRows(file.rows, lookup, country) };
}

interface ImportUpload {
  bytes: Uint8Array;
  /** The file's name, or its type when it has none. */
  name: string;
  mapping: ReturnType<typeof mappingField>;
  dateOrder: ReturnType<typeof dateOrderField>;
}

/**
 * The multipart form: the file `file` (whole, bounded by MAX_IMPORT_FILE_BYTES: 413 beyond) and the text fields
 * `mapping` and `dateOrder`, in any order. Other files are skipped unread and other fields ignored; the form's
 * limits (routes.ts) bound how many parts it may have, FIELD_MAX_BYTES each text field.
 */
async function importUpload(request: FastifyRequest): Promise<ImportUpload> {
  if (!request.isMultipart()) throw badRequest(NO_FILE);
  const fields = new Map<string, string>();
  let file: { bytes: Uint8Array; name: string } | undefined;
  let truncated = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_IMPORT_FILE_BYTES, fieldSize: FIELD_MAX_BYTES } })) {
      if (part.type === 'field') {
        truncated ||= part.valueTruncated;
        if (!fields.has(part.fieldname)) fields.set(part.fieldname, typeof part.value === 'string' ? part.value : '');
      } else if (part.fieldname === 'file' && !file) file = { bytes: await part.toBuffer(), name: part.filename || part.mimetype };
      else part.file.resume();
    }
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) throw new HttpError(413, FILE_TOO_LARGE);
    if (error instanceof HttpError) throw error;
    // Anything else is the form itself (no boundary, a malformed part, a body cut short, too many parts): only reading happens here.
    throw badRequest(UNREADABLE_FORM);
  }
  if (truncated) throw badRequest(FIELD_TOO_LONG);
  if (!file) throw badRequest(NO_FILE);
  return { ...file, mapping: mappingField(fields.get('mapping')), dateOrder: dateOrderField(fields.get('dateOrder')) };
}

/** Rows written between two turns of the event loop. */
const ROWS_PER_TURN = 1_000;

/**
 * The preview as JSON text, its rows written a thousand at a time with a turn of the event loop between: 20,000
 * rows are about 5 MB, which one serialisation would write in one block of 150-200 ms, holding every other request.
 * The text is the route's schema's (the contract's fields only, none undefined), so it is sent as it is.
 */
export async function jsonInTurns(preview: ContactImportPreview): Promise<string> {
  const { rows, ...rest } = preview;
  const parts: string[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_TURN) {
    parts.push(
      rows
        .slice(start, start + ROWS_PER_TURN)
        .map((row) => JSON.stringify(row))
        .join(','),
    );
    await nextTurn();
  }
  return `{"rows":[${parts.join(',')}],${JSON.stringify(rest).slice(1)}`;
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
