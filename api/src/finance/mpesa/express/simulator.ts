import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { gatewayActor } from '../../../activity/record';
import { DEFAULT_MSISDN_HASH_FORMS, type MsisdnHashForm } from '../../../config';
import type { Database } from '../../../db/schema';
import { DarajaError, type DarajaApi } from '../daraja-api';
import { formatTransTime } from '../daraja';
import { receiveStkCallback } from './stk-callback';

/*
 * The development M-Pesa simulator (issue 29), as the development SMS provider stands in for the gateway: a partner
 * without Daraja credentials on a server that is not in production (NODE_ENV) sends its prompts here
 * (../partner-daraja.ts). Nothing leaves the machine and no money moves. main.ts says so at start-up; production
 * never uses it.
 *
 * - stkPush answers a CheckoutRequestID ('ws_CO_SIM_…') at once. The prompt is stored 'waiting' and `simulated`,
 *   due to be asked about after SIMULATOR_ANSWERS_AFTER_MS (./requests.ts) instead of Daraja's two minutes.
 * - stkQuery, for one of its own prompts, is the moment the payer "answers": it delivers the documented paid
 *   callback (ResultCode 0, a receipt number 'SIM' + 7 letters and digits, Amount, PhoneNumber, TransactionDate)
 *   through the same path a real one takes (stored in the inbox as the partner's 'stk' callback, then processed:
 *   ./stk-callback.ts), then answers paid. So the reconciler (./reconciler.ts), which asks about every waiting prompt
 *   when it is due, makes the simulated payment a few seconds after the prompt, and the flow survives a restart
 *   between the prompt and its answer: nothing is kept in memory. The receipt number is derived from the
 *   CheckoutRequestID, so a second delivery is a repeat (nothing twice).
 * - registerUrls, testConnection and transactionStatus refuse, in words that say it is the simulator: there is no
 *   Safaricom to register with, connect to or look a payment up at.
 */

export const SIMULATOR_CHECKOUT_PREFIX = 'ws_CO_SIM_';
/** A simulated prompt is answered (paid) when the reconciler asks about it, this long after it was sent. */
export const SIMULATOR_ANSWERS_AFTER_MS = 3_000;
/** What main.ts says at start-up when the simulator may serve partners (not in production). */
export const SIMULATOR_BANNER = 'development simulator for partners without Daraja credentials (prompts are answered paid, no money moves)';
const SIMULATOR = 'No Daraja credentials: prompts go to the development M-Pesa simulator (answered paid, no money moves)';
export const SIMULATED_PAID_DESC = 'The service request is processed successfully. (development simulator: no money moved)';

export const isSimulatedCheckout = (checkoutRequestId: string) => checkoutRequestId.startsWith(SIMULATOR_CHECKOUT_PREFIX);

const RECEIPT_CHARACTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
/** 'SIM' and 7 letters and digits, the same for the same prompt (a receipt number like M-Pesa's 10 characters). */
export function simulatedReceipt(checkoutRequestId: string): string {
  const digest = createHash('sha256').update(checkoutRequestId).digest();
  return `SIM${Array.from(digest.subarray(0, 7), (byte) => RECEIPT_CHARACTERS[byte % RECEIPT_CHARACTERS.length]).join('')}`;
}

/** The documented STK callback of a paid prompt, as Daraja would post it. */
export function simulatedCallbackBody(prompt: { checkoutRequestId: string; merchantRequestId: string; amount: string; phone: string }, at: Date) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: prompt.merchantRequestId,
        CheckoutRequestID: prompt.checkoutRequestId,
        ResultCode: 0,
        ResultDesc: SIMULATED_PAID_DESC,
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: Number(prompt.amount) },
            { Name: 'MpesaReceiptNumber', Value: simulatedReceipt(prompt.checkoutRequestId) },
            { Name: 'Balance' },
            { Name: 'TransactionDate', Value: Number(formatTransTime(at)) },
            { Name: 'PhoneNumber', Value: Number(prompt.phone) },
          ],
        },
      },
    },
  };
}

/** The simulator for partner `tenantId`. */
export function developmentSimulator(db: Kysely<Database>, tenantId: number, hashForms: readonly MsisdnHashForm[] = DEFAULT_MSISDN_HASH_FORMS): DarajaApi {
  return {
    kind: 'simulator',
    async testConnection() {
      throw new DarajaError(`${SIMULATOR}: there is no connection to Safaricom to test`, false);
    },
    async stkPush() {
      const unique = `${formatTransTime(new Date())}${randomBytes(6).toString('hex')}`;
      return {
        merchantRequestId: `SIM-${unique}`,
        checkoutRequestId: `${SIMULATOR_CHECKOUT_PREFIX}${unique}`,
        customerMessage: 'Development simulator: no prompt reaches the phone; it is answered paid in a few seconds',
      };
    },
    async stkQuery(checkoutRequestId) {
      if (!isSimulatedCheckout(checkoutRequestId)) throw new DarajaError('The development M-Pesa simulator knows only its own prompts', false);
      const prompt = await db
        .selectFrom('mpesa_express_requests')
        .select(['checkout_request_id', 'merchant_request_id', 'amount', 'phone'])
        .where('tenant_id', '=', tenantId)
        .where('checkout_request_id', '=', checkoutRequestId)
        .executeTakeFirst();
      if (!prompt) throw new DarajaError('The development M-Pesa simulator sent no such prompt', false);
      const body = simulatedCallbackBody(
        { checkoutRequestId, merchantRequestId: prompt.merchant_request_id ?? '', amount: String(prompt.amount), phone: prompt.phone },
        new Date(),
      );
      await receiveStkCallback(db, tenantId, JSON.stringify(body), gatewayActor('mpesa', null), hashForms);
      return { pending: false, resultCode: '0', resultDesc: SIMULATED_PAID_DESC };
    },
    async registerUrls() {
      throw new DarajaError(`${SIMULATOR}: nothing is registered with Safaricom`, false);
    },
    async transactionStatus() {
      throw new DarajaError(`${SIMULATOR}: it cannot look up M-Pesa payments; enter the partner's Daraja credentials in Settings → M-Pesa`, false);
    },
  };
}
