import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  TWO_STEP_CODE_WRONG,
  TWO_STEP_CONFIRM_PATH,
  TWO_STEP_OFF,
  TWO_STEP_ON,
  TWO_STEP_PATH,
  TWO_STEP_ROLES,
  twoStepCodeRequest,
  twoStepConfirmed,
  twoStepEnrolment,
  statusOnly,
  type StatusOnly,
  type TwoStepCodeRequest,
  type TwoStepConfirmed,
  type TwoStepEnrolment,
} from '@ushirika/shared/contract';
import { writeActivity } from '../activity/record';
import type { Database } from '../db/schema';
import { badRequest, conflict, HttpError } from '../http/errors';
import { bodyFrom, failures, jsonSchemaOf } from '../http/schema';
import { findUserById } from './login-lookup';
import { needs } from './permissions';
import type { RateLimits } from './rate-limits';
import { refusal } from './routes';
import { otpauthUrl, qrSvg } from './totp';
import { acceptSecondStep, clearTwoStep, confirmEnrolment, startEnrolment } from './two-step';

const TAG = 'Session';
const USER_GONE = 'Please log in again: your session is missing or has expired';
export const TWO_STEP_ALREADY_ON = 'Two-step sign-in is on already. Turn it off first to move it to another phone.';
export const TWO_STEP_NOT_ON = 'Two-step sign-in is not on.';
export const ENROLMENT_CODE_WRONG = 'The code is not correct. Scan the QR code again, check the time on your phone, and enter the newest code.';
export const TWO_STEP_REQUIRED = 'Your organisation requires two-step sign-in for owners and treasurers: it cannot be turned off.';

/** What a `two_step` event says happened: a secret waits for its first code, the code came (on), or it was turned off. */
type TwoStepChange = 'enrol' | 'on' | 'off';

/**
 * The signed-in user's own two-step sign-in (issue 25.6): enrol (a secret and its QR code), confirm with the
 * first code (then ten recovery codes, shown once), turn off with a code. Enrolling is what a user whose
 * partner requires it can still do while they have no permissions (mustEnrolTwoStep): these routes need
 * only a signed-in user.
 */
export async function twoStepRoutes(app: FastifyInstance, { db, limits }: { db: Kysely<Database>; limits: RateLimits }) {
  /**
   * Runs a change of the user's own two-step sign-in with its `two_step` event (`{ change }`), in one
   * transaction; `work` answers undefined when nothing changed (then no event).
   */
  const changing = <T>(request: FastifyRequest, change: TwoStepChange, work: (trx: Kysely<Database>) => Promise<T | undefined>) =>
    db.transaction().execute(async (trx) => {
      const done = await work(trx);
      if (done !== undefined)
        await writeActivity(trx, request.tenantId, request.tenant.actor, { action: 'two_step', entity: 'staff', entityId: request.userId, details: { change } });
      return done;
    });

  const enrol = {
    tags: [TAG],
    summary: 'Start enrolling two-step sign-in: a new secret and its QR code for the authenticator app',
    response: {
      200: { description: 'The secret (to type), its otpauth:// URI and the QR code (SVG)', ...jsonSchemaOf(twoStepEnrolment, 'output') },
      ...failures(401, 409),
    },
  };
  app.post(`/${TWO_STEP_PATH}`, { ...needs('signed-in'), schema: enrol }, async (request): Promise<TwoStepEnrolment> => {
    const user = await findUserById(db, request.userId);
    if (!user) throw new HttpError(401, USER_GONE);
    const secret = await changing(request, 'enrol', (trx) => startEnrolment(trx, user.id));
    if (secret === undefined) throw conflict(TWO_STEP_ALREADY_ON);
    const url = otpauthUrl(secret, user.partner_name, user.email ?? user.phone ?? '');
    return { secret, otpauthUrl: url, qrSvg: await qrSvg(url) };
  });

  const confirm = {
    tags: [TAG],
    summary: 'Finish enrolling: the first code of the app turns two-step sign-in on and gives ten recovery codes, shown once',
    body: bodyFrom(twoStepCodeRequest),
    response: {
      200: { description: 'On: the recovery codes (each works once)', ...jsonSchemaOf(twoStepConfirmed, 'output') },
      ...failures(400, 401),
    },
  };
  app.post(`/${TWO_STEP_CONFIRM_PATH}`, { ...needs('signed-in'), schema: confirm }, async (request): Promise<TwoStepConfirmed> => {
    const { code } = request.body as TwoStepCodeRequest;
    const recoveryCodes = await changing(request, 'on', (trx) => confirmEnrolment(trx, request.userId, code));
    if (!recoveryCodes) throw badRequest(ENROLMENT_CODE_WRONG);
    request.log.info({ user: request.userId }, 'two-step sign-in on');
    return { status_msg: TWO_STEP_ON, recoveryCodes };
  });

  const turnOff = {
    tags: [TAG],
    summary: 'Turn two-step sign-in off, with a code of the app or a recovery code (not where the organisation requires it)',
    body: bodyFrom(twoStepCodeRequest),
    response: {
      200: { description: 'Off', ...jsonSchemaOf(statusOnly, 'output') },
      ...failures(400, 401, 409),
      429: { ...failures(429)[429], description: 'Too many codes from this address, or for this account: see Retry-After' },
    },
  };
  app.delete(`/${TWO_STEP_PATH}`, { ...needs('signed-in'), schema: turnOff }, async (request, reply): Promise<StatusOnly> => {
    const { code } = request.body as TwoStepCodeRequest;
    const user = await findUserById(db, request.userId);
    if (!user) throw new HttpError(401, USER_GONE);
    if (user.totp_enabled_at === null) throw conflict(TWO_STEP_NOT_ON);
    if (user.require_two_step && user.roles.some((role) => TWO_STEP_ROLES.includes(role))) throw badRequest(TWO_STEP_REQUIRED);
    // A stolen token must not become a way to guess the code: counted like the login's second step.
    const attempt = await limits.twoStepCode(request, user.id);
    if (attempt.refused) throw refusal(reply, attempt.refused);
    if (!(await acceptSecondStep(db, user.id, code))) throw badRequest(TWO_STEP_CODE_WRONG);
    await attempt.succeeded();
    await changing(request, 'off', async (trx) => {
      await clearTwoStep(trx, user.id);
      return true;
    });
    request.log.info({ user: user.id }, 'two-step sign-in off');
    return { status_msg: TWO_STEP_OFF };
  });
}
