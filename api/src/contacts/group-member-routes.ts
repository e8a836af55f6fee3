import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { GroupSaveResponse } from '@ushirika/shared/contract';
import { groupMembersSchema, parseIdList } from '@ushirika/shared/validation';
import type { Database } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { listResponse, parseListQuery } from '../http/list-query';
import * as q from './group-member-queries';
import { GROUP_NOT_FOUND, savedGroup } from './group-routes';
import { idParam, validBody } from '../http/route-helpers';

export const GROUP_MEMBERS_SAVED = 'Group members saved successfully!';
export const UNKNOWN_MEMBERS = 'Some of the selected contacts were not found. Reload the contacts and try again.';
const BAD_ID_LIST = 'Selected members must be contact ids separated by commas';

/** Group membership (spec 2.8, 7): GET /groupmembers/{groupId}, POST /groupmembers. */
export async function groupMemberRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }) {
  app.get<{ Params: { groupId: string } }>('/groupmembers/:groupId', async (request) => {
    const groupId = idParam(request.params.groupId, GROUP_NOT_FOUND);
    const params = parseListQuery(request.query);
    if (!(await q.groupBelongsTo(db, request.tenantId, groupId))) throw notFound(GROUP_NOT_FOUND);
    return listResponse('members', q.listGroupMembers(db, request.tenantId, groupId, params));
  });

  /** Replaces the whole membership; answers the group. Nothing changes unless the group and every contact are the tenant's. */
  app.post('/groupmembers', async (request): Promise<GroupSaveResponse> => {
    const input = await validBody(groupMembersSchema, request.body);
    const memberIds = parseIdList(input.selectedRecords);
    if (memberIds === null) throw badRequest(BAD_ID_LIST);
    const outcome = await q.replaceGroupMembers(db, request.tenantId, input.group, memberIds);
    if (outcome === 'unknown-group') throw notFound(GROUP_NOT_FOUND);
    if (outcome === 'unknown-member') throw notFound(UNKNOWN_MEMBERS);
    return savedGroup(db, request.tenantId, input.group, GROUP_MEMBERS_SAVED);
  });
}
