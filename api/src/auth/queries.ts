import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Login looks a user up before any tenant is known: the one query that is not tenant-scoped. */
export function findLoginUser(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('partners as p', 'p.id', 'u.partner_id')
    .select(['u.id', 'u.email', 'u.password_hash', 'u.first_name', 'u.last_name', 'p.id as partner_id', 'p.name as partner_name', 'p.product', 'p.country'])
    .where(sql<string>`lower(u.email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}
