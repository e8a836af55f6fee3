import { TEXT_LIMITS } from '@ushirika/shared/validation';
import { CHECK_REASONS, isMpesaAmount, isTransTimeInRange, parseTransTime } from '../daraja';

/*
 * Daraja's Transaction Status result as it reaches our ResultURL (docs/integrations.md, "Daraja"), read into
 * what a look-up comes to. Nothing here touches the database (./status-callback.ts stores it).
 *
 * `{ Result: { ResultCode, ResultDesc, OriginatorConversationID, ConversationID, ResultParameters: { ResultParameter:
 * [{ Key, Value }] } } }`: the parameters are read by Key, never by position (Safaricom reorders them, repeats a Key,
 * leaves out a Value, sends one parameter as an object rather than a list). A C2B payment's result names the payer as
 * DebitPartyName ('2547XXXXXXXX - Name', the number possibly masked) and the partner as CreditPartyName ('600100 -
 * Name'); InitiatedTime is YYYYMMDDHHmmss in East Africa Time. The queue time-out (QueueTimeOutURL) is read for its
 * OriginatorConversationID only.
 */

/** What any text of the body is cut to (a real one is far shorter). */
const MAX_TEXT = 200;
/** mpesa_lookups.originator_conversation_id's bound. */
const MAX_CONVERSATION_ID = 100;
/** mpesa_lookups.result_desc's bound. */
const MAX_RESULT_DESC = 500;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;
/** A short code at the start of a party's name: '600100 - Grace Community Church'. */
const LEADING_SHORT_CODE = /^(\d{5,7})(?!\d)/;
const RECEIPT = /^[A-Z0-9]{1,40}$/;

/** A look-up's result (or time-out) as Daraja sent it, every text trimmed and bounded. */
export interface StatusResult {
  originatorConversationId: string;
  /** '0' when Safaricom found the transaction; '' when the body has none (a time-out may not). */
  resultCode: string;
  resultDesc: string;
  /** ResultParameters by Key (the first of a repeated Key); numbers as written. */
  parameters: ReadonlyMap<string, string>;
}

export type StatusReading = { ok: true; result: StatusResult } | { ok: false; reason: string };

const isObject = (json: unknown): json is Record<string, unknown> => typeof json === 'object' && json !== null && !Array.isArray(json);

/** A text or number as trimmed text without control characters, cut to `limit`; '' for anything else. */
function text(value: unknown, limit = MAX_TEXT): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  return String(value).replace(CONTROL, '').trim().slice(0, limit);
}

/**
 * Reads a parsed result or time-out body (`parseCallbackJson`: numbers kept as written). Refused (malformed) when it
 * is not an object or names no OriginatorConversationID: nothing then says whose look-up it is.
 */
export function readStatusResult(json: unknown): StatusReading {
  if (!isObject(json)) return { ok: false, reason: 'the body is not a JSON object' };
  // Daraja wraps both in { Result }; a time-out body without it is read as it is.
  const result = isObject(json.Result) ? json.Result : json;
  const originatorConversationId = text(result.OriginatorConversationID, MAX_CONVERSATION_ID + 1);
  if (originatorConversationId === '' || originatorConversationId.length > MAX_CONVERSATION_ID) {
    return { ok: false, reason: `OriginatorConversationID is missing or longer than ${MAX_CONVERSATION_ID} characters` };
  }
  const parameters = new Map<string, string>();
  const container = isObject(result.ResultParameters) ? result.ResultParameters.ResultParameter : undefined;
  const list = Array.isArray(container) ? container : container === undefined ? [] : [container];
  for (const parameter of list) {
    if (!isObject(parameter)) continue;
    const key = text(parameter.Key);
    if (key !== '' && !parameters.has(key)) parameters.set(key, text(parameter.Value));
  }
  return {
    ok: true,
    result: { originatorConversationId, resultCode: text(result.ResultCode), resultDesc: text(result.ResultDesc, MAX_RESULT_DESC), parameters },
  };
}

/** A payment Safaricom found for the partner: stored in online_transactions (origin 'status'), waiting for a person. */
export interface StatusPayment {
  /** The receipt number, upper case. */
  transId: string;
  amount: string;
  transTime: Date;
  /** The partner's short code that was paid (CreditPartyName). */
  shortCode: string;
  /** As Safaricom wrote it: 2547…, or masked. */
  msisdn: string;
  firstName: string;
  middleName: string;
  lastName: string;
  /** CHECK_REASONS a person should see beside it; empty when nothing is wrong. */
  checks: string[];
}

/** What a look-up comes to. `hold`: the result cannot be stored as it is, and its raw body waits for a person. */
export type StatusVerdict = { kind: 'payment'; payment: StatusPayment } | { kind: 'not-found' | 'failed'; words: string; hold?: boolean };

/** The words a look-up keeps (resultDesc), shown to staff; the screens translate those they know. */
export const LOOKUP_WORDS = {
  notYours: 'This payment was not made to your paybill or till',
  timedOut: 'Safaricom did not answer in time; try again later',
  notFound: 'Safaricom found no payment with this code',
  failed: 'Safaricom could not look this payment up',
  otherReceipt: 'Safaricom answered about another payment',
  noCreditParty: 'Safaricom did not say which paybill or till was paid: the answer is kept for a person to check',
  noAmount: 'Safaricom did not give an amount that can be read: the answer is kept for a person to check',
  notCompleted: (status: string) => `M-Pesa says this payment is not completed (${status})`,
} as const;

/** Daraja's ResultCodes and words for a transaction it does not know: the look-up is 'not-found', not 'failed'. */
const NOT_FOUND_CODES: ReadonlySet<string> = new Set(['2032']);
const NOT_FOUND_WORDS = /not (be )?found|does not exist|no such|invalid (transaction|receipt)/i;

/**
 * What a result comes to for the look-up of `transId` by a partner with `shortCodes`, dated by `receivedAt` when its
 * InitiatedTime cannot be used. ResultCode 0 with TransactionStatus 'Completed' and CreditPartyName one of the
 * partner's short codes is a payment; another short code is 'not-found' (not the partner's to record); another code
 * is 'not-found' when Safaricom says it knows no such transaction, else 'failed', with Daraja's words.
 */
export function judgeStatusResult(result: StatusResult, lookup: { transId: string; shortCodes: readonly string[]; receivedAt: Date }): StatusVerdict {
  if (result.resultCode !== '0') {
    const notFound = NOT_FOUND_CODES.has(result.resultCode) || NOT_FOUND_WORDS.test(result.resultDesc);
    return { kind: notFound ? 'not-found' : 'failed', words: result.resultDesc || (notFound ? LOOKUP_WORDS.notFound : LOOKUP_WORDS.failed) };
  }
  const value = (key: string) => result.parameters.get(key) ?? '';
  const receipt = value('ReceiptNo').toUpperCase();
  if (receipt !== '' && receipt !== lookup.transId) return { kind: 'failed', words: LOOKUP_WORDS.otherReceipt };
  const status = value('TransactionStatus');
  if (status !== '' && status.toLowerCase() !== 'completed') return { kind: 'not-found', words: LOOKUP_WORDS.notCompleted(status.slice(0, 40)) };
  const shortCode = LEADING_SHORT_CODE.exec(value('CreditPartyName'))?.[1];
  if (shortCode === undefined) return { kind: 'failed', words: LOOKUP_WORDS.noCreditParty, hold: true };
  if (!lookup.shortCodes.includes(shortCode)) return { kind: 'not-found', words: LOOKUP_WORDS.notYours };
  const amount = value('Amount');
  if (!isMpesaAmount(amount)) return { kind: 'failed', words: LOOKUP_WORDS.noAmount, hold: true };

  const checks = new Set<string>();
  const initiated = value('InitiatedTime');
  let transTime = isTransTimeInRange(initiated) ? parseTransTime(initiated) : null;
  if (transTime === null) {
    checks.add(CHECK_REASONS.transTime);
    transTime = lookup.receivedAt;
  }
  const payer = readParty(value('DebitPartyName'));
  if (payer.msisdn === '') checks.add(CHECK_REASONS.msisdn);
  if (payer.cut) checks.add(CHECK_REASONS.text);
  return {
    kind: 'payment',
    payment: {
      transId: RECEIPT.test(receipt) ? receipt : lookup.transId,
      amount,
      transTime,
      shortCode,
      msisdn: payer.msisdn,
      firstName: payer.names[0],
      middleName: payer.names[1],
      lastName: payer.names[2],
      checks: [...checks],
    },
  };
}

/**
 * DebitPartyName '254712345678 - Amina W Wanjiru': the number (as written: digits, masked or hashed) and the names,
 * first, middle (all between) and last, each cut to the income form's length (`cut` then says so).
 */
function readParty(party: string): { msisdn: string; names: [string, string, string]; cut: boolean } {
  const separator = party.indexOf(' - ');
  // Without ' - ', a number alone or names alone.
  const numberOnly = separator < 0 && /^[0-9*]+$/.test(party);
  const msisdn = separator >= 0 ? party.slice(0, separator).trim() : numberOnly ? party : '';
  const names = separator >= 0 ? party.slice(separator + 3) : numberOnly ? '' : party;
  const words = names.split(/\s+/).filter((word) => word !== '');
  const first = words[0] ?? '';
  const last = words.length > 1 ? words[words.length - 1]! : '';
  const middle = words.slice(1, -1).join(' ');
  const bounded = [first, middle, last].map((name) => name.slice(0, TEXT_LIMITS.name)) as [string, string, string];
  return { msisdn, names: bounded, cut: [first, middle, last].some((name) => name.length > TEXT_LIMITS.name) };
}
