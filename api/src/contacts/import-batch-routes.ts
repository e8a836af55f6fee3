import type { FastifyInstance } from 'fastify';
import { contactImportBatchRow, contactImportUndoPath, contactImportUndoResult, IMPORT_UNDO_DAYS, type ContactImportUndoResult } from '@ushirika/shared/contract';
import { needs } from '../auth/permissions';
import { notFound } from '../http/errors';
import { listAnswer, type ListParams } from '../http/list-query';
import { failures, idParams, jsonSchemaOf, listOf, listQuerySchema } from '../http/schema';
import { IMPORT_NOT_FOUND, listImportBatches, undoImport } from './import-batches';

const TAG = 'Contacts';

/**
 * The partner's imports (issue 27.4): GET /member/imports lists the batches, newest first; POST
 * /member/imports/{id}/undo undoes one within IMPORT_UNDO_DAYS (one `undo` event of counts). contacts.transfer.
 */
export async function importBatchRoutes(app: FastifyInstance) {
  app.get(
    '/member/imports',
    {
      ...needs('contacts.transfer'),
      schema: {
        tags: [TAG],
        summary: 'List the imports of contacts, newest first: who imported which file, what it created and updated, and until when it can be undone',
        querystring: listQuerySchema,
        response: { 200: listOf('imports', contactImportBatchRow), ...failures(400, 401, 403) },
      },
    },
    async (request) => listAnswer('imports', await listImportBatches(request.tenant, request.query as ListParams)),
  );

  const undo = {
    tags: [TAG],
    summary: `Undo an import (within ${IMPORT_UNDO_DAYS} days): the contacts it created are removed, or archived when something refers to them (a gift, a group, a message); the fields it updated go back to their values before, unless changed since (those are kept and listed)`,
    params: idParams(IMPORT_NOT_FOUND),
    response: {
      200: { description: 'What was undone, and the fields kept', ...jsonSchemaOf(contactImportUndoResult, 'output') },
      ...failures(401, 403, 404),
      409: { ...failures(409)[409], description: `Undone already, or imported more than ${IMPORT_UNDO_DAYS} days ago` },
    },
  };
  app.post(`/${contactImportUndoPath(':id')}`, { ...needs('contacts.transfer'), schema: undo }, async (request): Promise<ContactImportUndoResult> => {
    const result = await undoImport(request.tenant, (request.params as { id: number }).id, request.userId);
    if (!result) throw notFound(IMPORT_NOT_FOUND);
    return result;
  });
}
