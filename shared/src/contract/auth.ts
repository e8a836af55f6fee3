import * as yup from 'yup';
import { idField } from './common';
import type { Permission, Role } from './permissions';

/** POST /api/v2/login. Both fields are checked as given; the email is compared trimmed and ignoring case. */
export const loginRequest = yup.object({
  email: yup.string().max(320).defined(),
  password: yup.string().max(1024).defined(),
});
export type LoginRequest = yup.InferType<typeof loginRequest>;

export { ETRACKER_PRODUCT } from './constants';

export const sessionPartner = yup.object({
  id: idField(),
  name: yup.string().defined(),
  product: yup.string().defined(),
  /** ISO 3166-1 alpha-2 ('KE', 'UG', …): local phone numbers are read as this country's. */
  country: yup.string().defined(),
  /** IANA time zone the partner's days, weeks and schedules are in. Absent in a session stored before it was sent: DEFAULT_TIME_ZONE. */
  timeZone: yup.string().optional(),
});
export type SessionPartner = yup.InferType<typeof sessionPartner>;

export const sessionUser = yup.object({
  firstName: yup.string().defined(),
  lastName: yup.string().defined(),
  /** Empty for a staff member who signs in with their mobile only. */
  email: yup.string().defined(),
  Partner: sessionPartner,
  /**
   * The roles held and the permissions they give (issue 25; permissions.ts). Absent from the legacy server and
   * from a session stored before roles: then the screens show everything and the server decides.
   */
  roles: yup.array(yup.string<Role>().defined()).optional(),
  permissions: yup.array(yup.string<Permission>().defined()).optional(),
});
export type SessionUser = yup.InferType<typeof sessionUser>;

/** Answer of POST /api/v2/login. */
export const loginResponse = yup.object({
  access_token: yup.string().defined(),
  user: sessionUser,
});
export type LoginResponse = yup.InferType<typeof loginResponse>;

/**
 * Claims inside access_token (a JWT, HS256). `tenantid` is the partner id; the server trusts nothing else.
 * `gen` is the user's token generation when the token was issued: changing the password or logging out
 * everywhere starts a new one, and tokens of an older generation are refused (absent = 0).
 */
export interface TokenClaims {
  sub: string;
  tenantid: number;
  gen?: number;
  /** The sign-in (user_sessions.id) the token belongs to: ending it refuses the token. Absent in tokens issued before sessions were listed. */
  sid?: string;
  exp: number;
  iat: number;
}

/**
 * Password rules (OWASP ASVS / NIST SP 800-63B): at least 8 characters, at most 128 (argon2 hashes any
 * length, the cap only bounds the work), every character allowed, spaces kept as typed, no composition rules.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** POST /api/v2/password: the signed-in user's new password; every other session ends. */
export const CHANGE_PASSWORD_PATH = 'password';
export const changePasswordRequest = yup.object({
  current_password: yup.string().required('Current password is required').max(1024, 'The current password is not correct.'),
  new_password: yup
    .string()
    .required('New password is required')
    .min(PASSWORD_MIN_LENGTH, 'The new password must have at least 8 characters')
    .max(PASSWORD_MAX_LENGTH, 'The new password must have at most 128 characters'),
});
export type ChangePasswordRequest = yup.InferType<typeof changePasswordRequest>;

/** The change-password form: the request, and the new password typed twice (checked in the browser only). */
export const changePasswordForm = changePasswordRequest.shape({
  repeat_password: yup
    .string()
    .required('Please repeat the new password')
    .oneOf([yup.ref('new_password')], 'The two new passwords are not the same'),
});

/** Answer of POST /api/v2/password: a token for this session (the one sent is refused from now on). */
export const changePasswordResponse = yup.object({
  status_msg: yup.string().defined(),
  access_token: yup.string().defined(),
});
export type ChangePasswordResponse = yup.InferType<typeof changePasswordResponse>;
export const PASSWORD_CHANGED = 'Your password has been changed. You have been logged out everywhere else.';

/** POST /api/v2/logout-all (no body): every token of the user, this one included, is refused from now on. */
export const LOGOUT_EVERYWHERE_PATH = 'logout-all';
export const logoutEverywhereResponse = yup.object({ status_msg: yup.string().defined() });
export type LogoutEverywhereResponse = yup.InferType<typeof logoutEverywhereResponse>;
export const LOGGED_OUT_EVERYWHERE = 'You have been logged out everywhere.';
