import type { FastifyInstance } from 'fastify';
import { activityRow, recordActivityPath, type ActivityEntity, type Permission } from '@ushirika/shared/contract';
import { needs } from '../auth/permissions';
import type { TenantScope } from '../db/tenant-scope';
import { notFound } from '../http/errors';
import { listAnswer, type ListParams } from '../http/list-query';
import { failures, idParams, listOf, listQuerySchema } from '../http/schema';
import { recordHistory } from './queries';

export interface HistoryRoute {
  /** The resource's path: the history is `GET /<path>/{id}/activity`. */
  path: string;
  entity: ActivityEntity;
  tag: string;
  /** Whoever may read the record reads its history. */
  permission: Permission;
  /** The record's 404 text; `exists` tells whether the partner has it. */
  notFound: string;
  exists(scope: TenantScope, id: number): Promise<boolean>;
}

/**
 * `GET /<path>/{id}/activity?page&pagesize` -> { activity, total }: a record's own history (issue 26.2), shown on
 * its edit screen. Another partner's record answers 404 like an unknown one.
 */
export function historyRoute(app: FastifyInstance, route: HistoryRoute): void {
  app.get(
    `/${recordActivityPath(route.path, ':id')}`,
    {
      ...needs(route.permission),
      schema: {
        tags: [route.tag],
        summary: `The history of one ${route.entity.replace('_', ' ')}: who changed what, newest first`,
        params: idParams(route.notFound),
        querystring: listQuerySchema,
        response: { 200: listOf('activity', activityRow), ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      if (!(await route.exists(request.tenant, id))) throw notFound(route.notFound);
      return listAnswer('activity', await recordHistory(request.tenant, route.entity, String(id), request.query as ListParams));
    },
  );
}
