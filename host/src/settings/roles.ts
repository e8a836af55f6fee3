import { ETRACKER_ROLES, OWNER_GRANTED_ROLES, ROLES, type Role, type SessionUser } from '@ushirika/shared/contract';
import { isEtracker } from '@ushirika/shared/session';

/** Settings → Staff and its new-member form. */
export const STAFF_LIST_PATH = '/settings/staff';
export const STAFF_NEW_PATH = '/settings/staff/new';

/** The roles a partner offers: an etracker partner (money only) has four of them. */
export const offeredRoles = (user: SessionUser | null): readonly Role[] => (isEtracker(user) ? ETRACKER_ROLES : ROLES);

/** Owner and treasurer: only a user with security.manage (an owner) grants or removes them. */
export const isOwnerGranted = (role: Role): boolean => OWNER_GRANTED_ROLES.includes(role);

/** Whether a member holds a role only an owner manages: then only an owner deactivates them or sends a new link. */
export const holdsOwnerGranted = (roles: readonly Role[]): boolean => roles.some(isOwnerGranted);

/** Catalogue ids of a role's name and of its one-line description. */
export const roleNameId = (role: Role) => `staff.role.${role}`;
export const roleAboutId = (role: Role) => `staff.roleAbout.${role}`;
