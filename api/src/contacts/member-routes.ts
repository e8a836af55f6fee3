import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { MEMBER_ARCHIVED_FILTERS, memberRow, type MemberArchivedFilter, type MemberSaveResponse } from '@ushirika/shared/contract';
import { contactEditSchema, contactSchema } from '@ushirika/shared/validation';
import { historyRoute } from '../activity/history-route';
import { changesBetween, createdValues, recordActivity } from '../activity/record';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import { listAnswer, parseListQuery } from '../http/list-query';
import { documentedBody, failures, idParams, listOf, listQuerySchema, recordOf, savedOf, staleOrDuplicate, validatedBy, withVersion } from '../http/schema';
import { savingVersion } from '../db/record-versions';
import { partnerCountry } from '../partners/queries';
import { ERASED_FOR_GOOD, loggedFields } from './archive';
import { ALREADY_A_CONTACT } from './import';
import * as q from './member-queries';
import { validBody } from '../http/route-helpers';
import { needs } from '../auth/permissions';

/** Spec 8: the same text after a create and after an edit. */
export const CONTACT_SAVED = 'New contact saved successfully!';
export const CONTACT_NOT_FOUND = 'Contact not found';
/** The import's note for a mobile the partner already has; the same text on the form. */
export const DUPLICATE_PHONE = ALREADY_A_CONTACT;
/** The same, when the contact with that mobile is archived (and so out of the list the user looks at). */
export const ARCHIVED_PHONE = 'An archived contact has this mobile number. Show the archived contacts to restore it.';
const ARCHIVED_FILTER_REFUSED = 'archived must be "only" (or empty for the active contacts)';

function archivedFilter(query: unknown): MemberArchivedFilter | undefined {
  const raw = (query as Record<string, unknown> | null)?.archived;
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !(MEMBER_ARCHIVED_FILTERS as readonly string[]).includes(raw)) throw badRequest(ARCHIVED_FILTER_REFUSED);
  return raw as MemberArchivedFilter;
}

/** GET /member and its export: the standard list query and `?archived=only` (issue 26.5). */
export const memberListQuery = validatedBy(
  {
    ...listQuerySchema,
    properties: {
      ...(listQuerySchema.properties as object),
      archived: {
        type: 'string',
        enum: [...MEMBER_ARCHIVED_FILTERS, ''],
        description: "'only': the archived contacts instead of the active ones; empty = the active ones",
      },
    },
  },
  (query): q.MemberListParams => ({ ...parseListQuery(query), archived: archivedFilter(query) }),
);

/**
 * Runs a save that writes `phone`: a unique violation answers 409, saying so when the contact with that number
 * is archived (the user cannot see it in the list). Caught, never pre-checked (two saves at once).
 */
async function refusingTakenPhone<T>(db: Kysely<Database>, tenantId: number, phone: string, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const holder = await db.selectFrom('members').select('archived_at').where('tenant_id', '=', tenantId).where('phone', '=', phone).executeTakeFirst();
    throw conflict(holder && holder.archived_at !== null ? ARCHIVED_PHONE : DUPLICATE_PHONE);
  }
}

const TAG = 'Contacts';
const saved = savedOf('member', memberRow);

/**
 * Contacts (spec 2.7, 7): GET/POST /member, PUT /member/{id}, and ours GET /member/{id} (what the edit screen
 * opens) and GET /member/{id}/activity (its history). The bodies are documented from the shared schemas but
 * validated here, with the partner's country as yup context (local phone numbers). A change is made over the
 * version its form was read at (db/record-versions.ts), and writes its activity event in its transaction.
 * Archived contacts are listed with ?archived=only; archiving, restoring and erasing are archive-routes.ts.
 */
export async function memberRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }) {
  app.get(
    '/member',
    {
      ...needs('contacts.read'),
      schema: {
        tags: [TAG],
        summary: 'List the active contacts, or with ?archived=only the archived ones',
        querystring: memberListQuery,
        response: { 200: listOf('members', memberRow), ...failures(400, 401, 403) },
      },
    },
    async (request) => listAnswer('members', await q.listMembers(db, request.tenantId, request.query as q.MemberListParams)),
  );

  const create = { tags: [TAG], summary: 'Create a contact', body: documentedBody(contactSchema), response: { 201: saved, ...failures(400, 401, 403, 409) } };
  app.post('/member', { ...needs('contacts.write'), schema: create }, async (request, reply) => {
    const input = await validBody(contactSchema, request.body, { country: await partnerCountry(db, request.tenantId) });
    const id = await refusingTakenPhone(db, request.tenantId, input.mobile, () =>
      request.tenant.transaction(async (trx) => {
        const id = await trx.raw((trxDb, tenantId) => q.insertMember(trxDb, tenantId, input));
        const member = await trx.raw((trxDb, tenantId) => q.findMember(trxDb, tenantId, id));
        await recordActivity(trx, { action: 'create', entity: 'contact', entityId: id, changes: member ? createdValues(loggedFields(member)) : [] });
        return id;
      }),
    );
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
    const found = await refusingTakenPhone(db, request.tenantId, input.mobile, () =>
      savingVersion(request.tenant, 'members', id, { userId: request.userId, version }, async (trx) => {
        const before = await trx.raw((trxDb, tenantId) => q.findMember(trxDb, tenantId, id));
        if (!before) return false;
        // Thrown inside the transaction: the version taken for this save is given back.
        if (before.erased) throw conflict(ERASED_FOR_GOOD);
        await trx.raw((trxDb, tenantId) => q.updateMember(trxDb, tenantId, id, input));
        const after = await trx.raw((trxDb, tenantId) => q.findMember(trxDb, tenantId, id));
        await recordActivity(trx, { action: 'update', entity: 'contact', entityId: id, changes: changesBetween(loggedFields(before), after && loggedFields(after)) });
        return true;
      }),
    );
    if (!found) throw notFound(CONTACT_NOT_FOUND);
    return savedMember(db, request.tenantId, id);
  });

  historyRoute(app, {
    path: 'member',
    entity: 'contact',
    tag: TAG,
    permission: 'contacts.read',
    notFound: CONTACT_NOT_FOUND,
    exists: async (scope, id) => (await scope.raw((scopeDb, tenantId) => q.findMember(scopeDb, tenantId, id))) !== undefined,
  });
}

async function savedMember(db: Kysely<Database>, tenantId: number, id: number): Promise<MemberSaveResponse> {
  const member = await q.findMember(db, tenantId, id);
  if (!member) throw new HttpError(500, 'The saved contact could not be read back');
  return { status_msg: CONTACT_SAVED, member };
}
