import { sql, type Kysely } from 'kysely';
import { compiledOnce } from '../db/compiled-once';
import type { Database } from '../db/schema';

/** Login looks a user up before any tenant is known: the one query that is not tenant-scoped. */
export function findLoginUser(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('partners as p', 'p.id', 'u.partner_id')
    .select([
      'u.id',
      'u.email',
      'u.password_hash',
      'u.first_name',
      'u.last_name',
      'u.token_generation',
      'p.id as partner_id',
      'p.name as partner_name',
      'p.product',
      'p.country',
      'p.time_zone',
    ])
    .where(sql<string>`lower(u.email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

const sessionUser = compiledOnce((db, userId: number) => db.selectFrom('users').select(['partner_id', 'token_generation']).where('id', '=', userId));

/** What the token guard checks on every authenticated request: one primary-key lookup, compiled once. */
export async function findSessionUser(db: Kysely<Database>, userId: number) {
  return (await sessionUser(db, userId))[0];
}

/** The signed-in user's password hash and token generation, for a password change. */
export function findPasswordUser(db: Kysely<Database>, userId: number) {
  return db.selectFrom('users').select(['id', 'partner_id', 'password_hash', 'token_generation']).where('id', '=', userId).executeTakeFirst();
}

/**
 * Starts a new token generation (every token issued before is refused), storing a new password hash with
 * it when given, in one statement. Answers the new generation, or undefined when the user is gone.
 */
export async function startTokenGeneration(db: Kysely<Database>, userId: number, passwordHash?: string): Promise<number | undefined> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ token_generation: eb('token_generation', '+', 1), ...(passwordHash === undefined ? {} : { password_hash: passwordHash }) }))
    .where('id', '=', userId)
    .returning('token_generation')
    .executeTakeFirst();
  return row?.token_generation;
}
