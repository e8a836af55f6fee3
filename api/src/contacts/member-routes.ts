import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { memberRow, type MemberSaveResponse } from '@ushirika/shared/contract';
import { contactEditSchema, contactSchema } from '@ushirika/shared/validation';
import type { Database } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { listAnswer, type ListParams } from '../http/list-query';
import { documentedBody, failures, idParams, listOf, listQuerySchema, recordOf, savedOf, staleOrDuplicate, withVersion } from '../http/schema';
import { savingVersion } from '../db/record-versions';
import { partnerCountry } from '../partners/queries';
import { ALREADY_A_CONTACT } from './import';
import * as q from './member-queries';
import { refusingViolations, validBody } from '../http/route-helpers';
import { needs } from '../auth/permissions';

/** Spec 8: the same text after a create and after an edit. */
export const CONTACT_SAVED = 'New contact saved successfully!';
export const CONTACT_NOT_FOUND = 'Contact not found';
/** The import's note for a mobile the partner already has; the same text on the form. */
export const DUPLICATE_PHONE = ALREADY_A_CONTACT;

const TAG = 'Contacts';
const saved = savedOf('member', memberRow);

/**
 * Contacts (spec 2.7, 7): GET/POST /member, PUT /member/{id}, and ours GET /member/{id} (what the edit screen
 * opens). The bodies are documented from the shared schemas but validated here, with the partner's country as
 * yup context (local phone numbers). A change is made over the version its form was read at (db/record-versions.ts).
 */
export async function memberRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }) {
  app.get(
    '/member',
    {
      ...needs('contacts.read'),
      schema: { tags: [TAG], summary: 'List contacts', querystring: listQuerySchema, response: { 200: listOf('members', memberRow), ...failures(400, 401, 403) } },
    },
    async (request) => listAnswer('members', await q.listMembers(db, request.tenantId, request.query as ListParams)),
  );

  const create = { tags: [TAG], summary: 'Create a contact', body: documentedBody(contactSchema), response: { 201: saved, ...failures(400, 401, 403, 409) } };
  app.post('/member', { ...needs('contacts.write'), schema: create }, async (request, reply) => {
    const input = await validBody(contactSchema, request.body, { country: await partnerCountry(db, request.tenantId) });
    const id = await refusingViolations({ duplicate: DUPLICATE_PHONE }, () => q.insertMember(db, request.tenantId, input));
    return reply.code(201).send(await savedMember(db, request.tenantId, id));
  });

  const one = {
    tags: [TAG],
    summary: 'One contact, with its version (what the edit screen opens)',
    params: idParams(CONTACT_NOT_FOUND),
    response: { 200: recordOf('member', memberRow), ...failures(401, 403, 404) },
  };
  app.get('/member/:id', { ...needs('contacts.read'), schema: one }, async (request) => {
    const member = await q.findMember(db, request.tenantId, (request.params as { id: number }).id);
    if (!member) throw notFound(CONTACT_NOT_FOUND);
    return { member };
  });

  const changeBody = withVersion(contactEditSchema);
  const change = {
    tags: [TAG],
    summary: 'Change a contact (with its email), over the version its form was read at',
    params: idParams(CONTACT_NOT_FOUND),
    body: documentedBody(changeBody),
    response: { 200: saved, ...failures(400, 401, 403, 404), 409: staleOrDuplicate },
  };
  app.put('/member/:id', { ...needs('contacts.write'), schema: change }, async (request) => {
    const { id } = request.params as { id: number };
    const { version, ...input } = await validBody(changeBody, request.body, { country: await partnerCountry(db, request.tenantId) });
    const found = await refusingViolations({ duplicate: DUPLICATE_PHONE }, () =>
      savingVersion(request.tenant, 'members', id, { userId: request.userId, version }, (trx) =>
        trx.raw((trxDb, tenantId) => q.updateMember(trxDb, tenantId, id, input)),
      ),
    );
    if (!found) throw notFound(CONTACT_NOT_FOUND);
    return savedMember(db, request.tenantId, id);
  });
}

async function savedMember(db: Kysely<Database>, tenantId: number, id: number): Promise<MemberSaveResponse> {
  const member = await q.findMember(db, tenantId, id);
  if (!member) throw new HttpError(500, 'The saved contact could not be read back');
  return { status_msg: CONTACT_SAVED, member };
}
