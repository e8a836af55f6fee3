import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { MemberSaveResponse } from '@ushirika/shared/contract';
import { contactEditSchema, contactSchema } from '@ushirika/shared/validation';
import type { Database } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { listResponse, parseListQuery } from '../http/list-query';
import { ALREADY_A_CONTACT } from './import';
import * as q from './member-queries';
import { idParam, refusingDuplicates, validBody } from '../http/route-helpers';

/** Spec 8: the same text after a create and after an edit. */
export const CONTACT_SAVED = 'New contact saved successfully!';
export const CONTACT_NOT_FOUND = 'Contact not found';
/** The import's note for a mobile the partner already has; the same text on the form. */
export const DUPLICATE_PHONE = ALREADY_A_CONTACT;

type IdParams = { Params: { id: string } };

/** Contacts (spec 2.7, 7): GET/POST /member, PUT /member/{id}. */
export async function memberRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }) {
  app.get('/member', async (request) => listResponse('members', q.listMembers(db, request.tenantId, parseListQuery(request.query))));

  app.post('/member', async (request, reply) => {
    const input = await validBody(contactSchema, request.body);
    const id = await refusingDuplicates(DUPLICATE_PHONE, () => q.insertMember(db, request.tenantId, input));
    return reply.code(201).send(await savedMember(db, request.tenantId, id));
  });

  app.put<IdParams>('/member/:id', async (request) => {
    const id = idParam(request.params.id, CONTACT_NOT_FOUND);
    const input = await validBody(contactEditSchema, request.body);
    const found = await refusingDuplicates(DUPLICATE_PHONE, () => q.updateMember(db, request.tenantId, id, input));
    if (!found) throw notFound(CONTACT_NOT_FOUND);
    return savedMember(db, request.tenantId, id);
  });
}

async function savedMember(db: Kysely<Database>, tenantId: number, id: number): Promise<MemberSaveResponse> {
  const member = await q.findMember(db, tenantId, id);
  if (!member) throw new HttpError(500, 'The saved contact could not be read back');
  return { status_msg: CONTACT_SAVED, member };
}
