import { sql, type Kysely } from 'kysely';
import { normalizePhone } from '@ushirika/shared/validation';
import type { Database } from '../db/schema';

/**
 * Staff sign in (and ask for a forgotten password's code) with their email or their mobile number (issue 25).
 * A login names no partner, so a number typed without its country code is read in each country partners are
 * in: `0712 345 678`, `712345678`, `254712345678` and `+254 712 345 678` all find +254712345678. A local
 * number may name a mobile in two countries (0772… is Kenyan and Ugandan): both accounts are candidates,
 * those whose partner is in the country it was read in first.
 */

/** At most this many accounts for one login (a local number read in several countries). */
const MAX_CANDIDATES = 4;

const userColumns = [
  'u.id',
  'u.email',
  'u.phone',
  'u.password_hash',
  'u.first_name',
  'u.last_name',
  'u.token_generation',
  'u.roles',
  'u.active',
  'u.totp_enabled_at',
  'p.require_two_step',
  'p.id as partner_id',
  'p.name as partner_name',
  'p.product',
  'p.areas',
  'p.country',
  'p.time_zone',
] as const;

const loginUsers = (db: Kysely<Database>) => db.selectFrom('users as u').innerJoin('partners as p', 'p.id', 'u.partner_id').select(userColumns);

/** A user as the login, the second step, /me and the reset read them, with their partner. */
export type LoginUser = Awaited<ReturnType<ReturnType<typeof loginUsers>['executeTakeFirstOrThrow']>>;

/** True for what can only be an email address (a mobile number has no @). */
const isEmail = (login: string) => login.includes('@');

/** The mobile numbers (E.164) `login` may be, each with the country it was read in (null: typed with its country code). */
async function phoneReadings(db: Kysely<Database>, login: string): Promise<Map<string, string | null>> {
  const readings = new Map<string, string | null>();
  const international = /^\s*(\+|00)/.test(login);
  if (international) {
    const number = normalizePhone(login);
    if (number) readings.set(number, null);
    return readings;
  }
  // The countries partners are in: a handful of rows, read per login.
  const countries = await db.selectFrom('partners').select('country').distinct().execute();
  for (const { country } of countries) {
    const number = normalizePhone(login, country);
    if (number && !readings.has(number)) readings.set(number, country);
  }
  return readings;
}

/**
 * The accounts `login` (an email, or a mobile number in any form) names, best first: none, one, or for a local
 * number read in several countries a few. Login looks users up before any tenant is known: not tenant-scoped.
 */
export async function findLoginUsers(db: Kysely<Database>, login: string): Promise<LoginUser[]> {
  const text = login.trim();
  // PostgreSQL cannot compare text holding NUL: no login holds one.
  if (text === '' || text.includes('\u0000')) return [];
  if (isEmail(text)) {
    const user = await loginUsers(db)
      .where(sql<string>`lower(u.email)`, '=', text.toLowerCase())
      .executeTakeFirst();
    return user ? [user] : [];
  }
  const readings = await phoneReadings(db, text);
  if (readings.size === 0) return [];
  const users = await loginUsers(db)
    .where('u.phone', 'in', [...readings.keys()])
    .orderBy('u.id')
    .limit(MAX_CANDIDATES)
    .execute();
  // The account whose partner is in the country the number was read in comes first.
  const home = (user: LoginUser) => (readings.get(user.phone!) === user.country || readings.get(user.phone!) === null ? 0 : 1);
  return users.sort((a, b) => home(a) - home(b));
}

/** One user by id, as findLoginUsers reads them (the second step, /me). */
export function findUserById(db: Kysely<Database>, userId: number): Promise<LoginUser | undefined> {
  return loginUsers(db).where('u.id', '=', userId).executeTakeFirst();
}

/**
 * The key the per-account limits count `login` under (rate-limits.ts): the accounts it names, so that every
 * form of one mobile number shares one count, or the text itself when it names none.
 */
export function accountKey(login: string, users: readonly LoginUser[]): string {
  return users.length > 0
    ? `users:${users
        .map((user) => user.id)
        .sort((a, b) => a - b)
        .join(',')}`
    : login.trim().toLowerCase();
}
