import { api } from '@ushirika/shared/api';
import type { ErrorBody, LoginRequest, LoginResponse } from '@ushirika/shared/contract';

export type LoginOutcome =
  | { ok: true; response: LoginResponse }
  /** `status` 0: no answer. `message`: the server's status_msg when it sent one. */
  | { ok: false; status: number; message?: string };

export type SubmitLogin = (request: LoginRequest) => Promise<LoginOutcome>;

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

/** POST /api/v2/login (spec 7). Never throws: the login screen shows every outcome. */
export const submitLogin: SubmitLogin = async (request) => {
  try {
    return { ok: true, response: await api.post('login', { json: request }).json<LoginResponse>() };
  } catch (error) {
    if (isAnsweredError(error)) return { ok: false, status: error.response.status, message: serverMessage(error.data) };
    return { ok: false, status: 0 };
  }
};
