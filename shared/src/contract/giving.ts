import * as yup from 'yup';
import { idField, instantField } from './common';

/*
 * Giving by M-Pesa Express and Safaricom Daraja's own APIs (ours; issue 29). Amounts are exact decimal strings,
 * whole shillings for a prompt (Daraja takes whole amounts). docs/api.md, "M-Pesa Express".
 *
 * Public (no sign-in; the partner is the giving code's, limited per phone number and per address):
 * - `GET /give/{code}` -> GivingPage: the partner's name, the funds its treasurer opened for giving, the amounts allowed.
 * - `POST /give/{code}` GiveRequest -> { checkoutRequestId }: an M-Pesa Express prompt sent to `phone`.
 * - `GET /give/{code}/{checkoutRequestId}` -> { status }: followed by the page until it is no longer `waiting`.
 *
 * Staff (signed in):
 * - `POST /mpesa/express` PaymentRequest -> { checkoutRequestId } ('Request payment' on a contact's page; finance.record).
 * - `GET /mpesa/express/{checkoutRequestId}` -> ExpressRequestRow (finance.record).
 * - `GET /mpesa/express?page&pagesize` -> { requests, total }, newest first (finance.record).
 * - `POST /mpesa/lookups` { transId } -> LookupRow: a payment a member reports by its M-Pesa code, asked of
 *   Daraja's Transaction Status API (finance.allocate); `GET /mpesa/lookups?page&pagesize` -> { lookups, total }.
 * - `GET /mpesa/setup` -> MpesaSetup; `PUT /mpesa/setup` MpesaSetupInput (with `version`) -> MpesaSetup
 *   (mpesa.configure: owners and treasurers). Secrets are written, never read back.
 * - `POST /mpesa/setup/test` -> ConnectionTest: fetches a token and says what failed in words.
 * - `POST /mpesa/setup/register` -> MpesaRegistration: C2B RegisterURL with the partner's URLs; the answer is kept.
 * - `GET /mpesa/callbacks?page&pagesize` -> { callbacks, total }: the partner's callbacks that need a person
 *   (failed, held, differing repeats); `POST /mpesa/callbacks/{id}/replay` -> MpesaCallbackRow (mpesa.configure).
 *
 * Callbacks (Daraja's, no sign-in; `<prefix>/<secret>/...` beside the C2B ones): `stk` (the prompt's result),
 * `status-result` and `status-timeout` (Transaction Status). Stored first in the inbox, idempotent.
 */

export const givingPath = (code: string) => `give/${encodeURIComponent(code)}`;
export const givingStatusPath = (code: string, checkoutRequestId: string) => `give/${encodeURIComponent(code)}/${encodeURIComponent(checkoutRequestId)}`;
export const EXPRESS_PATH = 'mpesa/express';
export const expressStatusPath = (checkoutRequestId: string) => `mpesa/express/${encodeURIComponent(checkoutRequestId)}`;
export const LOOKUPS_PATH = 'mpesa/lookups';
export const MPESA_SETUP_PATH = 'mpesa/setup';
export const MPESA_SETUP_TEST_PATH = 'mpesa/setup/test';
export const MPESA_SETUP_REGISTER_PATH = 'mpesa/setup/register';
export const MPESA_CALLBACKS_PATH = 'mpesa/callbacks';
export const mpesaCallbackReplayPath = (id: string) => `mpesa/callbacks/${encodeURIComponent(id)}/replay`;

/** The browser's giving page: `/give/{code}` (the host's public route). */
export const givingPagePath = (code: string) => `/give/${encodeURIComponent(code)}`;

/** A giving code: 3 to 40 lower-case letters, digits and '-', as typed in a link. */
export const GIVING_CODE = /^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/;

/** What a prompt comes to. `waiting` until Daraja answers (its callback or, after two minutes, the status query). */
export const EXPRESS_STATUSES = ['waiting', 'paid', 'cancelled', 'timeout', 'failed'] as const;
export type ExpressStatus = (typeof EXPRESS_STATUSES)[number];

/** Daraja's ResultCode of a prompt, by what it comes to: 0 paid, 1032 cancelled by the member, 1037 no answer from the phone; any other failed. */
export const EXPRESS_RESULT_CODES = { paid: '0', cancelled: '1032', timeout: '1037' } as const;

/** The amounts a partner allows on its giving page by default (whole shillings); it sets its own in Settings → M-Pesa. */
export const DEFAULT_GIVING_AMOUNTS = { min: '10', max: '150000' } as const;
/** M-Pesa's own largest single payment: no partner may allow more. */
export const MPESA_MAX_AMOUNT = '250000';

/** Prompts the giving page sends per phone number, and per address, in an hour. */
export const GIVING_PROMPTS_PER_PHONE_PER_HOUR = 3;
export const GIVING_PROMPTS_PER_ADDRESS_PER_HOUR = 10;

/** A prompt with no callback after this long is asked about (STK Query), then again every EXPRESS_QUERY_INTERVAL_MS. */
export const EXPRESS_QUERY_AFTER_MS = 120_000;
export const EXPRESS_QUERY_INTERVAL_MS = 60_000;

export const givingPage = yup.object({
  partner: yup.object({ name: yup.string().defined() }).defined(),
  funds: yup.array(yup.object({ id: idField(), name: yup.string().defined() }).defined()).defined(),
  /** Whole shillings, as text: "10", "150000". */
  minAmount: yup.string().defined(),
  maxAmount: yup.string().defined(),
});
export type GivingPage = yup.InferType<typeof givingPage>;

/** `POST /give/{code}`: the fund's id, whole shillings (text or number), the payer's phone (07…, +2547…, 2547…). */
export interface GiveRequest {
  fund: number;
  amount: string;
  phone: string;
}

export const checkoutAnswer = yup.object({ checkoutRequestId: yup.string().defined() });
export type CheckoutAnswer = yup.InferType<typeof checkoutAnswer>;

export const expressStatusAnswer = yup.object({ status: yup.mixed<ExpressStatus>().oneOf(EXPRESS_STATUSES).defined() });
export type ExpressStatusAnswer = yup.InferType<typeof expressStatusAnswer>;

/** `POST /mpesa/express`: staff ask a contact (or any phone) for a payment to a fund. */
export interface PaymentRequest {
  fund: number;
  amount: string;
  phone: string;
  /** The contact asked, when the prompt goes to a contact's number: the income is theirs. */
  memberId?: number | null;
}

export const expressRequestRow = yup.object({
  checkoutRequestId: yup.string().defined(),
  status: yup.mixed<ExpressStatus>().oneOf(EXPRESS_STATUSES).defined(),
  fund: idField(),
  FundName: yup.string().defined(),
  amount: yup.string().defined(),
  /** As prompted, 2547…. */
  phone: yup.string().defined(),
  memberId: yup.number().integer().nullable().defined(),
  /** 'giving-page' or 'staff'. */
  origin: yup.string().defined(),
  /** Daraja's words for the outcome, once settled. */
  resultDesc: yup.string().nullable().defined(),
  /** The M-Pesa receipt number once paid. */
  receiptNumber: yup.string().nullable().defined(),
  /** The income recorded for it, once paid. */
  incomeId: yup.number().integer().nullable().defined(),
  createdAt: instantField(),
  settledAt: yup.string().nullable().defined(),
});
export type ExpressRequestRow = yup.InferType<typeof expressRequestRow>;

/** What a look-up of a reported M-Pesa code comes to. */
export const LOOKUP_STATUSES = ['waiting', 'found', 'not-found', 'failed'] as const;
export type LookupStatus = (typeof LOOKUP_STATUSES)[number];

export const lookupRow = yup.object({
  id: idField(),
  transId: yup.string().defined(),
  status: yup.mixed<LookupStatus>().oneOf(LOOKUP_STATUSES).defined(),
  /** Daraja's words, once answered. */
  resultDesc: yup.string().nullable().defined(),
  /** The payment stored (or found already stored) for it, in the M-Pesa list. */
  transactionId: yup.number().integer().nullable().defined(),
  createdAt: instantField(),
  settledAt: yup.string().nullable().defined(),
});
export type LookupRow = yup.InferType<typeof lookupRow>;

export const DARAJA_ENVIRONMENTS = ['sandbox', 'production'] as const;
export type DarajaEnvironment = (typeof DARAJA_ENVIRONMENTS)[number];
export const EXPRESS_TRANSACTION_TYPES = ['CustomerPayBillOnline', 'CustomerBuyGoodsOnline'] as const;
export type ExpressTransactionType = (typeof EXPRESS_TRANSACTION_TYPES)[number];
export const RESPONSE_TYPES = ['Completed', 'Cancelled'] as const;
export type ResponseType = (typeof RESPONSE_TYPES)[number];

/** The secrets a partner enters: written, never read back (the setup says only which are set). */
export const DARAJA_SECRETS = ['consumerKey', 'consumerSecret', 'passkey', 'securityCredential'] as const;
export type DarajaSecret = (typeof DARAJA_SECRETS)[number];

export const mpesaSetup = yup.object({
  environment: yup.mixed<DarajaEnvironment>().oneOf(DARAJA_ENVIRONMENTS).defined(),
  /** The paybill (or head office of a till) prompts are sent from, BusinessShortCode; '' when not set. */
  expressShortCode: yup.string().defined(),
  transactionType: yup.mixed<ExpressTransactionType>().oneOf(EXPRESS_TRANSACTION_TYPES).defined(),
  /** PartyB: the till for CustomerBuyGoodsOnline; '' means the short code. */
  partyB: yup.string().defined(),
  /** The Transaction Status API's initiator (a user of the M-Pesa portal); '' when not set. */
  initiator: yup.string().defined(),
  responseType: yup.mixed<ResponseType>().oneOf(RESPONSE_TYPES).defined(),
  /** Which secrets are stored (true) or not. */
  secrets: yup.object({
    consumerKey: yup.boolean().defined(),
    consumerSecret: yup.boolean().defined(),
    passkey: yup.boolean().defined(),
    securityCredential: yup.boolean().defined(),
  }),
  /** The C2B short codes payments arrive on (pnpm ops set-mpesa). */
  shortCodes: yup.array(yup.string().defined()).defined(),
  /** Null until a giving code is chosen: then the giving page is `/give/{code}`. */
  givingCode: yup.string().nullable().defined(),
  minAmount: yup.string().defined(),
  maxAmount: yup.string().defined(),
  /** The URLs RegisterURL sends: null until the partner has a callback secret and the server knows its public address. */
  confirmationUrl: yup.string().nullable().defined(),
  validationUrl: yup.string().nullable().defined(),
  /** The last RegisterURL's answer. */
  registration: yup.object({ at: instantField(), ok: yup.boolean().defined(), message: yup.string().defined() }).nullable().defined(),
  /** False while prompts go to the development simulator (no credentials, not production). */
  live: yup.boolean().defined(),
  version: yup.number().integer().defined(),
});
export type MpesaSetup = yup.InferType<typeof mpesaSetup>;

/** `PUT /mpesa/setup`: every field optional; a secret given as '' is removed, one not given is kept. */
export interface MpesaSetupInput {
  environment?: DarajaEnvironment;
  expressShortCode?: string;
  transactionType?: ExpressTransactionType;
  partyB?: string;
  initiator?: string;
  responseType?: ResponseType;
  consumerKey?: string;
  consumerSecret?: string;
  passkey?: string;
  securityCredential?: string;
  givingCode?: string | null;
  minAmount?: string;
  maxAmount?: string;
  version: number;
}

export const connectionTest = yup.object({ ok: yup.boolean().defined(), message: yup.string().defined() });
export type ConnectionTest = yup.InferType<typeof connectionTest>;

export const mpesaRegistration = yup.object({
  ok: yup.boolean().defined(),
  /** Daraja's answer, or what to do about it ('already registered': ask Safaricom to change them). */
  message: yup.string().defined(),
  at: instantField(),
});
export type MpesaRegistration = yup.InferType<typeof mpesaRegistration>;

export const mpesaCallbackRow = yup.object({
  id: yup.string().defined(),
  receivedAt: instantField(),
  /** validation, confirmation, stk, status-result, status-timeout */
  kind: yup.string().defined(),
  outcome: yup.string().defined(),
  transId: yup.string().nullable().defined(),
  /** What became of it, never a phone number or a name. */
  detail: yup.string().nullable().defined(),
});
export type MpesaCallbackRow = yup.InferType<typeof mpesaCallbackRow>;
