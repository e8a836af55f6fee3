import { api } from '@ushirika/shared/api';
import type { CheckoutAnswer, ExpressStatusAnswer, GiveRequest, GivingPage } from '@ushirika/shared/contract';

/*
 * The giving page's calls (public, issue 29): like the other signed-out screens it loads no contract module
 * (docs/architecture.md, "Weight"), only its types, and the paths written out (givingPath, givingStatusPath in
 * shared/src/contract/giving.ts).
 */

const pagePath = (code: string) => `give/${encodeURIComponent(code)}`;

/** GET /api/v2/give/{code}: the partner's name, its funds open for giving and the amounts allowed; 404 for no such page. */
export function readGivingPage(code: string, signal?: AbortSignal): Promise<GivingPage> {
  return api.get(pagePath(code), { signal }).json<GivingPage>();
}

/** POST /api/v2/give/{code}: an M-Pesa Express prompt to `phone`; 429 when the number (or address) asked too often. */
export function sendGift(code: string, body: GiveRequest): Promise<CheckoutAnswer> {
  return api.post(pagePath(code), { json: body }).json<CheckoutAnswer>();
}

/** GET /api/v2/give/{code}/{checkoutRequestId}: `waiting` until M-Pesa answers. */
export function readGiftStatus(code: string, checkoutRequestId: string, signal?: AbortSignal): Promise<ExpressStatusAnswer> {
  return api.get(`${pagePath(code)}/${encodeURIComponent(checkoutRequestId)}`, { signal }).json<ExpressStatusAnswer>();
}
