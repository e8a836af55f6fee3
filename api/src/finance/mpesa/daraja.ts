/*
 * Safaricom Daraja C2B as it reaches us (../shared/INTEGRATIONS.md, "Safaricom Daraja"): the JSON body the
 * validation and confirmation callbacks share, read into a payment; the replies in Daraja's format; the
 * callback paths. Nothing here touches the database.
 */

export type CallbackKind = 'validation' | 'confirmation';

/** The largest callback body read (a real one is under 1 KB). */
export const MAX_CALLBACK_BODY_BYTES = 16 * 1024;

/** Daraja's answer to a callback. Validation answers its code as text, confirmation as the number 0. */
export interface DarajaReply {
  ResultCode: string | number;
  ResultDesc: string;
}

/** Validation: let the payment through. */
export const ACCEPTED: DarajaReply = { ResultCode: '0', ResultDesc: 'Accepted' };
/** Confirmation: stored (or already stored). The money has moved: a confirmation is never refused for its content. */
export const SUCCESS: DarajaReply = { ResultCode: 0, ResultDesc: 'Success' };

/** Daraja's reject codes (validation), and what we answer to a callback we cannot take at all. */
export const REJECT = {
  invalidMsisdn: 'C2B00011',
  invalidAccountNumber: 'C2B00012',
  invalidAmount: 'C2B00013',
  other: 'C2B00016',
} as const;
export type RejectCode = (typeof REJECT)[keyof typeof REJECT];

export const rejected = (code: RejectCode): DarajaReply => ({ ResultCode: code, ResultDesc: 'Rejected' });

/** The longest BillRefNumber a validation lets through (Daraja's own limit is shorter). */
export const MAX_BILL_REF = 100;
/** Every text field of a payment is bounded; a longer one makes the body malformed. */
const MAX_FIELD = 200;
const TRANS_ID = /^[A-Za-z0-9]{1,40}$/;
const SHORT_CODE = /^\d{5,7}$/;
const TRANS_TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
/** East Africa Time: UTC+3 all year (no daylight saving). */
const EAT_OFFSET_HOURS = 3;

/** One C2B payment as Daraja describes it, fields trimmed. */
export interface C2bPayment {
  transactionType: string;
  transId: string;
  transTime: Date;
  /** As sent, trimmed: checked by `paymentRefusal` (validation) or `readConfirmation`. */
  amount: string;
  shortCode: string;
  billRef: string;
  invoiceNumber: string;
  orgAccountBalance: string;
  thirdPartyTransId: string;
  /** A phone number (2547…) or, since 2021, possibly a SHA-256 hash: stored as given. */
  msisdn: string;
  firstName: string;
  middleName: string;
  lastName: string;
}

export type Reading = { ok: true; payment: C2bPayment } | { ok: false; reason: string };

/**
 * TransTime ("YYYYMMDDHHmmss", East Africa Time) as an instant; null when it is not one (a month 13,
 * 30 February).
 */
export function parseTransTime(value: string): Date | null {
  const parts = TRANS_TIME.exec(value);
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [number, number, number, number, number, number];
  const asUtc = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const same =
    asUtc.getUTCFullYear() === year &&
    asUtc.getUTCMonth() === month - 1 &&
    asUtc.getUTCDate() === day &&
    asUtc.getUTCHours() === hour &&
    asUtc.getUTCMinutes() === minute &&
    asUtc.getUTCSeconds() === second;
  return same ? new Date(asUtc.getTime() - EAT_OFFSET_HOURS * 3_600_000) : null;
}

/** An instant as TransTime ("YYYYMMDDHHmmss" in East Africa Time): the seed, tests and benchmarks write bodies with it. */
export function formatTransTime(instant: Date): string {
  return new Date(instant.getTime() + EAT_OFFSET_HOURS * 3_600_000).toISOString().slice(0, 19).replace(/[-T:]/g, '');
}

/** A money amount above zero with at most two decimals and twelve whole digits (numeric(14,2)). */
export const isPositiveAmount = (amount: string) => AMOUNT.test(amount) && /[1-9]/.test(amount);

/** Control characters (and NUL, which PostgreSQL text cannot hold) are dropped from every field. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

type Fields = Record<string, unknown>;

/** A text field: a string, or a number Daraja sometimes sends for codes and amounts; '' when absent. */
function field(body: Fields, name: string): string | { problem: string } {
  const value = body[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' && typeof value !== 'number') return { problem: `${name} is not text` };
  const text = String(value).replace(CONTROL, '').trim();
  return text.length > MAX_FIELD ? { problem: `${name} is longer than ${MAX_FIELD} characters` } : text;
}

/**
 * Reads a callback's parsed JSON into a payment, or says why it cannot: not an object, a field that is not
 * text or too long, or a missing or malformed TransID, TransTime or BusinessShortCode. The amount is only
 * required here; what it must be is the caller's concern (validation answers C2B00013).
 */
export function readPayment(json: unknown): Reading {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { ok: false, reason: 'the body is not a JSON object' };
  const body = json as Fields;
  const names = {
    transactionType: 'TransactionType',
    transId: 'TransID',
    transTime: 'TransTime',
    amount: 'TransAmount',
    shortCode: 'BusinessShortCode',
    billRef: 'BillRefNumber',
    invoiceNumber: 'InvoiceNumber',
    orgAccountBalance: 'OrgAccountBalance',
    thirdPartyTransId: 'ThirdPartyTransID',
    msisdn: 'MSISDN',
    firstName: 'FirstName',
    middleName: 'MiddleName',
    lastName: 'LastName',
  } as const;
  const text = {} as Record<keyof typeof names, string>;
  for (const [key, name] of Object.entries(names) as Array<[keyof typeof names, string]>) {
    const value = field(body, name);
    if (typeof value !== 'string') return { ok: false, reason: value.problem };
    text[key] = value;
  }
  if (!TRANS_ID.test(text.transId)) return { ok: false, reason: 'TransID is missing or not 1 to 40 letters and digits' };
  const transTime = parseTransTime(text.transTime);
  if (!transTime) return { ok: false, reason: 'TransTime is missing or not a YYYYMMDDHHmmss time' };
  if (!SHORT_CODE.test(text.shortCode)) return { ok: false, reason: 'BusinessShortCode is missing or not 5 to 7 digits' };
  if (text.amount === '') return { ok: false, reason: 'TransAmount is missing' };
  return { ok: true, payment: { ...text, transTime } };
}

/**
 * Why a validation refuses a payment it can read, as Daraja's code: an amount that is not above zero with
 * at most two decimals, no MSISDN, a BillRefNumber longer than we keep. Undefined: let it through.
 */
export function paymentRefusal(payment: C2bPayment): { code: RejectCode; reason: string } | undefined {
  if (!isPositiveAmount(payment.amount)) return { code: REJECT.invalidAmount, reason: 'TransAmount is not an amount above 0 with at most two decimals' };
  if (payment.msisdn === '') return { code: REJECT.invalidMsisdn, reason: 'MSISDN is missing' };
  if (payment.billRef.length > MAX_BILL_REF) return { code: REJECT.invalidAccountNumber, reason: `BillRefNumber is longer than ${MAX_BILL_REF} characters` };
  return undefined;
}

/** The payer's names as one text ("First Middle Last"). */
export const senderName = (names: { firstName: string; middleName: string; lastName: string }) =>
  [names.firstName, names.middleName, names.lastName].filter((name) => name !== '').join(' ');

/** The two URLs to register with Safaricom for a partner, under `base` (the server's public https address). */
export function callbackUrls(base: string, prefix: string, secret: string): Record<CallbackKind, string> {
  const root = `${base.replace(/\/+$/, '')}${prefix}/${secret}`;
  return { validation: `${root}/validation`, confirmation: `${root}/confirmation` };
}
