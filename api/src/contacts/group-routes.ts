import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { GroupSaveResponse, GroupTypeSaveResponse } from '@ushirika/shared/contract';
import { groupSchema, groupTypeSchema } from '@ushirika/shared/validation';
import type { Database } from '../db/schema';
import { badRequest, HttpError, notFound } from '../http/errors';
import { listResponse, parseListQuery } from '../http/list-query';
import * as groups from './group-queries';
import * as types from './group-type-queries';
import { idParam, refusingDuplicates, refusingUnknownReference, validBody } from '../http/route-helpers';

export const GROUP_TYPE_SAVED = 'New group type saved successfully!';
export const GROUP_SAVED = 'New group saved successfully!';
export const GROUP_TYPE_NOT_FOUND = 'Group type not found';
export const GROUP_NOT_FOUND = 'Group not found';
export const DUPLICATE_GROUP_TYPE = 'A group type with this name already exists';
export const UNKNOWN_GROUP_TYPE = 'Choose a group type from the list';

type IdParams = { Params: { id: string } };

/**
 * Group types and groups (spec 2.8, 2.9, 7). PUT /group_types/{id} saves a group type only: the
 * legacy client's group edit through it is replaced by PUT /groups/{id} (docs/spec-deviations.md).
 */
export async function groupRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }) {
  app.get('/group_types', async (request) =>
    listResponse('group_types', types.listGroupTypes(db, request.tenantId, parseListQuery(request.query))),
  );

  app.post('/group_types', async (request, reply) => {
    const input = await validBody(groupTypeSchema, request.body);
    const id = await refusingDuplicates(DUPLICATE_GROUP_TYPE, () => types.insertGroupType(db, request.tenantId, input));
    return reply.code(201).send(await savedGroupType(db, request.tenantId, id));
  });

  app.put<IdParams>('/group_types/:id', async (request) => {
    const id = idParam(request.params.id, GROUP_TYPE_NOT_FOUND);
    const input = await validBody(groupTypeSchema, request.body);
    const found = await refusingDuplicates(DUPLICATE_GROUP_TYPE, () => types.updateGroupType(db, request.tenantId, id, input));
    if (!found) throw notFound(GROUP_TYPE_NOT_FOUND);
    return savedGroupType(db, request.tenantId, id);
  });

  app.get('/groups', async (request) => listResponse('groups', groups.listGroups(db, request.tenantId, parseListQuery(request.query))));

  app.post('/groups', async (request, reply) => {
    const input = await validGroup(db, request.tenantId, request.body);
    const id = await refusingUnknownReference(UNKNOWN_GROUP_TYPE, () => groups.insertGroup(db, request.tenantId, input));
    return reply.code(201).send(await savedGroup(db, request.tenantId, id));
  });

  app.put<IdParams>('/groups/:id', async (request) => {
    const id = idParam(request.params.id, GROUP_NOT_FOUND);
    const input = await validGroup(db, request.tenantId, request.body);
    const found = await refusingUnknownReference(UNKNOWN_GROUP_TYPE, () => groups.updateGroup(db, request.tenantId, id, input));
    if (!found) throw notFound(GROUP_NOT_FOUND);
    return savedGroup(db, request.tenantId, id);
  });
}

/** The schema, then the group type must be one of the tenant's (another tenant's id reads as unknown). */
async function validGroup(db: Kysely<Database>, tenantId: number, body: unknown) {
  const input = await validBody(groupSchema, body);
  if (!(await types.groupTypeBelongsTo(db, tenantId, input.groupType))) throw badRequest(UNKNOWN_GROUP_TYPE);
  return input;
}

async function savedGroupType(db: Kysely<Database>, tenantId: number, id: number): Promise<GroupTypeSaveResponse> {
  const groupType = await types.findGroupType(db, tenantId, id);
  if (!groupType) throw new HttpError(500, 'The saved group type could not be read back');
  return { status_msg: GROUP_TYPE_SAVED, group_type: groupType };
}

export async function savedGroup(db: Kysely<Database>, tenantId: number, id: number, message = GROUP_SAVED): Promise<GroupSaveResponse> {
  const group = await groups.findGroup(db, tenantId, id);
  if (!group) throw new HttpError(500, 'The saved group could not be read back');
  return { status_msg: message, group };
}
