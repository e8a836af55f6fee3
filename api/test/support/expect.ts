import type { LightMyRequestResponse } from 'fastify';
import type { ErrorBody } from '@ushirika/shared/contract';

/** The response is a failure with this status and exactly the error body `{ status_msg: message }`. */
export function expectFailure(response: LightMyRequestResponse, status: number, message: string): void {
  expect(response.statusCode).toBe(status);
  expect(response.json<ErrorBody>()).toEqual({ status_msg: message });
}
