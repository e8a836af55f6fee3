import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { STAFF_PATH, staffInvited, staffRow, staffSaved, type StaffInvited, type StaffSaved } from '@ushirika/shared/contract';
import { staffChangeRequest, staffCreateRequest, type StaffChangeRequest } from '@ushirika/shared/validation';
import { needs } from '../auth/permissions';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { listAnswer, type ListParams } from '../http/list-query';
import { validBody } from '../http/route-helpers';
import { bodyFrom, documentedBody, failures, idParams, jsonSchemaOf, listOf, listQuerySchema } from '../http/schema';
import type { OutboxNudge } from '../messaging/outbox/nudge';
import { partnerCountry } from '../partners/queries';
import { addStaff, changeStaff, reinvite, resetTwoStep, type Actor } from './changes';
import { findStaff, listStaff, STAFF_NOT_FOUND } from './queries';

export interface StaffRouteOptions {
  db: Kysely<Database>;
  outbox: OutboxNudge;
  /** Where invitation links point (PUBLIC_URL); the request's own origin when undefined. */
  publicUrl: string | undefined;
}

export const STAFF_ADDED = 'Staff member added. Their invitation link has been sent to their mobile by SMS.';
export const STAFF_SAVED = 'Staff member saved.';
export const STAFF_DEACTIVATED = 'Staff member deactivated: they have been signed out everywhere.';
export const STAFF_REACTIVATED = 'Staff member reactivated: they can sign in again.';
export const LINK_SENT = 'A new invitation link has been sent to their mobile by SMS. The previous link no longer works.';
export const LINK_MADE = 'A new invitation link has been made. The previous link no longer works.';
export const TWO_STEP_RESET = 'Two-step sign-in has been reset: they sign in with their password and can set it up again. Their sessions have ended.';

const TAG = 'Staff';

/** Settings → Staff (issue 25.3): registered inside the authenticated scope. */
export async function staffRoutes(app: FastifyInstance, { db, outbox, publicUrl }: StaffRouteOptions) {
  const actorOf = (request: FastifyRequest): Actor => ({
    partnerId: request.tenantId,
    userId: request.userId,
    address: request.ip,
    publicUrl: publicUrl ?? `${request.protocol}://${request.host}`,
  });
  const memberAnswer = async (request: FastifyRequest, id: number) => {
    const staff = await findStaff(db, request.tenantId, id);
    if (!staff) throw new HttpError(500, 'The staff member could not be read back');
    return staff;
  };
  const saved = (description: string) => ({ description, ...jsonSchemaOf(staffSaved, 'output') });
  const invited = (description: string) => ({ description, ...jsonSchemaOf(staffInvited, 'output') });

  app.get(
    `/${STAFF_PATH}`,
    {
      ...needs('staff.manage'),
      schema: {
        tags: [TAG],
        summary: 'List the staff: active members first, then by name',
        querystring: listQuerySchema,
        response: { 200: listOf('staff', staffRow), ...failures(400, 401, 403) },
      },
    },
    async (request) => listAnswer('staff', await listStaff(request.tenant, db, request.query as ListParams)),
  );

  const add = {
    tags: [TAG],
    summary: 'Add a staff member: they get an SMS with a one-time link (48 hours) to set their password',
    description: "Granting owner or treasurer needs security.manage (an owner's). The mobile is read in the partner's country.",
    body: { ...documentedBody(staffCreateRequest), examples: [{ name: 'Mary Achieng', phone: '0712 345 678', email: '', roles: ['secretary'] }] },
    response: { 201: invited('Added: the member and their invitation link, to hand over another way'), ...failures(400, 401, 403, 409) },
  };
  app.post(`/${STAFF_PATH}`, { ...needs('staff.manage'), schema: add }, async (request, reply) => {
    const body = await validBody(staffCreateRequest, request.body, { country: await partnerCountry(db, request.tenantId) });
    const { id, url } = await addStaff(db, actorOf(request), body);
    outbox.wake();
    request.log.info({ staff: id }, 'staff member added and invited');
    const answer: StaffInvited = { status_msg: STAFF_ADDED, staff: await memberAnswer(request, id), invitationUrl: url };
    return reply.code(201).send(answer);
  });

  const change = {
    tags: [TAG],
    summary: 'Change a staff member: their roles, deactivate (every session ends at once) or reactivate',
    description: 'Owner and treasurer roles, and the (de)activation of their holders, need security.manage. A partner always keeps an active owner (409).',
    params: idParams(STAFF_NOT_FOUND),
    body: { ...bodyFrom(staffChangeRequest), examples: [{ roles: ['secretary', 'messaging'] }, { active: false }] },
    response: { 200: saved('Saved: the member as stored'), ...failures(400, 401, 403, 404, 409) },
  };
  app.put(`/${STAFF_PATH}/:id`, { ...needs('staff.manage'), schema: change }, async (request): Promise<StaffSaved> => {
    const { id } = request.params as { id: number };
    const body = request.body as StaffChangeRequest;
    await changeStaff(db, actorOf(request), id, body);
    request.log.info({ staff: id, roles: body.roles, active: body.active }, 'staff member changed');
    const status = body.active === false ? STAFF_DEACTIVATED : body.active === true && body.roles === undefined ? STAFF_REACTIVATED : STAFF_SAVED;
    return { status_msg: status, staff: await memberAnswer(request, id) };
  });

  const newLink = {
    tags: [TAG],
    summary: 'A new invitation link for a member who has not set a password yet: the previous link no longer works',
    params: idParams(STAFF_NOT_FOUND),
    response: { 200: invited('The new link, also sent by SMS'), ...failures(401, 403, 404, 409) },
  };
  app.post(`/${STAFF_PATH}/:id/invitation`, { ...needs('staff.manage'), schema: newLink }, async (request): Promise<StaffInvited> => {
    const { id } = request.params as { id: number };
    const { url, sms } = await reinvite(db, actorOf(request), id);
    if (sms) outbox.wake();
    request.log.info({ staff: id }, 'staff member re-invited');
    return { status_msg: sms ? LINK_SENT : LINK_MADE, staff: await memberAnswer(request, id), invitationUrl: url };
  });

  const reset = {
    tags: [TAG],
    summary: "Reset a staff member's two-step sign-in (a lost phone): their sessions end",
    params: idParams(STAFF_NOT_FOUND),
    response: { 200: saved('Reset: the member as stored'), ...failures(401, 403, 404, 409) },
  };
  app.delete(`/${STAFF_PATH}/:id/two-step`, { ...needs('security.manage'), schema: reset }, async (request): Promise<StaffSaved> => {
    const { id } = request.params as { id: number };
    await resetTwoStep(db, actorOf(request), id);
    request.log.info({ staff: id }, "staff member's two-step sign-in reset");
    return { status_msg: TWO_STEP_RESET, staff: await memberAnswer(request, id) };
  });
}
