import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { INVITATION_HOURS, INVITATION_PATH, type InvitationDetails } from '@ushirika/shared/contract';
import { staffActor, writeActivity } from '../activity/record';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/schema';

/**
 * Invitations (issue 25.3): a new staff member sets their own password from a one-time link, sent by SMS and
 * shown to whoever added them. The link's token is 32 random bytes (base64url, 43 characters); only its
 * SHA-256 is stored (users.invitation_hash), with the instant it expires (INVITATION_HOURS). A new link
 * replaces the hash, so the old one finds nobody; setting the password clears it, so a link works once. A
 * token is unguessable, so the public routes need no rate limit: a wrong one costs one indexed lookup, and
 * the password is hashed only for a token that is right.
 */

/** The token as the link carries it: what randomBytes(32) is in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface Invitation {
  token: string;
  hash: string;
  expiresAt: Date;
}

export function newInvitation(now = new Date()): Invitation {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOf(token), expiresAt: new Date(now.getTime() + INVITATION_HOURS * 3600_000) };
}

/**
 * The link: `${publicUrl}/invitation#${token}`. After '#', the token never reaches a server's access log or a
 * Referer header; the page reads it from location.hash.
 */
export const invitationUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, '')}/${INVITATION_PATH}#${token}`;

/** The SMS that carries the link (English, as the product's other texts to staff). */
export const invitationText = (partner: string, url: string) => `${partner} has added you to Ushirika. Set your password within ${INVITATION_HOURS} hours: ${url}`;

/** The user a valid, unexpired, unspent link invites (an active member without a password), or undefined. */
export async function findInvitation(db: Kysely<Database>, token: string): Promise<InvitationDetails | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const row = await db
    .selectFrom('users as u')
    .innerJoin('partners as p', 'p.id', 'u.partner_id')
    .select(['u.first_name', 'u.last_name', 'u.email', 'u.phone', 'p.name as partner'])
    .where('u.invitation_hash', '=', hashOf(token))
    .where('u.invitation_expires_at', '>', sql<Date>`now()`)
    .where('u.password_hash', 'is', null)
    .where('u.active', '=', true)
    .executeTakeFirst();
  return row && { name: `${row.first_name} ${row.last_name}`.trim(), partner: row.partner, login: row.email ?? row.phone ?? '' };
}

/**
 * Sets the invited member's password and spends the link, in one conditional update: of two requests with
 * the same link only one finds it unspent. Answers what they sign in with, or undefined for a link that is
 * not valid (unknown, expired, spent, voided by a newer one, or its member deactivated). The `accept` event
 * (as the member, from `address`) commits with the password.
 */
export async function acceptInvitation(
  db: Kysely<Database>,
  token: string,
  password: string,
  address: string | null,
): Promise<{ userId: number; login: string } | undefined> {
  if (!(await findInvitation(db, token))) return undefined;
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const row = await spendInvitation(trx, token, passwordHash);
    if (!row) return undefined;
    await writeActivity(trx, row.partner_id, staffActor(row.id, address), { action: 'accept', entity: 'staff', entityId: row.id });
    return { userId: row.id, login: row.email ?? row.phone ?? '' };
  });
}

/** The conditional update that sets the password and spends the link: the member, or undefined. */
function spendInvitation(db: Kysely<Database>, token: string, passwordHash: string) {
  return db
    .updateTable('users')
    .set({ password_hash: passwordHash, invitation_hash: null, invitation_expires_at: null })
    .where('invitation_hash', '=', hashOf(token))
    .where('invitation_expires_at', '>', sql<Date>`now()`)
    .where('password_hash', 'is', null)
    .where('active', '=', true)
    .returning(['id', 'partner_id', 'email', 'phone'])
    .executeTakeFirst();
}
