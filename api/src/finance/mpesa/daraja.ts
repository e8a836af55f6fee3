import { DATE_RANGE, incomeSchema, isDateInRange, TEXT_LIMITS } from '@ushirika/shared/validation';

/*
 * Safaricom Daraja C2B as it reaches us (docs/integrations.md, "Safaricom Daraja"): the JSON body the
 * validation and confirmation callbacks share, read into a payment; the replies in Daraja's format; the
 * callback paths. Nothing here touches the database.
 *
 * The two callbacks apply the same checks (the validation's and the income form's), but answer them
 * differently: a validation refuses a payment that fails them (the money has not moved), a confirmation
 * never does for what a person can put right (`readConfirmation`): the payment is stored flagged for a
 * person, and only one whose TransID or amount cannot be read is held in the inbox instead.
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

/** Daraja's reject codes (validation), and what we answer to a callback we cannot take at all (or, HTTP 429, too many of). */
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
/** Every text field of a payment is bounded: a longer one makes a validation malformed, and is cut (and flagged) in a confirmation. */
const MAX_FIELD = 200;
const TRANS_ID = /^[A-Za-z0-9]{1,40}$/;
const SHORT_CODE = /^\d{5,7}$/;
const TRANS_TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;
/** East Africa Time: UTC+3 all year (no daylight saving). */
const EAT_OFFSET_HOURS = 3;

/** One C2B payment as Daraja describes it, fields trimmed. */
export interface C2bPayment {
  transactionType: string;
  /** Upper case: M-Pesa's TransIDs are compared without regard to case ('tk60708bhz' is TK60708BHZ). */
  transId: string;
  transTime: Date;
  /** As written in the body, trimmed (a JSON number as its digits: 1e9 stays "1e9"): checked by `paymentRefusal` or `readConfirmation`. */
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

/** Whether TransTime's day (as written, East Africa Time) lies in the dates the app's lists and forms reach (DATE_RANGE). */
export function isTransTimeInRange(value: string): boolean {
  const parts = TRANS_TIME.exec(value);
  return parts !== null && isDateInRange(`${parts[1]}-${parts[2]}-${parts[3]}`);
}

/** The income form's amount rule (shared/src/validation/finance.ts): above 0, at most two decimals, at most the form's maximum. */
const incomeAmount = incomeSchema.pick(['amount']);

/**
 * An amount as M-Pesa writes it and the income form takes it: digits with at most two decimals, above 0,
 * within the form's maximum. Checked on the text as written, so a JSON number 1e9 is no amount here.
 */
export const isMpesaAmount = (amount: string) => /^\d+(\.\d+)?$/.test(amount) && incomeAmount.isValidSync({ amount });

/** Control characters (and NUL, which PostgreSQL text cannot hold) are dropped from every field. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** A number's text in a JSON body, or anything else the scanner meets. */
const NUMBER_CHARACTER = /[0-9eE.+-]/;

/**
 * JSON.parse, keeping every number as the text it was written as: `"TransAmount": 1e9` reads as "1e9",
 * not 1000000000, so an amount is checked as M-Pesa wrote it. Throws SyntaxError as JSON.parse does.
 */
export function parseCallbackJson(text: string): unknown {
  // Valid JSON first: quoting a number literal could make an invalid one (01, 1.) valid.
  JSON.parse(text);
  let quoted = '';
  let copied = 0;
  let at = 0;
  while (at < text.length) {
    const character = text[at]!;
    if (character === '"') {
      at += 1;
      while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
      at += 1;
    } else if (character === '-' || (character >= '0' && character <= '9')) {
      let end = at + 1;
      while (end < text.length && NUMBER_CHARACTER.test(text[end]!)) end += 1;
      quoted += `${text.slice(copied, at)}"${text.slice(at, end)}"`;
      copied = end;
      at = end;
    } else {
      at += 1;
    }
  }
  return JSON.parse(quoted + text.slice(copied));
}

type Fields = Record<string, unknown>;

/** Daraja's field names, by our names for them, in the body's usual order. */
const NAMES = {
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
type FieldKey = keyof typeof NAMES;

/** Every field's text ('' when absent or not text, cut to MAX_FIELD when longer), and what was wrong with those that were neither. */
interface ReadFields {
  text: Record<FieldKey, string>;
  /** In field order. */
  problems: Array<{ key: FieldKey; problem: string }>;
}

/** A text field: a string, or a number Daraja sometimes sends for codes and amounts; '' when absent. */
function readFields(body: Fields): ReadFields {
  const text = {} as Record<FieldKey, string>;
  const problems: ReadFields['problems'] = [];
  for (const [key, name] of Object.entries(NAMES) as Array<[FieldKey, string]>) {
    const value = body[name];
    if (value === undefined || value === null) {
      text[key] = '';
    } else if (typeof value !== 'string' && typeof value !== 'number') {
      text[key] = '';
      problems.push({ key, problem: `${name} is not text` });
    } else {
      const given = String(value).replace(CONTROL, '').trim();
      text[key] = given.slice(0, MAX_FIELD);
      if (given.length > MAX_FIELD) problems.push({ key, problem: `${name} is longer than ${MAX_FIELD} characters` });
    }
  }
  return { text, problems };
}

const isObject = (json: unknown): json is Fields => typeof json === 'object' && json !== null && !Array.isArray(json);
const NOT_AN_OBJECT = 'the body is not a JSON object';
const BAD_TRANS_ID = 'TransID is missing or not 1 to 40 letters and digits';
const BAD_SHORT_CODE = 'BusinessShortCode is missing or not 5 to 7 digits';
/** Why an amount is refused (validation) or held (confirmation). */
export const BAD_AMOUNT = "TransAmount is not an amount as M-Pesa writes it: digits with at most two decimals, above 0, within the income form's maximum";

/**
 * Reads a validation's parsed JSON into a payment, or says why it cannot: not an object, a field that is
 * not text or too long, or a missing or malformed TransID, TransTime or BusinessShortCode. The amount is
 * only required here; what it must be is `paymentRefusal`'s concern (C2B00013).
 */
export function readPayment(json: unknown): Reading {
  if (!isObject(json)) return { ok: false, reason: NOT_AN_OBJECT };
  const { text, problems } = readFields(json);
  if (problems.length > 0) return { ok: false, reason: problems[0]!.problem };
  if (!TRANS_ID.test(text.transId)) return { ok: false, reason: BAD_TRANS_ID };
  const transTime = parseTransTime(text.transTime);
  if (!transTime) return { ok: false, reason: 'TransTime is missing or not a YYYYMMDDHHmmss time' };
  if (!SHORT_CODE.test(text.shortCode)) return { ok: false, reason: BAD_SHORT_CODE };
  if (text.amount === '') return { ok: false, reason: 'TransAmount is missing' };
  return { ok: true, payment: { ...text, transId: text.transId.toUpperCase(), transTime } };
}

/**
 * Why a stored payment waits for a person (online_transactions.check_reason, the reasons joined by '; '):
 * fixed sentences, so the M-Pesa screen can show them in the user's language.
 */
export const CHECK_REASONS = {
  msisdn: 'MSISDN is missing',
  billRef: `BillRefNumber is longer than ${MAX_BILL_REF} characters`,
  transTime: `TransTime is not a time from ${DATE_RANGE.min.slice(0, 4)} to ${DATE_RANGE.max.slice(0, 4)}: the time shown is when the payment arrived`,
  text: 'Some details were not text or too long and were cut: the raw callback is kept',
  /** Set by migration 0016 on payments stored before TransIDs were compared without case. */
  sameTransId: 'Another payment has the same TransID in other letter case',
  /** Paid to a short code the partner has not registered (pnpm ops set-mpesa): the money has moved all the same. */
  otherShortCode: "BusinessShortCode is not one of the partner's short codes",
  /** Safaricom repeated the TransID with another amount, MSISDN, payer names or short code: both raw callbacks are kept. */
  differingRepeat: 'A repeat of this TransID came with another amount, payer or short code: the raw callbacks are kept',
} as const;
export const CHECK_REASON_SEPARATOR = '; ';

/** The payer's names are written into an income (allocation), whose names the income form bounds. */
const NAME_FIELDS: readonly FieldKey[] = ['firstName', 'middleName', 'lastName'];

/** What a confirmation comes to (see the file's comment). */
export type Confirmation =
  /** Not a Daraja payment at all, or no short code to tell whose it is: refused as malformed. */
  | { kind: 'malformed'; reason: string }
  /** The partner's short code, but no TransID or no amount to store a payment with: held in the inbox for a person. */
  | { kind: 'held'; shortCode: string; transId: string | null; reason: string }
  /** A payment; `checks` (CHECK_REASONS) says why a person must look at it, empty when nothing is wrong. */
  | { kind: 'payment'; shortCode: string; payment: C2bPayment; checks: string[] };

/**
 * Reads a confirmation's parsed JSON (`parseCallbackJson`). The money has moved, so what a person can put
 * right never refuses it: an empty MSISDN, a BillRefNumber over MAX_BILL_REF characters, a field that is not
 * text or too long (cut; names to the income form's length), a TransTime that is no time or outside the
 * app's dates (the arrival time `arrivedAt` is used instead) make a payment with `checks`.
 */
export function readConfirmation(json: unknown, arrivedAt: Date): Confirmation {
  if (!isObject(json)) return { kind: 'malformed', reason: NOT_AN_OBJECT };
  const { text, problems } = readFields(json);
  const unreadable = new Set(problems.map((problem) => problem.key));
  if (unreadable.has('shortCode') || !SHORT_CODE.test(text.shortCode)) return { kind: 'malformed', reason: BAD_SHORT_CODE };
  const { shortCode } = text;
  const transId = !unreadable.has('transId') && TRANS_ID.test(text.transId) ? text.transId.toUpperCase() : null;
  if (transId === null) return { kind: 'held', shortCode, transId, reason: BAD_TRANS_ID };
  const amountProblem = problems.find((problem) => problem.key === 'amount');
  if (amountProblem || !isMpesaAmount(text.amount)) return { kind: 'held', shortCode, transId, reason: amountProblem?.problem ?? BAD_AMOUNT };

  const checks = new Set<string>();
  let transTime = isTransTimeInRange(text.transTime) ? parseTransTime(text.transTime) : null;
  if (transTime === null) {
    checks.add(CHECK_REASONS.transTime);
    transTime = arrivedAt;
  }
  if (text.msisdn === '') checks.add(CHECK_REASONS.msisdn);
  if (text.billRef.length > MAX_BILL_REF) checks.add(CHECK_REASONS.billRef);
  for (const key of NAME_FIELDS) {
    if (text[key].length > TEXT_LIMITS.name) {
      text[key] = text[key].slice(0, TEXT_LIMITS.name);
      checks.add(CHECK_REASONS.text);
    }
  }
  for (const { key } of problems) {
    if (key === 'transTime' || (key === 'msisdn' && text.msisdn === '')) continue;
    if (key === 'billRef' && text.billRef.length > MAX_BILL_REF) continue;
    checks.add(CHECK_REASONS.text);
  }
  return { kind: 'payment', shortCode, payment: { ...text, transId, transTime }, checks: [...checks] };
}

/**
 * Why a validation refuses a payment it can read, as Daraja's code: an amount that is not as M-Pesa writes
 * it (`isMpesaAmount`), no MSISDN, a BillRefNumber longer than we keep. Undefined: let it through.
 */
export function paymentRefusal(payment: C2bPayment): { code: RejectCode; reason: string } | undefined {
  if (!isMpesaAmount(payment.amount)) return { code: REJECT.invalidAmount, reason: BAD_AMOUNT };
  if (payment.msisdn === '') return { code: REJECT.invalidMsisdn, reason: CHECK_REASONS.msisdn };
  if (payment.billRef.length > MAX_BILL_REF) return { code: REJECT.invalidAccountNumber, reason: CHECK_REASONS.billRef };
  return undefined;
}

/** The payer's names as one text ("First Middle Last"). */
export const senderName = (names: { firstName: string; middleName: string; lastName: string }) =>
  [names.firstName, names.middleName, names.lastName].filter((name) => name !== '').join(' ');

/**
 * What Safaricom refuses in a callback URL, in any case (C2B Register URL; docs/integrations.md, "Callback URLs Safaricom accepts"):
 * 'exec' before 'exe' and 'm-pesa' before the rest, so the word named is the one written.
 */
export const URL_REFUSED_WORDS = ['m-pesa', 'mpesa', 'safaricom', 'exec', 'exe', 'cmd', 'sql', 'query'] as const;

/** The first word of URL_REFUSED_WORDS in `text` (any case), or undefined when Safaricom takes it. */
export function refusedUrlWord(text: string): string | undefined {
  const lower = text.toLowerCase();
  return URL_REFUSED_WORDS.find((word) => lower.includes(word));
}

/**
 * Why Safaricom would refuse a partner's callback URLs (`pnpm ops set-mpesa`): the public address, the path
 * prefix (MPESA_CALLBACK_PREFIX) or the secret holds a word it refuses. Undefined when they are fine.
 */
export function callbackUrlProblem(parts: { baseUrl?: string | undefined; prefix: string; secret: string }): string | undefined {
  const named = [
    ['--base-url', parts.baseUrl ?? ''],
    ['MPESA_CALLBACK_PREFIX', parts.prefix],
    ['The secret', parts.secret],
  ] as const;
  for (const [name, value] of named) {
    const word = refusedUrlWord(value);
    if (word) return `${name} contains "${word}", which Safaricom refuses in callback URLs (${URL_REFUSED_WORDS.join(', ')}, in any case)`;
  }
  return undefined;
}

/** The two URLs to register with Safaricom for a partner, under `base` (the server's public https address). */
export function callbackUrls(base: string, prefix: string, secret: string): Record<CallbackKind, string> {
  const root = `${base.replace(/\/+$/, '')}${prefix}/${secret}`;
  return { validation: `${root}/validation`, confirmation: `${root}/confirmation` };
}
