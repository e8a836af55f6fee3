import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { LOGGED_OUT, LOGOUT_PATH, SESSION_ENDED, SESSIONS_PATH, sessionsResponse, statusOnly, type SessionsResponse, type StatusOnly } from '@ushirika/shared/contract';
import { writeActivity } from '../activity/record';
import type { Database } from '../db/schema';
import { notFound } from '../http/errors';
import { failures, jsonSchemaOf } from '../http/schema';
import { deviceName } from './device-name';
import { needs } from './permissions';
import { endSession, openSessions } from './sessions';

const TAG = 'Session';
const NO_SUCH_SESSION = 'This session does not exist or has ended already.';
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Ends the signed-in user's session `sessionId` and writes its `sign_out` event, together; false (and no
 * event) when they have no such open session.
 */
function signOut(db: Kysely<Database>, request: FastifyRequest, sessionId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await endSession(trx, request.userId, sessionId))) return false;
    await writeActivity(trx, request.tenantId, request.tenant.actor, {
      action: 'sign_out',
      entity: 'session',
      entityId: sessionId,
      details: { sessions: 1 },
    });
    return true;
  });
}

/**
 * 'Where you are signed in' (issue 25.7): the signed-in user's own open sessions, ending any one of them
 * (its token is refused from its next request on, tenant-hook.ts), and logging out of this one.
 */
export async function sessionRoutes(app: FastifyInstance, { db, tokenTtlSeconds }: { db: Kysely<Database>; tokenTtlSeconds: number }) {
  const list = {
    tags: [TAG],
    summary: 'Where you are signed in: your open sessions, last used first',
    response: { 200: { description: 'The open sessions; `current` is the one of this request', ...jsonSchemaOf(sessionsResponse, 'output') }, ...failures(401) },
  };
  app.get(`/${SESSIONS_PATH}`, { ...needs('signed-in'), schema: list }, async (request): Promise<SessionsResponse> => {
    const rows = await openSessions(db, request.userId, tokenTtlSeconds);
    return {
      sessions: rows.map((row) => ({
        id: row.id,
        device: deviceName(row.user_agent),
        address: row.address,
        createdAt: new Date(row.created_at).toISOString(),
        lastSeenAt: new Date(row.last_seen_at).toISOString(),
        current: row.id === request.sessionId,
      })),
    };
  });

  const end = {
    tags: [TAG],
    summary: 'End one of your sessions: its device must sign in again',
    params: { type: 'object', properties: { id: { type: 'string', maxLength: 36, description: 'The session (from the list)' } }, required: ['id'] },
    response: { 200: { description: 'Ended', ...jsonSchemaOf(statusOnly, 'output') }, ...failures(401, 404) },
  };
  app.delete<{ Params: { id: string } }>(`/${SESSIONS_PATH}/:id`, { ...needs('signed-in'), schema: end }, async (request): Promise<StatusOnly> => {
    const id = request.params.id.toLowerCase();
    // Only the user's own: another's session is as unknown as one that never was.
    if (!SESSION_ID.test(id) || !(await signOut(db, request, id))) throw notFound(NO_SUCH_SESSION);
    request.log.info({ user: request.userId }, 'session ended');
    return { status_msg: SESSION_ENDED };
  });

  const logout = {
    tags: [TAG],
    summary: 'Log out: this session ends (the others go on)',
    response: { 200: { description: 'Logged out', ...jsonSchemaOf(statusOnly, 'output') }, ...failures(401) },
  };
  app.post(`/${LOGOUT_PATH}`, { ...needs('signed-in'), schema: logout }, async (request): Promise<StatusOnly> => {
    // A token issued before sessions were kept names none: it expires on its own (and no session ends, no event).
    if (request.sessionId !== null) await signOut(db, request, request.sessionId);
    return { status_msg: LOGGED_OUT };
  });
}
