import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { normalizePhone } from '@ushirika/shared/validation';
import { headerField } from '../contacts/import';
import { badRequest } from '../http/errors';

/**
 * Recipient numbers as a person gives them (issue 8): typed into the new-message form, or the phone column
 * of an uploaded file. Each entry is read as contacts' mobiles are (`normalizePhone`, local forms in the
 * partner's country) and kept once; entries that are not mobile numbers are listed back, as given.
 * No database access, no HTTP (`sendableContact` is only a condition for the send's SQL). Reading gives the
 * event loop a turn every CALLS_PER_TURN numbers parsed, as the contacts import does with its rows:
 * libphonenumber takes about 10 µs a number, a second for a file of 100,000, which the server must not spend
 * answering nobody else (security review, "one upload stalls every partner").
 */

/**
 * Archived contacts get no message (issue 26.5): whatever the audience, a send's recipient rows keep only those
 * for which this holds, `member` being the alias of the contact joined to the row (`members m`). A group's or All
 * Contacts' archived members are left out; a typed or uploaded number that is an archived contact's is left
 * out too (the LEFT JOIN finds the contact: `archived_at` is null both for an active contact and for a number
 * that is no contact's, which is sent as before). An erased contact is archived and has no number left.
 */
export const sendableContact = (member: string): RawBuilder<SqlBool> => sql<SqlBool>`${sql.ref(`${member}.archived_at`)} is null`;

/**
 * `normalizePhone` calls between two turns of the event loop: about 5 ms of work. A file of 100,000 numbers
 * is read in about the same time in turns as in one go (0.8 to 1.3 s on a 2-core machine). A worker thread
 * kept /healthz even faster meanwhile (0.2 ms against 15 ms, median), but needs its own copy of the phone
 * rule (a worker runs plain JavaScript, outside the TypeScript of @ushirika/shared) and took twice as long.
 */
export const CALLS_PER_TURN = 500;

type Normalise = (text: string) => Promise<string | null>;

/** `normalizePhone` in `country`, giving the event loop a turn every CALLS_PER_TURN calls. */
function inTurns(country: string): Normalise {
  let calls = 0;
  return async (text) => {
    calls += 1;
    if (calls % CALLS_PER_TURN === 0) await nextTurn();
    return normalizePhone(text, country);
  };
}

/** Most numbers one uploaded file may hold (a larger list is sent in several files). */
export const MAX_UPLOAD_RECIPIENTS = 100_000;
/** Invalid entries a quote lists (its count is not bounded by it) and a refusal names. */
export const MAX_LISTED_INVALID = 100;
const NAMED_IN_MESSAGE = 10;
const ENTRY_SHOWN_LENGTH = 40;

export const NO_NUMBERS_IN_FILE = 'The file has no phone numbers.';
export const TOO_MANY_NUMBERS = `The file has more than ${MAX_UPLOAD_RECIPIENTS.toLocaleString('en-US')} phone numbers. Split it into smaller files and send the message to each.`;

/** The refusal of a send with entries that are not phone numbers: the first few, as given. */
export function notPhoneNumbers(invalid: readonly string[], total = invalid.length): string {
  const shown = invalid.slice(0, NAMED_IN_MESSAGE).map((entry) => (entry.length > ENTRY_SHOWN_LENGTH ? `${entry.slice(0, ENTRY_SHOWN_LENGTH)}…` : entry));
  const more = total - shown.length;
  return `These recipients are not phone numbers: ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

export interface Recipients {
  /** Distinct numbers in E.164, in the order first given. */
  numbers: string[];
  /** Entries that are not mobile numbers, as given, each once; at most MAX_LISTED_INVALID of them. */
  invalid: string[];
  /** How many distinct invalid entries there are in all. */
  invalidCount: number;
  /** Valid entries that repeat an earlier number (sent once). */
  duplicates: number;
}

/** Entries read one by one: the number each is, or null when it is none. */
function collect(entries: Iterable<[given: string, number: string | null]>): Recipients {
  const numbers = new Set<string>();
  const invalid = new Set<string>();
  let duplicates = 0;
  for (const [given, number] of entries) {
    if (number === null) invalid.add(given);
    else if (numbers.has(number)) duplicates += 1;
    else numbers.add(number);
  }
  return { numbers: [...numbers], invalid: [...invalid].slice(0, MAX_LISTED_INVALID), invalidCount: invalid.size, duplicates };
}

/** Between typed numbers: commas, semicolons and line breaks; spaces too, see `typedRecipients`. */
const LIST_SEPARATORS = /[,;\r\n]+/;
/** Most space-separated groups one typed number is written in: '+254 712 345 678'. */
const MAX_GROUPS_PER_NUMBER = 4;

/**
 * The numbers of the form's recipients box. Commas, semicolons and line breaks always separate numbers.
 * Spaces separate them too, but people also write one number in groups ('0712 345 678'), so a piece
 * between the other separators is read whole first, and otherwise from left to right, each number taking
 * the most space-separated groups (up to four) that make one. A piece in which no number is found is
 * listed back whole.
 */
export async function typedRecipients(text: string, country: string): Promise<Recipients> {
  const normalise = inTurns(country);
  const entries: Array<[string, string | null]> = [];
  for (const piece of text.split(LIST_SEPARATORS)) {
    const trimmed = piece.trim();
    if (trimmed !== '') entries.push(...(await pieceEntries(trimmed, normalise)));
  }
  return collect(entries);
}

async function pieceEntries(piece: string, normalise: Normalise): Promise<Array<[string, string | null]>> {
  const whole = await normalise(piece);
  if (whole !== null) return [[piece, whole]];
  const groups = piece.split(/\s+/);
  const entries: Array<[string, string | null]> = [];
  for (let start = 0; start < groups.length;) {
    const found = await numberAt(groups, start, normalise);
    entries.push(found ? [found.given, found.number] : [groups[start]!, null]);
    start += found?.groups ?? 1;
  }
  return entries.some(([, number]) => number !== null) ? entries : [[piece, null]];
}

/** Digits a number can be written with: 15 of E.164, and a 00 before them. */
const MAX_DIGITS = 17;

/** The longest number the groups from `start` make, if any. */
async function numberAt(groups: readonly string[], start: number, normalise: Normalise): Promise<{ given: string; number: string; groups: number } | undefined> {
  for (let count = Math.min(MAX_GROUPS_PER_NUMBER, groups.length - start); count > 0; count -= 1) {
    const given = groups.slice(start, start + count).join(' ');
    // Too many digits for one number: not worth parsing (parsing is most of a long list's time).
    if (given.replace(/\D/g, '').length > MAX_DIGITS) continue;
    const number = await normalise(given);
    if (number !== null) return { given, number, groups: count };
  }
  return undefined;
}

/**
 * The numbers of an uploaded file's table (`readSpreadsheet`). The phone column is the one whose header
 * names a phone (Phone, Mobile, MSISDN, Phone Number…, as the contacts import recognises it), else the
 * first column; the first non-blank row is a header when it names the phone column or its first cell has
 * no digit. Blank cells are skipped. Throws 400 for a file without numbers or with too many.
 */
export async function fileRecipients(table: readonly (readonly string[])[], country: string): Promise<Recipients> {
  const first = table.findIndex((row) => row.some((cell) => cell !== ''));
  if (first === -1) throw badRequest(NO_NUMBERS_IN_FILE);
  const top = table[first]!;
  const named = top.findIndex((cell) => headerField(cell) === 'mobile');
  const column = named === -1 ? 0 : named;
  const hasHeader = named !== -1 || !/\d/.test(top[0] ?? '');

  const cells: string[] = [];
  for (let index = hasHeader ? first + 1 : first; index < table.length; index += 1) {
    const cell = table[index]![column] ?? '';
    if (cell === '') continue;
    if (cells.length === MAX_UPLOAD_RECIPIENTS) throw badRequest(TOO_MANY_NUMBERS);
    cells.push(cell);
  }
  if (cells.length === 0) throw badRequest(NO_NUMBERS_IN_FILE);
  const normalise = inTurns(country);
  const entries: Array<[string, string | null]> = [];
  for (const cell of cells) entries.push([cell, await normalise(cell)]);
  return collect(entries);
}
