import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  HOUSEHOLD_DELETED,
  HOUSEHOLD_SAVED,
  householdDetailRow,
  householdRow,
  householdsPath,
  type HouseholdDetail,
  type HouseholdResponse,
  type HouseholdSaveResponse,
} from '@ushirika/shared/contract';
import { HOUSEHOLD_MEMBER_UNKNOWN, householdSchema, type HouseholdInput } from '@ushirika/shared/validation';
import { historyRoute } from '../activity/history-route';
import { changesBetween, createdValues, recordActivity } from '../activity/record';
import { needs } from '../auth/permissions';
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors';
import { savingVersion } from '../db/record-versions';
import type { Database } from '../db/schema';
import type { TenantScope } from '../db/tenant-scope';
import { deleteRoute } from '../http/delete-route';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import { listAnswer, type ListParams } from '../http/list-query';
import { bodyFrom, failures, idParams, listOf, listQuerySchema, recordOf, savedOf, staleOrDuplicate, withVersion } from '../http/schema';
import * as q from './households';

export const HOUSEHOLD_NOT_FOUND = 'Household not found';
/** A chosen contact already in another household: its name is the partner's own word, no person is named. */
export const inAnotherHousehold = (name: string) => `A contact you chose is already in the household "${name}". Remove them from it first.`;
/** The same when the other household went away before it could be named (two saves at once). */
const IN_ANOTHER_HOUSEHOLD = 'A contact you chose is already in another household. Remove them from it first.';

const TAG = 'Contacts';
const EXAMPLE = {
  name: 'Otieno family',
  members: [
    { memberId: 12, role: 'head' },
    { memberId: 15, role: 'spouse' },
  ],
};
const memberIdsOf = (input: HouseholdInput) => input.members.map((member) => member.memberId);

/**
 * Households (issue 27.6; contract shared/src/contract/households.ts): the list, one with its members, create,
 * change over the version its form was read at, delete, and its history. Reading needs contacts.read, writing
 * contacts.write. Every write is one transaction with its one activity event (entity `household`), which names
 * the household's name and its members by contact id and role, never a person's name or number.
 */
export async function householdRoutes(app: FastifyInstance, _options: { db: Kysely<Database> }) {
  const saved = savedOf('household', householdDetailRow);

  app.get(
    `/${householdsPath}`,
    {
      ...needs('contacts.read'),
      schema: {
        tags: [TAG],
        summary: 'List households, by name',
        querystring: listQuerySchema,
        response: { 200: listOf('households', householdRow), ...failures(400, 401, 403) },
      },
    },
    async (request) => listAnswer('households', await q.listHouseholds(request.tenant, request.query as ListParams)),
  );

  app.get(
    `/${householdsPath}/:id`,
    {
      ...needs('contacts.read'),
      schema: {
        tags: [TAG],
        summary: 'One household with its members (head first), and its version',
        params: idParams(HOUSEHOLD_NOT_FOUND),
        response: { 200: recordOf('household', householdDetailRow), ...failures(401, 403, 404) },
      },
    },
    async (request): Promise<HouseholdResponse> => {
      const household = await q.findHousehold(request.tenant, (request.params as { id: number }).id);
      if (!household) throw notFound(HOUSEHOLD_NOT_FOUND);
      return { household };
    },
  );

  app.post(
    `/${householdsPath}`,
    {
      ...needs('contacts.write'),
      schema: {
        tags: [TAG],
        summary: 'Create a household',
        body: { ...bodyFrom(householdSchema), examples: [EXAMPLE] },
        response: { 201: saved, ...failures(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const input = request.body as HouseholdInput;
      await checkMembers(request.tenant, input);
      const household = await refusingTaken(request.tenant, input, undefined, () =>
        request.tenant.transaction(async (trx) => {
          const id = await q.insertHousehold(trx, input);
          const created = await readBack(trx, id);
          await recordActivity(trx, { action: 'create', entity: 'household', entityId: id, changes: createdValues(q.loggedHousehold(created)) });
          return created;
        }),
      );
      const body: HouseholdSaveResponse = { status_msg: HOUSEHOLD_SAVED, household };
      return reply.code(201).send(body);
    },
  );

  const changeBody = withVersion(householdSchema);
  app.put(
    `/${householdsPath}/:id`,
    {
      ...needs('contacts.write'),
      schema: {
        tags: [TAG],
        summary: 'Change a household and its members (the whole list), over the version its form was read at',
        params: idParams(HOUSEHOLD_NOT_FOUND),
        body: { ...bodyFrom(changeBody), examples: [{ ...EXAMPLE, version: 1 }] },
        response: { 200: saved, ...failures(400, 401, 403, 404), 409: staleOrDuplicate },
      },
    },
    async (request): Promise<HouseholdSaveResponse> => {
      const { id } = request.params as { id: number };
      const { version, ...input } = request.body as HouseholdInput & { version?: number };
      await checkMembers(request.tenant, input);
      const changed = await refusingTaken(request.tenant, input, id, () =>
        savingVersion(request.tenant, 'households', id, { userId: request.userId, version }, async (trx) => {
          const before = await q.findHousehold(trx, id);
          if (!before || !(await q.updateHousehold(trx, id, input))) return false;
          const after = await readBack(trx, id);
          await recordActivity(trx, {
            action: 'update',
            entity: 'household',
            entityId: id,
            changes: changesBetween(q.loggedHousehold(before), q.loggedHousehold(after)),
          });
          return after;
        }),
      );
      if (!changed) throw notFound(HOUSEHOLD_NOT_FOUND);
      return { status_msg: HOUSEHOLD_SAVED, household: changed };
    },
  );

  historyRoute(app, {
    path: householdsPath,
    entity: 'household',
    tag: TAG,
    permission: 'contacts.read',
    notFound: HOUSEHOLD_NOT_FOUND,
    exists: async (scope, id) => (await q.findHouseholdRow(scope, id)) !== undefined,
  });

  deleteRoute(app, {
    path: householdsPath,
    tag: TAG,
    permission: 'contacts.write',
    summary: 'Delete a household: its members stay contacts, in no household',
    notFound: HOUSEHOLD_NOT_FOUND,
    deleted: HOUSEHOLD_DELETED,
    entity: 'household',
    find: async (scope, id) => {
      const before = await q.findHousehold(scope, id);
      return before && q.loggedHousehold(before);
    },
    remove: q.deleteHousehold,
  });
}

/** Every chosen contact must be one of the partner's (not erased): 400 otherwise, another partner's alike. */
async function checkMembers(scope: TenantScope, input: HouseholdInput): Promise<void> {
  if ((await q.unknownMembers(scope, memberIdsOf(input))) > 0) throw badRequest(HOUSEHOLD_MEMBER_UNKNOWN);
}

/** The household just saved, as the API answers it (read inside the save's transaction). */
async function readBack(scope: TenantScope, id: number): Promise<HouseholdDetail> {
  const household = await q.findHousehold(scope, id);
  if (!household) throw new HttpError(500, 'The saved household could not be read back');
  return household;
}

/**
 * Runs a save: a contact already in another household (the one-household-per-contact index) answers 409 naming
 * that household, looked up once the failed transaction is over; a contact that went away meanwhile 400. Caught,
 * never pre-checked, so two saves at once cannot both pass.
 */
async function refusingTaken<T>(scope: TenantScope, input: HouseholdInput, householdId: number | undefined, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw badRequest(HOUSEHOLD_MEMBER_UNKNOWN);
    if (!isUniqueViolation(error)) throw error;
    const other = await q.otherHouseholdOf(scope, memberIdsOf(input), householdId);
    throw conflict(other === undefined ? IN_ANOTHER_HOUSEHOLD : inAnotherHousehold(other));
  }
}
