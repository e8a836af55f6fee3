import type { FastifyInstance } from 'fastify';
import type { ActivityEntity, Permission } from '@ushirika/shared/contract';
import { changesBetween, recordActivity } from '../activity/record';
import { needs } from '../auth/permissions';
import type { TenantScope } from '../db/tenant-scope';
import { notFound } from './errors';
import { failures, idParams } from './schema';

export interface DeleteRoute {
  /** The resource's path without a slash ('households'): the route is `DELETE /<path>/{id}`. */
  path: string;
  tag: string;
  permission: Permission;
  /** What the OpenAPI document says the delete does (and what it leaves). */
  summary: string;
  /** The 404 text of an id the partner does not have; `deleted` is the answer's text. */
  notFound: string;
  deleted: string;
  entity: ActivityEntity;
  /** The record as its events log it (the fields its `update` events name), or undefined when the partner has none. */
  find(scope: TenantScope, id: number): Promise<Record<string, unknown> | undefined>;
  /** Deletes it (inside the route's transaction); false when it was gone already. */
  remove(scope: TenantScope, id: number): Promise<boolean>;
}

/**
 * `DELETE /<path>/{id}` -> { status_msg }: the record and its `delete` event (every logged field, old -> none) in
 * one transaction; another partner's record answers 404 like an unknown one.
 */
export function deleteRoute(app: FastifyInstance, route: DeleteRoute): void {
  const schema = {
    tags: [route.tag],
    summary: route.summary,
    params: idParams(route.notFound),
    response: {
      200: { description: 'Deleted', type: 'object', required: ['status_msg'], properties: { status_msg: { type: 'string' } } },
      ...failures(401, 403, 404),
    },
  };
  app.delete(`/${route.path}/:id`, { ...needs(route.permission), schema }, async (request) => {
    const { id } = request.params as { id: number };
    const deleted = await request.tenant.transaction(async (trx) => {
      const before = await route.find(trx, id);
      if (!before || !(await route.remove(trx, id))) return false;
      await recordActivity(trx, { action: 'delete', entity: route.entity, entityId: id, changes: changesBetween(before, undefined) });
      return true;
    });
    if (!deleted) throw notFound(route.notFound);
    return { status_msg: route.deleted };
  });
}
