import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  SECURITY_PATH,
  securityRequest,
  securitySaved,
  securitySettings,
  TWO_STEP_REQUIRED_OFF,
  TWO_STEP_REQUIRED_ON,
  type SecurityRequest,
  type SecuritySaved,
  type SecuritySettings,
} from '@ushirika/shared/contract';
import { changesBetween, writeActivity } from '../activity/record';
import type { Database } from '../db/schema';
import { conflict } from '../http/errors';
import { bodyFrom, failures, jsonSchemaOf } from '../http/schema';
import { needs } from './permissions';

/**
 * The partner's rule that owners and treasurers sign in with a second step (partners.require_two_step; issue
 * 25.6), which only owners control (security.manage). Turned on, an owner or treasurer without two-step keeps
 * signing in but may do nothing until they enrol it (tenant-hook.ts effectivePermissions); the owner turning it
 * on must have enrolled already.
 */
export const ENROL_FIRST = 'Turn on two-step sign-in for yourself first (your menu, Two-step sign-in): the rule applies to you too.';

export async function securityRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }) {
  const read = {
    tags: ['Staff'],
    summary: 'Whether owners and treasurers must sign in with a second step',
    response: { 200: { description: 'The rule', ...jsonSchemaOf(securitySettings, 'output') }, ...failures(401, 403) },
  };
  app.get(`/${SECURITY_PATH}`, { ...needs('security.manage'), schema: read }, async (request): Promise<SecuritySettings> => {
    const partner = await db.selectFrom('partners').select('require_two_step').where('id', '=', request.tenantId).executeTakeFirstOrThrow();
    return { requireTwoStep: partner.require_two_step };
  });

  const change = {
    tags: ['Staff'],
    summary: 'Require (or stop requiring) two-step sign-in for owners and treasurers',
    body: bodyFrom(securityRequest),
    response: { 200: { description: 'Saved', ...jsonSchemaOf(securitySaved, 'output') }, ...failures(400, 401, 403, 409) },
  };
  app.put(`/${SECURITY_PATH}`, { ...needs('security.manage'), schema: change }, async (request): Promise<SecuritySaved> => {
    const { requireTwoStep } = request.body as SecurityRequest;
    // The rule binds the owner who sets it: without a second step of their own they would be left, at once,
    // with no permission but to enrol one. They enrol first.
    if (requireTwoStep) {
      const caller = await db.selectFrom('users').select('totp_enabled_at').where('id', '=', request.userId).executeTakeFirst();
      if (caller?.totp_enabled_at === null) throw conflict(ENROL_FIRST);
    }
    // The rule and its `update partner` event (the rule before and after, read under the row's lock) commit together.
    await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('partners').select('require_two_step').where('id', '=', request.tenantId).forUpdate().executeTakeFirstOrThrow();
      await trx.updateTable('partners').set({ require_two_step: requireTwoStep }).where('id', '=', request.tenantId).execute();
      const changes = changesBetween({ requireTwoStep: before.require_two_step }, { requireTwoStep });
      await writeActivity(trx, request.tenantId, request.tenant.actor, { action: 'update', entity: 'partner', entityId: request.tenantId, changes });
    });
    request.log.info({ requireTwoStep }, 'two-step rule changed');
    return { status_msg: requireTwoStep ? TWO_STEP_REQUIRED_ON : TWO_STEP_REQUIRED_OFF, requireTwoStep };
  });
}
