import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/schema';

/**
 * Sign-ins (issue 25.7, migration 0022): each login starts a row in `user_sessions`, named by the token's `sid`
 * claim. 'Where you are signed in' lists a user's open ones; ending one refuses its token from the next
 * request on, in every API process (the token guard reads the row with the user, tenant-hook.ts).
 */

/** How stale `last_seen_at` may get before a request writes it again: one write per session every few minutes, not per request. */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** The device as the browser names it, bounded as the column is. */
const userAgentOf = (request: FastifyRequest) => String(request.headers['user-agent'] ?? '').slice(0, 300);

/** Starts a sign-in for `userId` from `request`'s device and address; answers its id (the token's `sid`). */
export async function startSession(db: Kysely<Database>, userId: number, request: FastifyRequest): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('user_sessions')
    .values({ id, user_id: userId, user_agent: userAgentOf(request), address: String(request.ip ?? '').slice(0, 64) })
    .execute();
  return id;
}

/** Notes that the session was used now, when its last note is older than LAST_SEEN_EVERY_MS (the guard knows). */
export async function touchSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await sql`update user_sessions set last_seen_at = now() where id = ${sessionId}::uuid and ended_at is null`.execute(db);
}

/**
 * The user's open sign-ins, last used first. A session not used for a token's lifetime is left out: its
 * token has expired (a later password change gives the session a new token, and uses it, so it stays).
 */
export function openSessions(db: Kysely<Database>, userId: number, tokenTtlSeconds: number) {
  return db
    .selectFrom('user_sessions')
    .select(['id', 'user_agent', 'address', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('last_seen_at', '>', sql<Date>`now() - make_interval(secs => ${tokenTtlSeconds})`)
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .limit(MAX_LISTED)
    .execute();
}

/** More would be no list a person reads: the newest are shown. */
const MAX_LISTED = 100;

/** Ends the user's sign-in `sessionId`; false when they have no such open one. */
export async function endSession(db: Kysely<Database>, userId: number, sessionId: string): Promise<boolean> {
  const result = await db
    .updateTable('user_sessions')
    .set({ ended_at: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
