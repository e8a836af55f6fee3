import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  INVITATION_ACCEPTED,
  INVITATION_INVALID,
  INVITATION_PATH,
  invitationAccepted,
  invitationAcceptRequest,
  invitationDetails,
  type InvitationAccepted,
  type InvitationAcceptRequest,
  type InvitationDetails,
} from '@ushirika/shared/contract';
import { needs } from '../auth/permissions';
import type { Database } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { NO_AUTH } from '../http/openapi';
import { bodyFrom, failures, jsonSchemaOf, validatedBy } from '../http/schema';
import { acceptInvitation, findInvitation } from './invitations';

const TAG = 'Staff';

/** The token in the path: any text up to 100 characters (a longer or missing one is no invitation: 404). */
const tokenParams = validatedBy(
  { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 100, description: "The link's token (after '#')" } } },
  (params) => {
    const token = (params as Record<string, unknown> | null)?.token;
    if (typeof token !== 'string' || token.length > 100) throw notFound(INVITATION_INVALID);
    return { token };
  },
);

/**
 * Accepting an invitation (issue 25.3): public, outside the token scope like the login. The link carries its
 * own secret; see invitations.ts.
 */
export async function invitationRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }) {
  const read = {
    tags: [TAG],
    summary: 'Whom an invitation link invites, to greet them before they choose a password',
    security: NO_AUTH,
    params: tokenParams,
    response: { 200: { description: 'The invited member', ...jsonSchemaOf(invitationDetails, 'output') }, ...failures(404) },
  };
  app.get(`/${INVITATION_PATH}/:token`, { ...needs('public'), schema: read }, async (request): Promise<InvitationDetails> => {
    const details = await findInvitation(db, (request.params as { token: string }).token);
    if (!details) throw notFound(INVITATION_INVALID);
    return details;
  });

  const accept = {
    tags: [TAG],
    summary: "Set the invited member's password: the link then no longer works",
    security: NO_AUTH,
    body: bodyFrom(invitationAcceptRequest),
    response: { 200: { description: 'Set: sign in with `login`', ...jsonSchemaOf(invitationAccepted, 'output') }, ...failures(400) },
  };
  app.post(`/${INVITATION_PATH}`, { ...needs('public'), schema: accept }, async (request): Promise<InvitationAccepted> => {
    const { token, password } = request.body as InvitationAcceptRequest;
    const accepted = await acceptInvitation(db, token, password, request.ip);
    if (!accepted) throw badRequest(INVITATION_INVALID);
    request.log.info({ user: accepted.userId }, 'invitation accepted: password set');
    return { status_msg: INVITATION_ACCEPTED, login: accepted.login };
  });
}
