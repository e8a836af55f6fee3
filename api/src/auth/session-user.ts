import { ETRACKER_PRODUCT, type SessionPartner, type SessionUser } from '@ushirika/shared/contract';
import type { LoginUser } from './login-lookup';
import { effectivePermissions, mustEnrolTwoStep } from './tenant-hook';

/** The user's partner as the session has it; an etracker partner's with the areas it has turned on (issue 28.7: a general partner has them all). */
function partnerOf(user: LoginUser): SessionPartner {
  const partner = { id: user.partner_id, name: user.partner_name, product: user.product, country: user.country, timeZone: user.time_zone };
  return user.product === ETRACKER_PRODUCT ? { ...partner, areas: user.areas } : partner;
}

/**
 * The signed-in user as the login answers it: names, partner, roles and what they may do now, and
 * `mustEnrolTwoStep` when their partner requires a second step they have not enrolled (their permissions
 * are then none: the host shows the enrolment only).
 */
export function sessionUserOf(user: LoginUser): SessionUser {
  return {
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email ?? '',
    Partner: partnerOf(user),
    roles: user.roles,
    permissions: effectivePermissions(user),
    ...(mustEnrolTwoStep(user) ? { mustEnrolTwoStep: true } : {}),
  };
}

/** GET /api/v2/me's user: the login's, with the id, the mobile and whether two-step sign-in is on, and `mustEnrolTwoStep` always said. */
export function meOf(user: LoginUser): SessionUser {
  return { ...sessionUserOf(user), mustEnrolTwoStep: mustEnrolTwoStep(user), id: user.id, phone: user.phone, twoStep: user.totp_enabled_at !== null };
}
