import { api } from '@ushirika/shared/api';
import type { InvitationAccepted, InvitationAcceptRequest, InvitationDetails, PasswordResetConfirmRequest, StatusOnly } from '@ushirika/shared/contract';

/*
 * The signed-out account calls (issue 25): forgotten password and invitations. Their screens load no antd and
 * no contract module (docs/architecture.md, "Weight"): the contract's types only, and its paths written out
 * (PASSWORD_RESET_PATH, PASSWORD_RESET_CONFIRM_PATH, INVITATION_PATH).
 */

/** POST /api/v2/password-reset: the same answer whether or not an account uses `login`. */
export function requestPasswordReset(login: string): Promise<StatusOnly> {
  return api.post('password-reset', { json: { login } }).json<StatusOnly>();
}

/** POST /api/v2/password-reset/confirm: the code from the SMS and the new password; every session ends. */
export function confirmPasswordReset(body: PasswordResetConfirmRequest): Promise<StatusOnly> {
  return api.post('password-reset/confirm', { json: body }).json<StatusOnly>();
}

/** GET /api/v2/invitation/:token: 404 when the link is not valid or has expired. */
export function readInvitation(token: string, signal?: AbortSignal): Promise<InvitationDetails> {
  return api.get(`invitation/${encodeURIComponent(token)}`, { signal }).json<InvitationDetails>();
}

/** POST /api/v2/invitation: sets the password; the link is used up. */
export function acceptInvitation(body: InvitationAcceptRequest): Promise<InvitationAccepted> {
  return api.post('invitation', { json: body }).json<InvitationAccepted>();
}
