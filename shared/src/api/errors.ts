import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import type { ErrorBody } from '../contract';

/** Spec 8's text for a request that never got an answer. Also a catalogue id (shown through translateText). */
export const NO_RESPONSE_TEXT = 'The request was made but no response was received';

function isErrorBody(data: unknown): data is ErrorBody {
  return typeof data === 'object' && data !== null && typeof (data as ErrorBody).status_msg === 'string';
}

/**
 * The text of the 'Error!' dialog (spec 8): the server's status_msg when it answered, the fixed
 * no-response text when nothing came back, otherwise the error's own message.
 * ky has already read the failed answer's body into `error.data`, so this can stay synchronous.
 */
export function errorText(error: unknown): string {
  if (isHTTPError(error)) {
    if (isErrorBody(error.data)) return error.data.status_msg;
    return error.message;
  }
  if (isNetworkError(error) || isTimeoutError(error)) return NO_RESPONSE_TEXT;
  if (error instanceof Error) return error.message;
  return String(error);
}
