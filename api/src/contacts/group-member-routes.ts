import type { FastifyInstance } from 'fastify';
import { groupMemberRow, groupRow, type GroupSaveResponse } from '@ushirika/shared/contract';
import { groupMembersSchema, parseIdList, type GroupMembersInput } from '@ushirika/shared/validation';
import { badRequest, notFound } from '../http/errors';
import { listAnswer, type ListParams } from '../http/list-query';
import { bodyFrom, failures, idParams, listOf, listQuerySchema, savedOf, staleOrDuplicate, withVersion } from '../http/schema';
import { savingVersion } from '../db/record-versions';
import * as q from './group-member-queries';
import { groupQueries, groups } from './groups';
import { needs } from '../auth/permissions';
import { recordActivity } from '../activity/record';

export const GROUP_MEMBERS_SAVED = 'Group members saved successfully!';
export const UNKNOWN_MEMBERS = 'Some of the selected contacts were not found. Reload the contacts and try again.';
const BAD_ID_LIST = 'Selected members must be contact ids separated by commas';
const GROUP_NOT_FOUND = groups.texts.notFound;
const TAG = 'Contacts';

/** Group membership (spec 2.8, 7): GET /groupmembers/{groupId}, POST /groupmembers; every query through the partner's scope. */
export async function groupMemberRoutes(app: FastifyInstance) {
  const list = {
    tags: [TAG],
    summary: "List a group's members (latest to join first; createdAt is the join date)",
    // The id first: a malformed one answers 404 before a bad list query answers 400.
    params: idParams(GROUP_NOT_FOUND, 'groupId'),
    querystring: listQuerySchema,
    response: { 200: listOf('members', groupMemberRow), ...failures(400, 401, 403, 404) },
  };
  app.get('/groupmembers/:groupId', { ...needs('groups.read'), schema: list }, async (request) => {
    const { groupId } = request.params as { groupId: number };
    const params = request.query as ListParams;
    if (!(await q.groupBelongsTo(request.tenant, groupId))) throw notFound(GROUP_NOT_FOUND);
    return listAnswer('members', await q.listGroupMembers(request.tenant, groupId, params));
  });

  /**
   * Replaces the whole membership; answers the group. Nothing changes unless the group and every contact are the
   * tenant's. A membership change is a change of the group: made over the group's version the editor read (the
   * whole list is replaced, so a second editor's older list must not silently undo the first's). One activity
   * event per save, with how many joined and left (never who: a bulk change's counts).
   */
  const saveBody = withVersion(groupMembersSchema);
  const save = {
    tags: [TAG],
    summary: "Replace a group's whole membership, over the group's version the editor read; answers the group",
    body: bodyFrom(saveBody),
    response: { 200: savedOf('group', groupRow), ...failures(400, 401, 403, 404), 409: staleOrDuplicate },
  };
  app.post('/groupmembers', { ...needs('groups.write'), schema: save }, async (request): Promise<GroupSaveResponse> => {
    const { version, ...input } = request.body as GroupMembersInput & { version?: number };
    const memberIds = parseIdList(input.selectedRecords);
    if (memberIds === null) throw badRequest(BAD_ID_LIST);
    const saved = await savingVersion(request.tenant, 'groups', input.group, { userId: request.userId, version }, async (trx) => {
      const outcome = await q.replaceGroupMembers(trx, input.group, memberIds);
      // Thrown, so that the group's version goes back too.
      if (outcome === 'unknown-member') throw notFound(UNKNOWN_MEMBERS);
      if (outcome === 'unknown-group') return false;
      await recordActivity(trx, { action: 'update', entity: 'group_members', entityId: input.group, details: { added: outcome.added, removed: outcome.removed } });
      return true;
    });
    if (!saved) throw notFound(GROUP_NOT_FOUND);
    const group = await groupQueries.find(request.tenant, input.group);
    if (!group) throw notFound(GROUP_NOT_FOUND);
    return { status_msg: GROUP_MEMBERS_SAVED, group };
  });
}
