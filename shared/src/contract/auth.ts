import * as yup from 'yup';
import { idField, instantField } from './common';
import type { Permission, Role } from './permissions';

/** POST /api/v2/login. Both fields are checked as given; the email is compared trimmed and ignoring case. */
export const loginRequest = yup.object({
  email: yup.string().max(320).defined(),
  password: yup.string().max(1024).defined(),
});
export type LoginRequest = yup.InferType<typeof loginRequest>;

export { ETRACKER_PRODUCT, PARTNER_AREAS, type PartnerArea } from './constants';
import { PARTNER_AREAS, type PartnerArea } from './constants';

export const sessionPartner = yup.object({
  id: idField(),
  name: yup.string().defined(),
  product: yup.string().defined(),
  /** ISO 3166-1 alpha-2 ('KE', 'UG', …): local phone numbers are read as this country's. */
  country: yup.string().defined(),
  /** IANA time zone the partner's days, weeks and schedules are in. Absent in a session stored before it was sent: DEFAULT_TIME_ZONE. */
  timeZone: yup.string().optional(),
  /**
   * Ours (issue 28.7): the areas beyond finance an etracker partner has turned on ('contacts', 'messaging');
   * absent or ignored for a general partner, which has them all.
   */
  areas: yup.array(yup.string<PartnerArea>().oneOf(PARTNER_AREAS).defined()).optional(),
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
  /**
   * True while the partner requires a second step of one of the user's roles and the user has not enrolled
   * one: the permissions are then empty and the host shows the enrolment screen only.
   */
  mustEnrolTwoStep: yup.boolean().optional(),
  /** GET /api/v2/me only: the user's id, mobile (E.164, null when none) and whether two-step sign-in is on. */
  id: yup.number().integer().optional(),
  phone: yup.string().nullable().optional(),
  twoStep: yup.boolean().optional(),
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
const newPasswordField = () =>
  yup
    .string()
    .required('New password is required')
    .min(PASSWORD_MIN_LENGTH, 'The new password must have at least 8 characters')
    .max(PASSWORD_MAX_LENGTH, 'The new password must have at most 128 characters');
export const changePasswordRequest = yup.object({
  current_password: yup.string().required('Current password is required').max(1024, 'The current password is not correct.'),
  new_password: newPasswordField(),
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

// ------------------------------------------------------------------------------------------------
// Sign-in by email or mobile, two-step sign-in, sessions, forgotten password (issue 25)

/** The longest login (`email` of the login, `login` of a reset): an email address, or a mobile number as typed. */
export const LOGIN_MAX_LENGTH = 320;

/**
 * Answer of POST /api/v2/login for a user with two-step sign-in on: no token yet, a challenge (valid 5
 * minutes) to send with the code to POST /api/v2/login/two-step.
 */
export const loginChallenge = yup.object({
  status_msg: yup.string().defined(),
  two_step: yup.boolean().oneOf([true]).defined(),
  challenge: yup.string().defined(),
});
export type LoginChallenge = yup.InferType<typeof loginChallenge>;
export const TWO_STEP_CODE_NEEDED = 'Enter the 6-digit code from your authenticator app';
/** How long a login challenge is valid. */
export const LOGIN_CHALLENGE_SECONDS = 5 * 60;

/**
 * Text as it was sent, never cast: a list or an object fails the type check with a message (yup's own casts
 * would call its methods and throw). The server trims what it compares. Not the forms' rules of the validation
 * module, which reads this module's constants in turn.
 */
const sentText = (label: string, required: string, max: number) =>
  yup.string().strict().typeError(`${label} must be text`).required(required).max(max, `${label} must be at most ${max} characters`);

/** A code as a person types it: 6 digits of the authenticator app, or a recovery code (`abcd-efgh`). */
const typedCode = () => sentText('The code', 'Enter the 6-digit code from your authenticator app, or a recovery code', 32);

/** POST /api/v2/login/two-step: the challenge of the login and the code. Answer: LoginResponse. */
export const TWO_STEP_LOGIN_PATH = 'login/two-step';
export const twoStepLoginRequest = yup.object({
  challenge: sentText('The first step', 'Sign in again: the first step is missing', 2048),
  code: typedCode(),
});
export type TwoStepLoginRequest = yup.InferType<typeof twoStepLoginRequest>;
export const TWO_STEP_CHALLENGE_INVALID = 'Sign in again: the first step has expired or is not valid';
export const TWO_STEP_CODE_WRONG = 'The code is not correct. Check the time on your phone, or use a recovery code.';

/** GET /api/v2/me: the signed-in user as the server sees them now (roles and permissions changed since the login included). */
export const ME_PATH = 'me';
export const meResponse = yup.object({ user: sessionUser });
export type MeResponse = yup.InferType<typeof meResponse>;

/** POST /api/v2/me/two-step (no body): a new secret to enrol, waiting for its first code. */
export const TWO_STEP_PATH = 'me/two-step';
export const twoStepEnrolment = yup.object({
  /** Base32, for typing into the app by hand. */
  secret: yup.string().defined(),
  /** The otpauth:// URI the QR code holds. */
  otpauthUrl: yup.string().defined(),
  /** The QR code as an SVG document (show it as an <img> with a data: URL). */
  qrSvg: yup.string().defined(),
});
export type TwoStepEnrolment = yup.InferType<typeof twoStepEnrolment>;

/** POST /api/v2/me/two-step/confirm and DELETE /api/v2/me/two-step: a code from the app (or, to turn it off, a recovery code). */
export const TWO_STEP_CONFIRM_PATH = 'me/two-step/confirm';
export const twoStepCodeRequest = yup.object({ code: typedCode() });
export type TwoStepCodeRequest = yup.InferType<typeof twoStepCodeRequest>;

/** How many recovery codes enrolment gives, each `xxxx-xxxx` (lower-case base32), shown once. */
export const RECOVERY_CODE_COUNT = 10;
export const twoStepConfirmed = yup.object({
  status_msg: yup.string().defined(),
  recoveryCodes: yup.array(yup.string().defined()).defined(),
});
export type TwoStepConfirmed = yup.InferType<typeof twoStepConfirmed>;
export const TWO_STEP_ON = 'Two-step sign-in is on. Keep the recovery codes somewhere safe: each works once, and they are shown only now.';
export const TWO_STEP_OFF = 'Two-step sign-in is off.';

/** An answer that only says what happened (logout, a session ended, the reset steps). */
export const statusOnly = yup.object({ status_msg: yup.string().defined() });
export type StatusOnly = yup.InferType<typeof statusOnly>;

/** GET /api/v2/me/sessions: the user's open sign-ins, newest first; DELETE /api/v2/me/sessions/{id} ends one. */
export const SESSIONS_PATH = 'me/sessions';
export const userSession = yup.object({
  id: yup.string().defined(),
  /** A short readable name of the browser and system ('Chrome on Android'). */
  device: yup.string().defined(),
  /** The address it signed in from. */
  address: yup.string().defined(),
  createdAt: instantField(),
  lastSeenAt: instantField(),
  /** The session this request was made in. */
  current: yup.boolean().defined(),
});
export type UserSession = yup.InferType<typeof userSession>;
export const sessionsResponse = yup.object({ sessions: yup.array(userSession).defined() });
export type SessionsResponse = yup.InferType<typeof sessionsResponse>;
export const SESSION_ENDED = 'That session has ended: its device must sign in again.';

/** POST /api/v2/logout (no body): ends this session only. */
export const LOGOUT_PATH = 'logout';
export const LOGGED_OUT = 'You have been logged out.';

/** POST /api/v2/password-reset: a 6-digit code by SMS to the account's mobile, when there is such an account. */
export const PASSWORD_RESET_PATH = 'password-reset';
const loginField = () => sentText('The email or mobile number', 'Enter your email or mobile number', LOGIN_MAX_LENGTH);
export const passwordResetRequest = yup.object({ login: loginField() });
export type PasswordResetRequest = yup.InferType<typeof passwordResetRequest>;
/** The same answer whether or not such an account exists. */
export const PASSWORD_RESET_SENT = 'If an account uses this email or mobile number, a 6-digit code has been sent to its mobile by SMS. It is valid for 10 minutes.';
export const RESET_CODE_MINUTES = 10;
export const RESET_CODE_TRIES = 5;

/** POST /api/v2/password-reset/confirm: the code and the new password; every session of the account ends. */
export const PASSWORD_RESET_CONFIRM_PATH = 'password-reset/confirm';
export const passwordResetConfirmRequest = yup.object({
  login: loginField(),
  code: sentText('The code', 'Enter the 6-digit code from the SMS', 32),
  new_password: newPasswordField(),
});
export type PasswordResetConfirmRequest = yup.InferType<typeof passwordResetConfirmRequest>;
/** The reset form: the request, and the new password typed twice (checked in the browser only). */
export const passwordResetForm = passwordResetConfirmRequest.shape({
  repeat_password: yup
    .string()
    .required('Please repeat the new password')
    .oneOf([yup.ref('new_password')], 'The two new passwords are not the same'),
});
export const PASSWORD_RESET_DONE = 'Your password has been changed. Sign in with your new password.';
export const RESET_CODE_WRONG = 'The code is not correct or has expired. Ask for a new one.';

/** GET and PUT /api/v2/security: the partner's rule that owners and treasurers sign in with a second step. */
export const SECURITY_PATH = 'security';
export const securitySettings = yup.object({ requireTwoStep: yup.boolean().defined() });
export type SecuritySettings = yup.InferType<typeof securitySettings>;
export const securityRequest = yup.object({
  requireTwoStep: yup
    .boolean()
    .strict()
    .typeError('Say whether two-step sign-in is required: true or false')
    .required('Say whether two-step sign-in is required: true or false'),
});
export type SecurityRequest = yup.InferType<typeof securityRequest>;
export const securitySaved = securitySettings.shape({ status_msg: yup.string().defined() });
export type SecuritySaved = yup.InferType<typeof securitySaved>;
export const TWO_STEP_REQUIRED_ON = 'Owners and treasurers now sign in with a code from their authenticator app.';
export const TWO_STEP_REQUIRED_OFF = 'Two-step sign-in is now optional for owners and treasurers.';
