import { sql, type Kysely } from 'kysely';
import type { StaffMember } from '@ushirika/shared/contract';
import { pagedList, type Page } from '../db/paged-list';
import type { Database } from '../db/schema';
import type { TenantScope } from '../db/tenant-scope';
import type { ListParams } from '../http/list-query';
import { phoneListSearch } from '../messaging/list-search';

/**
 * Reading a partner's staff (issue 25.3). `users` belongs to a partner by `partner_id`, not `tenant_id`, so
 * every query here names the partner itself; the partner is always the token's (`scope.tenantId`).
 */

export const STAFF_NOT_FOUND = 'Staff member not found';
export const EMAIL_TAKEN = 'Another account already uses this email. Each person signs in with their own email.';
export const PHONE_TAKEN = 'Another account already uses this mobile number. Each person signs in with their own mobile number.';

function select(db: Kysely<Database>, partnerId: number) {
  return db
    .selectFrom('users as u')
    .where('u.partner_id', '=', partnerId)
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone',
      'u.roles',
      'u.active',
      'u.password_hash',
      'u.invitation_expires_at',
      'u.totp_enabled_at',
      'u.created_at',
      // The newest use of any of their sign-ins (user_sessions_user_idx: one index probe).
      sql<Date | null>`(select max(s.last_seen_at) from user_sessions s where s.user_id = u.id)`.as('last_seen_at'),
    ]);
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

const iso = (instant: Date | string | null) => (instant === null ? null : new Date(instant).toISOString());

function toStaffMember(row: Selected): StaffMember {
  const invitationPending = row.password_hash === null;
  return {
    id: row.id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    phone: row.phone,
    email: row.email,
    roles: row.roles,
    active: row.active,
    invitationPending,
    invitationExpiresAt: invitationPending ? iso(row.invitation_expires_at) : null,
    twoStep: row.totp_enabled_at !== null,
    lastSeenAt: iso(row.last_seen_at),
    createdAt: iso(row.created_at)!,
  };
}

/** GET /staff: active members first, then by name; searched in the names, the email and the mobile. */
export async function listStaff(scope: TenantScope, db: Kysely<Database>, params: ListParams): Promise<Page<StaffMember>> {
  const search = await phoneListSearch(scope, params, 'u.phone', ['u.first_name', 'u.last_name', 'u.email']);
  return pagedList(params, {
    scope,
    matching: db
      .selectFrom('users as u')
      .where('u.partner_id', '=', scope.tenantId)
      .$if(search !== undefined, (q) => q.where(search!)),
    id: 'u.id',
    order: [
      ['u.active', 'desc'],
      ['u.first_name', 'asc'],
      ['u.last_name', 'asc'],
      ['u.id', 'asc'],
    ],
    select: select(db, scope.tenantId),
    toRow: toStaffMember,
  });
}

export async function findStaff(db: Kysely<Database>, partnerId: number, id: number): Promise<StaffMember | undefined> {
  const row = await select(db, partnerId).where('u.id', '=', id).executeTakeFirst();
  return row && toStaffMember(row);
}

/**
 * Why a login cannot be someone's: the text for an email or a mobile another user (of any partner: a login
 * names no partner) already has, or undefined. `except`: the user being changed.
 */
export async function loginTaken(db: Kysely<Database>, login: { email?: string | null; phone?: string | null }, except?: number): Promise<string | undefined> {
  const email = login.email?.trim().toLowerCase() || null;
  const phone = login.phone || null;
  if (email === null && phone === null) return undefined;
  const rows = await db
    .selectFrom('users')
    .select([sql<boolean>`lower(email) = ${email}`.as('same_email')])
    .where((eb) => eb.or([eb(sql<string>`lower(email)`, '=', email), eb('phone', '=', phone)]))
    .$if(except !== undefined, (q) => q.where('id', '<>', except!))
    .execute();
  if (rows.length === 0) return undefined;
  return rows.some((row) => row.same_email) ? EMAIL_TAKEN : PHONE_TAKEN;
}
