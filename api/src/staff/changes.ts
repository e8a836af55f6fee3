import { sql, type Kysely } from 'kysely';
import { ETRACKER_PRODUCT, ETRACKER_ROLES, noPermissionText, OWNER_GRANTED_ROLES, type Permission, type Role } from '@ushirika/shared/contract';
import type { StaffChangeRequest, StaffCreateRequest } from '@ushirika/shared/validation';
import { changesBetween, staffActor, writeActivity, type ActivityEvent } from '../activity/record';
import { startTokenGeneration } from '../auth/queries';
import { clearTwoStep } from '../auth/two-step';
import { effectivePermissions } from '../auth/tenant-hook';
import { isUniqueViolation } from '../db/errors';
import type { Database } from '../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import { queueStaffSms } from '../messaging/staff-messages';
import { invitationText, invitationUrl, newInvitation } from './invitations';
import { EMAIL_TAKEN, loginTaken, PHONE_TAKEN, STAFF_NOT_FOUND } from './queries';

/**
 * Changing a partner's staff (issue 25.3), each change one transaction that starts by locking the partner's
 * row and reading what the actor may do under that lock: two owners removing each other at the same instant
 * are served one after the other, and the second is no longer an owner by then. The rules:
 * - `owner` and `treasurer` are granted, removed, (de)activated and re-invited only with security.manage
 *   (an owner's): an administrator manages everyone else;
 * - a partner always keeps an active owner;
 * - an etracker partner offers only ETRACKER_ROLES;
 * - deactivating starts a new token generation and ends every sign-in: the member's next request is refused.
 * The invitation SMS is queued in the same transaction (the outbox's table); the caller wakes the worker.
 */

export const OWNER_ROLES_REFUSED = 'Only an owner can grant or remove the owner and treasurer roles.';
export const OWNER_ACTIVE_REFUSED = 'Only an owner can deactivate or reactivate an owner or a treasurer.';
export const OWNER_LINK_REFUSED = 'Only an owner can send a new invitation link to an owner or a treasurer.';
export const LAST_OWNER = 'The organisation must keep at least one active owner: make another staff member an owner first.';
export const ETRACKER_ROLES_ONLY = `This product offers only the roles ${ETRACKER_ROLES.join(', ')}.`;
export const DEACTIVATED_NO_LINK = 'This staff member is deactivated: reactivate them first.';
export const NO_TWO_STEP = 'This staff member does not use two-step sign-in.';
export const passwordAlreadySet = (name: string) => `${name} has already set a password: they can use 'Forgot password?' on the sign-in screen.`;

/** Who asks: the signed-in user, their partner and what they may do. */
export interface Actor {
  partnerId: number;
  userId: number;
  /** Where the request came from, as the activity log records it. */
  address: string | null;
  /** Where the invitation link points (PUBLIC_URL, or the request's own origin). */
  publicUrl: string;
}

/**
 * Writes the change's activity event (entity `staff`, the member's id) as the actor, in the change's
 * transaction. Roles are logged as the screens list them ('secretary, messaging'); names and mobiles never.
 */
const logged = (trx: Kysely<Database>, actor: Actor, memberId: number, event: Omit<ActivityEvent, 'entity' | 'entityId'>) =>
  writeActivity(trx, actor.partnerId, staffActor(actor.userId, actor.address), { ...event, entity: 'staff', entityId: memberId });
const logValues = (member: { roles: readonly Role[]; active: boolean }) => ({ roles: member.roles.join(', '), active: member.active });

const forbidden = (text: string) => new HttpError(403, text);
const holdsOwnerRole = (roles: readonly Role[]) => roles.some((role) => OWNER_GRANTED_ROLES.includes(role));
const splitName = (name: string) => {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') };
};

/**
 * Locks the partner's row for the transaction (the staff rules' serialisation point) and answers its name and
 * product, with what the actor may do now: read again under the lock, as a change that committed while this
 * request waited (another owner removed this one's role) must count.
 */
async function lockPartner(trx: Kysely<Database>, actor: Actor, needed: Permission) {
  const partner = await trx
    .selectFrom('partners as p')
    .innerJoin('users as u', 'u.partner_id', 'p.id')
    .select(['p.name', 'p.product', 'p.require_two_step', 'u.roles', 'u.active', 'u.totp_enabled_at'])
    .where('p.id', '=', actor.partnerId)
    .where('u.id', '=', actor.userId)
    .forUpdate('p')
    .executeTakeFirst();
  const permissions = new Set(partner?.active ? effectivePermissions(partner) : []);
  if (!partner || !permissions.has(needed)) throw forbidden(noPermissionText(needed));
  return { name: partner.name, product: partner.product, permissions };
}

function checkProductRoles(product: string, roles: readonly Role[]): void {
  if (product === ETRACKER_PRODUCT && roles.some((role) => !ETRACKER_ROLES.includes(role))) throw badRequest(ETRACKER_ROLES_ONLY);
}

/** Locks and reads one member of the partner; 404 for another partner's or an unknown id. */
async function lockMember(trx: Kysely<Database>, partnerId: number, id: number) {
  const member = await trx
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'roles', 'active', 'phone', 'password_hash', 'totp_enabled_at', 'totp_pending_secret'])
    .where('id', '=', id)
    .where('partner_id', '=', partnerId)
    .forUpdate()
    .executeTakeFirst();
  if (!member) throw notFound(STAFF_NOT_FOUND);
  return member;
}

/** A new link for the member: the old one's hash is replaced (void); the SMS queued when they have a mobile. */
async function invite(trx: Kysely<Database>, actor: Actor, partner: string, member: { id: number; phone: string | null }): Promise<{ url: string; sms: boolean }> {
  const invitation = newInvitation();
  await trx.updateTable('users').set({ invitation_hash: invitation.hash, invitation_expires_at: invitation.expiresAt }).where('id', '=', member.id).execute();
  const url = invitationUrl(actor.publicUrl, invitation.token);
  if (member.phone !== null) await queueStaffSms(trx, { tenantId: actor.partnerId, phone: member.phone, text: invitationText(partner, url), userId: actor.userId });
  return { url, sms: member.phone !== null };
}

/** POST /staff: the member, without a password, and their invitation. 409 for an email or mobile already in use. */
export async function addStaff(db: Kysely<Database>, actor: Actor, body: StaffCreateRequest): Promise<{ id: number; url: string }> {
  const email = body.email === '' ? null : body.email;
  try {
    return await db.transaction().execute(async (trx) => {
      const partner = await lockPartner(trx, actor, 'staff.manage');
      if (holdsOwnerRole(body.roles) && !partner.permissions.has('security.manage')) throw forbidden(OWNER_ROLES_REFUSED);
      checkProductRoles(partner.product, body.roles);
      const taken = await loginTaken(trx, { email, phone: body.phone });
      if (taken) throw conflict(taken);
      const { id } = await trx
        .insertInto('users')
        .values({ partner_id: actor.partnerId, email, phone: body.phone, password_hash: null, ...splitName(body.name), roles: body.roles })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { url } = await invite(trx, actor, partner.name, { id, phone: body.phone });
      await logged(trx, actor, id, { action: 'invite', changes: changesBetween(undefined, logValues({ roles: body.roles, active: true })) });
      return { id, url };
    });
  } catch (error) {
    // Another partner's owner added the same person at the same instant: the unique index decides.
    if (isUniqueViolation(error)) throw conflict((error as { constraint?: string }).constraint === 'users_phone_key' ? PHONE_TAKEN : EMAIL_TAKEN);
    throw error;
  }
}

/** PUT /staff/{id}: new roles, deactivation (every sign-in ends) or reactivation. */
export async function changeStaff(db: Kysely<Database>, actor: Actor, id: number, body: StaffChangeRequest): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const partner = await lockPartner(trx, actor, 'staff.manage');
    const member = await lockMember(trx, actor.partnerId, id);
    const roles = body.roles ?? member.roles;
    const active = body.active ?? member.active;
    if (body.roles) checkProductRoles(partner.product, body.roles);
    if (!partner.permissions.has('security.manage')) {
      const changed = OWNER_GRANTED_ROLES.some((role) => member.roles.includes(role) !== roles.includes(role));
      if (changed) throw forbidden(OWNER_ROLES_REFUSED);
      if (active !== member.active && holdsOwnerRole(member.roles)) throw forbidden(OWNER_ACTIVE_REFUSED);
    }
    if (member.active && member.roles.includes('owner') && !(active && roles.includes('owner'))) {
      const others = await trx
        .selectFrom('users')
        .select(sql<number>`count(*)::int`.as('owners'))
        .where('partner_id', '=', actor.partnerId)
        .where('id', '<>', id)
        .where('active', '=', true)
        .where(sql<boolean>`'owner' = any(roles)`)
        .executeTakeFirstOrThrow();
      if (others.owners === 0) throw conflict(LAST_OWNER);
    }
    await trx.updateTable('users').set({ roles, active }).where('id', '=', id).execute();
    // Every sign-in ends at once: a new token generation (tokens refused) and the sessions closed.
    if (member.active && !active) await startTokenGeneration(trx, id);
    await logged(trx, actor, id, { action: 'update', changes: changesBetween(logValues(member), logValues({ roles, active })) });
  });
}

/** POST /staff/{id}/invitation: a new link (the old one void), only while no password is set. */
export async function reinvite(db: Kysely<Database>, actor: Actor, id: number): Promise<{ url: string; sms: boolean }> {
  return db.transaction().execute(async (trx) => {
    const partner = await lockPartner(trx, actor, 'staff.manage');
    const member = await lockMember(trx, actor.partnerId, id);
    if (holdsOwnerRole(member.roles) && !partner.permissions.has('security.manage')) throw forbidden(OWNER_LINK_REFUSED);
    if (member.password_hash !== null) throw conflict(passwordAlreadySet(`${member.first_name} ${member.last_name}`.trim()));
    if (!member.active) throw conflict(DEACTIVATED_NO_LINK);
    const link = await invite(trx, actor, partner.name, member);
    await logged(trx, actor, id, { action: 'invite', details: { sms: link.sms } });
    return link;
  });
}

/** DELETE /staff/{id}/two-step: their authenticator and recovery codes are forgotten and their sign-ins end. */
export async function resetTwoStep(db: Kysely<Database>, actor: Actor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockPartner(trx, actor, 'security.manage');
    const member = await lockMember(trx, actor.partnerId, id);
    if (member.totp_enabled_at === null && member.totp_pending_secret === null) throw conflict(NO_TWO_STEP);
    await clearTwoStep(trx, id);
    const ended = await startTokenGeneration(trx, id);
    await logged(trx, actor, id, { action: 'two_step', details: { change: 'reset', sessions: ended?.endedSessions ?? 0 } });
  });
}
