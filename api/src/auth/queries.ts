import { sql, type Kysely } from 'kysely';
import { compiledOnce } from '../db/compiled-once';
import type { Database } from '../db/schema';
import { withinTransaction } from '../db/within-transaction';

const sessionUser = compiledOnce((db, userId: number, sessionId: string | null) =>
  db
    .selectFrom('users as u')
    .innerJoin('partners as p', 'p.id', 'u.partner_id')
    .leftJoin('user_sessions as s', (join) => join.on('s.id', '=', sql<string>`${sessionId}::uuid`).onRef('s.user_id', '=', 'u.id'))
    .select([
      'u.partner_id',
      'u.token_generation',
      'u.roles',
      'u.active',
      'u.totp_enabled_at',
      'p.require_two_step',
      'p.product',
      'p.areas',
      'p.time_zone',
      's.id as session_id',
      's.ended_at as session_ended_at',
      's.last_seen_at as session_last_seen_at',
    ])
    .where('u.id', '=', userId),
);

/**
 * What the token guard checks on every authenticated request, in one primary-key lookup compiled once: the
 * user (partner, token generation, roles, active, second step), its partner's two-step rule, product and areas, and the sign-in
 * the token names (none for a token issued before sign-ins were kept).
 */
export async function findSessionUser(db: Kysely<Database>, userId: number, sessionId: string | null) {
  return (await sessionUser(db, userId, sessionId))[0];
}

/** The signed-in user's password hash and token generation, for a password change. */
export function findPasswordUser(db: Kysely<Database>, userId: number) {
  return db.selectFrom('users').select(['id', 'partner_id', 'password_hash', 'token_generation']).where('id', '=', userId).executeTakeFirst();
}

/** A new token generation: its number, and how many open sign-ins it ended. */
export interface TokenGeneration {
  generation: number;
  endedSessions: number;
}

/**
 * Starts a new token generation (every token issued before is refused), storing a new password hash with
 * it when given, and ends the user's open sign-ins but `keepSessionId` (a password change keeps its own), so
 * 'Where you are signed in' lists none of them. Inside the caller's transaction, or one of its own. Answers
 * the new generation, or undefined when the user is gone.
 */
export async function startTokenGeneration(
  db: Kysely<Database>,
  userId: number,
  passwordHash?: string,
  keepSessionId: string | null = null,
): Promise<TokenGeneration | undefined> {
  return withinTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('users')
      .set((eb) => ({ token_generation: eb('token_generation', '+', 1), ...(passwordHash === undefined ? {} : { password_hash: passwordHash }) }))
      .where('id', '=', userId)
      .returning('token_generation')
      .executeTakeFirst();
    if (!row) return undefined;
    return { generation: row.token_generation, endedSessions: await endSessions(trx, userId, keepSessionId) };
  });
}

/** Ends the user's open sign-ins, but `keepSessionId` when given; answers how many ended. */
export async function endSessions(db: Kysely<Database>, userId: number, keepSessionId: string | null = null): Promise<number> {
  const result = await db
    .updateTable('user_sessions')
    .set({ ended_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .$if(keepSessionId !== null, (qb) => qb.where('id', '<>', keepSessionId!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
