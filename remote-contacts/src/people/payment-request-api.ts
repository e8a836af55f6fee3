import { api } from '@ushirika/shared/api';
import { EXPRESS_PATH, expressStatusPath, type CheckoutAnswer, type ExpressRequestRow, type PaymentRequest } from '@ushirika/shared/contract';

/** How often a prompt still waiting for the member's PIN is read again. */
export const FOLLOW_PROMPT_MS = 2000;

/** POST /mpesa/express { fund, amount, phone, memberId } -> { checkoutRequestId }: an M-Pesa Express prompt to the phone. */
export const requestPayment = (body: PaymentRequest) => api.post(EXPRESS_PATH, { json: body }).json<CheckoutAnswer>();

/** GET /mpesa/express/{checkoutRequestId}: the prompt as it is now (waiting, paid, cancelled, timeout, failed). */
export const loadPaymentRequest = (checkoutRequestId: string, signal?: AbortSignal) =>
  api.get(expressStatusPath(checkoutRequestId), { signal }).json<ExpressRequestRow>();
