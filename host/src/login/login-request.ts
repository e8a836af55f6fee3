import { api } from '@ushirika/shared/api';
import type { ErrorBody, LoginChallenge, LoginRequest, LoginResponse, TwoStepLoginRequest } from '@ushirika/shared/contract';

export type LoginOutcome =
  | { ok: true; response: LoginResponse | LoginChallenge }
  /** `status` 0: no answer. `message`: the server's status_msg when it sent one. */
  | { ok: false; status: number; message?: string };

export type SubmitLogin = (request: LoginRequest) => Promise<LoginOutcome>;
export type SubmitTwoStep = (request: TwoStepLoginRequest) => Promise<LoginOutcome>;

export function isChallenge(response: LoginResponse | LoginChallenge): response is LoginChallenge {
  return (response as Partial<LoginChallenge>).two_step === true;
}

/** ky's HTTPError carries the answer's status and its already-parsed body (`data`). */
interface AnsweredError {
  response: { status: number };
  data?: unknown;
}

function isAnsweredError(error: unknown): error is AnsweredError {
  const response = (error as Partial<AnsweredError> | null)?.response;
  return typeof response?.status === 'number';
}

function serverMessage(data: unknown): string | undefined {
  const message = (data as Partial<ErrorBody> | null | undefined)?.status_msg;
  return typeof message === 'string' && message ? message : undefined;
}

/** Posts a sign-in step and never throws: the login screen shows every outcome. */
async function signInStep(path: string, body: LoginRequest | TwoStepLoginRequest): Promise<LoginOutcome> {
  try {
    return { ok: true, response: await api.post(path, { json: body }).json<LoginResponse | LoginChallenge>() };
  } catch (error) {
    if (isAnsweredError(error)) return { ok: false, status: error.response.status, message: serverMessage(error.data) };
    return { ok: false, status: 0 };
  }
}

/**
 * POST /api/v2/login (spec 7): a session, or, when the account has two-step sign-in on (issue 25), a challenge to
 * send with the code. The paths are written out: the contract module stays off the login screen ("Weight").
 */
export const submitLogin: SubmitLogin = (request) => signInStep('login', request);

/** POST /api/v2/login/two-step (TWO_STEP_LOGIN_PATH): the second step of a challenged login. */
export const submitTwoStep: SubmitTwoStep = (request) => signInStep('login/two-step', request);
