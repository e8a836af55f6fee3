import * as yup from 'yup';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth';
import { idField, instantField } from './common';
import type { Role } from './permissions';

/**
 * Staff (issue 25): a partner's people, each with roles (permissions.ts), managed in the browser by its owners
 * and administrators (Settings → Staff). A new member gets an SMS with a one-time link (48 hours) to set their
 * own password; the answer carries the link too, to hand over another way.
 *
 *   GET    /api/v2/staff?page&pagesize&searchKey   staff.manage     → { staff: StaffMember[], total }
 *   POST   /api/v2/staff                           staff.manage     StaffCreateRequest (validation/staff.ts) → 201 StaffInvited
 *   PUT    /api/v2/staff/{id}                      staff.manage     StaffChangeRequest → StaffSaved
 *   POST   /api/v2/staff/{id}/invitation           staff.manage     → StaffInvited (a new link; the old one is void)
 *   DELETE /api/v2/staff/{id}/two-step             security.manage  → StaffSaved (their second step is reset)
 *   GET    /api/v2/invitation/{token}              public           → InvitationDetails
 *   POST   /api/v2/invitation                      public           InvitationAcceptRequest → InvitationAccepted
 */

export const STAFF_PATH = 'staff';
export const INVITATION_PATH = 'invitation';

/** How long an invitation link is valid. */
export const INVITATION_HOURS = 48;

/** One staff member as Settings → Staff lists them. */
export const staffRow = yup.object({
  id: idField(),
  /** First and last name as one text. */
  name: yup.string().defined(),
  /** E.164; null for a member who signs in with an email only. */
  phone: yup.string().nullable().defined(),
  email: yup.string().nullable().defined(),
  roles: yup.array(yup.string<Role>().defined()).defined(),
  /** False once deactivated: they cannot sign in, their sessions have ended. */
  active: yup.boolean().defined(),
  /** True until they set a password from their invitation link. */
  invitationPending: yup.boolean().defined(),
  /** When the pending invitation's link stops working (ISO); null without one. */
  invitationExpiresAt: instantField().nullable(),
  /** Whether they sign in with a second step (an authenticator app's code). */
  twoStep: yup.boolean().defined(),
  /** Their latest use of any sign-in (ISO), null if they never signed in. */
  lastSeenAt: instantField().nullable(),
  createdAt: instantField(),
});
export type StaffMember = yup.InferType<typeof staffRow>;

export const ROLES_REQUIRED = 'Choose at least one role';
/** `{ status_msg, staff }`: the answer of a change. */
export const staffSaved = yup.object({ status_msg: yup.string().defined(), staff: staffRow });
export type StaffSaved = yup.InferType<typeof staffSaved>;

/** `{ status_msg, staff, invitationUrl }`: a member added, or a new link issued. The link is shown once, here. */
export const staffInvited = staffSaved.shape({ invitationUrl: yup.string().defined() });
export type StaffInvited = yup.InferType<typeof staffInvited>;

export const INVITATION_INVALID = 'This link is not valid or has expired';
export const INVITATION_ACCEPTED = 'Your password is set. Sign in with your email or mobile number.';

/** GET /api/v2/invitation/{token}: whom the link invites, to greet them. */
export const invitationDetails = yup.object({
  name: yup.string().defined(),
  /** The partner's name. */
  partner: yup.string().defined(),
  /** What they will sign in with: their email, else their mobile (E.164). */
  login: yup.string().defined(),
});
export type InvitationDetails = yup.InferType<typeof invitationDetails>;

/** POST /api/v2/invitation: the link's token (after '#') and the password chosen; the link is then spent. */
export const invitationAcceptRequest = yup.object({
  token: yup.string().required(INVITATION_INVALID).max(100, INVITATION_INVALID),
  password: yup
    .string()
    .required('Password is required')
    .min(PASSWORD_MIN_LENGTH, `The password must have at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `The password must have at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type InvitationAcceptRequest = yup.InferType<typeof invitationAcceptRequest>;

export const invitationAccepted = yup.object({ status_msg: yup.string().defined(), login: yup.string().defined() });
export type InvitationAccepted = yup.InferType<typeof invitationAccepted>;
