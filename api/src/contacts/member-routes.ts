import type { FastifyInstance } from 'fastify';
import {
  MEMBER_ARCHIVED_FILTERS,
  MEMBER_MEMBERSHIP_FILTERS,
  memberRow,
  type MemberArchivedFilter,
  type MemberMembershipFilter,
  type MemberSaveResponse,
} from '@ushirika/shared/contract';
import { contactEditSchema, contactSchema, isId } from '@ushirika/shared/validation';
import { historyRoute } from '../activity/history-route';
import { changesBetween, createdValues, recordActivity } from '../activity/record';
import { isUniqueViolation } from '../db/errors';
import type { TenantScope } from '../db/tenant-scope';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import { listAnswer, parseListQuery } from '../http/list-query';
import { documentedBody, failures, idParams, listOf, listQuerySchema, recordOf, savedOf, staleOrDuplicate, validatedBy, withVersion } from '../http/schema';
import { savingVersion } from '../db/record-versions';
import { partnerCountry } from '../partners/queries';
import { ERASED_FOR_GOOD, loggedFields } from './archive';
import { ALREADY_A_CONTACT } from './import';
import { memberQueries, type MemberInput, type MemberListParams } from './member-queries';
import { validBody } from '../http/route-helpers';
import { needs } from '../auth/permissions';

/** Spec 8: the same text after a create and after an edit. */
export const CONTACT_SAVED = 'New contact saved successfully!';
export const CONTACT_NOT_FOUND = 'Contact not found';
/** The import's note for a mobile the partner already has; the same text on the form. */
export const DUPLICATE_PHONE = ALREADY_A_CONTACT;
/** The same, when the contact with that mobile is archived (and so out of the list the user looks at). */
export const ARCHIVED_PHONE = 'An archived contact has this mobile number. Show the archived contacts to restore it.';
/** Another of the partner's contacts (archived or not) has the external id (issue 27.2). */
export const EXTERNAL_ID_TAKEN = 'Another contact has this External ID';
/** The unique index of the external ids (migration 0026): the database names it in its violation. */
const EXTERNAL_ID_KEY = 'members_external_id_key';

const ARCHIVED_FILTER_REFUSED = 'archived must be "only" (or empty for the active contacts)';
const MEMBERSHIP_FILTER_REFUSED = `membershipStatus must be one of ${MEMBER_MEMBERSHIP_FILTERS.join(', ')} (or empty for every contact)`;
const HOUSEHOLD_FILTER_REFUSED = 'householdId must be a household id (a whole number from 1)';

/** A query parameter given at most once: undefined when absent or empty. */
function singleValue(query: unknown, name: string, refused: string): string | undefined {
  const raw = (query as Record<string, unknown> | null)?.[name];
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw badRequest(refused);
  return raw;
}

function archivedFilter(query: unknown): MemberArchivedFilter | undefined {
  const raw = singleValue(query, 'archived', ARCHIVED_FILTER_REFUSED);
  if (raw !== undefined && !(MEMBER_ARCHIVED_FILTERS as readonly string[]).includes(raw)) throw badRequest(ARCHIVED_FILTER_REFUSED);
  return raw as MemberArchivedFilter | undefined;
}

function membershipFilter(query: unknown): MemberMembershipFilter | undefined {
  const raw = singleValue(query, 'membershipStatus', MEMBERSHIP_FILTER_REFUSED);
  if (raw !== undefined && !(MEMBER_MEMBERSHIP_FILTERS as readonly string[]).includes(raw)) throw badRequest(MEMBERSHIP_FILTER_REFUSED);
  return raw as MemberMembershipFilter | undefined;
}

function householdFilter(query: unknown): number | undefined {
  const raw = singleValue(query, 'householdId', HOUSEHOLD_FILTER_REFUSED)?.trim();
  if (raw === undefined || raw === '') return undefined;
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!isId(id)) throw badRequest(HOUSEHOLD_FILTER_REFUSED);
  return id;
}

/** GET /member and its export: the standard list query, `?archived=only` (issue 26.5), `membershipStatus` and `householdId` (issue 27.5). */
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
      membershipStatus: {
        type: 'string',
        enum: [...MEMBER_MEMBERSHIP_FILTERS, ''],
        description: "The contacts with this membership status; 'none': those without one; empty = every contact",
      },
      householdId: {
        type: 'integer',
        minimum: 1,
        description: "The members of this household (another partner's household matches nobody); empty = every contact",
      },
    },
  },
  (query): MemberListParams => ({
    ...parseListQuery(query),
    archived: archivedFilter(query),
    membershipStatus: membershipFilter(query),
    householdId: householdFilter(query),
  }),
);

/**
 * Runs a save that writes `phone` and the external id: a unique violation answers 409, for the external id when
 * its key was violated, else for the mobile, saying so when the contact with that number is archived (the user
 * cannot see it in the list). Caught, never pre-checked (two saves at once).
 */
async function refusingTaken<T>(scope: TenantScope, phone: string, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if ((error as { constraint?: string }).constraint === EXTERNAL_ID_KEY) throw conflict(EXTERNAL_ID_TAKEN);
    const holder = await scope.selectFrom('members').select('archived_at').where('phone', '=', phone).executeTakeFirst();
    throw conflict(holder && holder.archived_at !== null ? ARCHIVED_PHONE : DUPLICATE_PHONE);
  }
}

/**
 * The fields issue 27 added to the form. A change whose body does not name one (a contacts screen built before
 * them, running on its own copy: docs/architecture.md) keeps its stored value rather than clearing it; '' clears.
 */
const LATER_FIELDS = ['dateOfBirth', 'membershipStatus', 'maritalStatus', 'externalId'] as const;

function keepingUnnamed(input: MemberInput, body: unknown): MemberInput {
  const named = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const kept = LATER_FIELDS.filter((field) => named[field] === undefined);
  return { ...input, ...Object.fromEntries(kept.map((field) => [field, undefined])) };
}

const TAG = 'Contacts';
const saved = savedOf('member', memberRow);

/**
 * Contacts (spec 2.7, 7): GET/POST /member, PUT /member/{id}, and ours GET /member/{id} (what the edit screen
 * opens) and GET /member/{id}/activity (its history). The bodies are documented from the shared schemas but
 * validated here, with the partner's country as yup context (local phone numbers). A change is made over the
 * version its form was read at (db/record-versions.ts), and writes its activity event in its transaction; the
 * contact the event was built from, read inside it, is the answer. Every query goes through the partner's scope
 * (`memberQueries`). Archived contacts are listed with ?archived=only; archiving, restoring and erasing are
 * archive-routes.ts.
 */
export async function memberRoutes(app: FastifyInstance) {
  app.get(
    '/member',
    {
      ...needs('contacts.read'),
      schema: {
        tags: [TAG],
        summary: 'List the active contacts, or with ?archived=only the archived ones; filter on membership status or household',
        querystring: memberListQuery,
        response: { 200: listOf('members', memberRow), ...failures(400, 401, 403) },
      },
    },
    async (request) => listAnswer('members', await memberQueries.list(request.tenant, request.query as MemberListParams)),
  );

  const create = { tags: [TAG], summary: 'Create a contact', body: documentedBody(contactSchema), response: { 201: saved, ...failures(400, 401, 403, 409) } };
  app.post('/member', { ...needs('contacts.write'), schema: create }, async (request, reply): Promise<MemberSaveResponse> => {
    const input = await validBody(contactSchema, request.body, { country: await request.tenant.raw(partnerCountry) });
    const member = await refusingTaken(request.tenant, input.mobile, () =>
      request.tenant.transaction(async (trx) => {
        const id = await memberQueries.insert(trx, input);
        const created = await readBack(trx, id);
        await recordActivity(trx, { action: 'create', entity: 'contact', entityId: id, changes: createdValues(loggedFields(created)) });
        return created;
      }),
    );
    return reply.code(201).send({ status_msg: CONTACT_SAVED, member });
  });

  const one = {
    tags: [TAG],
    summary: 'One contact, with its version and household (what the edit screen opens)',
    params: idParams(CONTACT_NOT_FOUND),
    response: { 200: recordOf('member', memberRow), ...failures(401, 403, 404) },
  };
  app.get('/member/:id', { ...needs('contacts.read'), schema: one }, async (request) => {
    const member = await memberQueries.find(request.tenant, (request.params as { id: number }).id);
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
  app.put('/member/:id', { ...needs('contacts.write'), schema: change }, async (request): Promise<MemberSaveResponse> => {
    const { id } = request.params as { id: number };
    const { version, ...valid } = await validBody(changeBody, request.body, { country: await request.tenant.raw(partnerCountry) });
    const input = keepingUnnamed(valid, request.body);
    const member = await refusingTaken(request.tenant, input.mobile, () =>
      savingVersion(request.tenant, 'members', id, { userId: request.userId, version }, async (trx) => {
        const before = await memberQueries.find(trx, id);
        if (!before) return false;
        // Thrown inside the transaction: the version taken for this save is given back.
        if (before.erased) throw conflict(ERASED_FOR_GOOD);
        await memberQueries.update(trx, id, input);
        const after = await readBack(trx, id);
        await recordActivity(trx, { action: 'update', entity: 'contact', entityId: id, changes: changesBetween(loggedFields(before), loggedFields(after)) });
        return after;
      }),
    );
    if (!member) throw notFound(CONTACT_NOT_FOUND);
    return { status_msg: CONTACT_SAVED, member };
  });

  historyRoute(app, {
    path: 'member',
    entity: 'contact',
    tag: TAG,
    permission: 'contacts.read',
    notFound: CONTACT_NOT_FOUND,
    exists: async (scope, id) => (await memberQueries.find(scope, id)) !== undefined,
  });
}

/** The contact just saved, as the API answers it (read inside the save's transaction). */
async function readBack(scope: TenantScope, id: number) {
  const member = await memberQueries.find(scope, id);
  if (!member) throw new HttpError(500, 'The saved contact could not be read back');
  return member;
}
