import type { ContactImportField, Gender, HouseholdRole, ImportDateOrder, MaritalStatus, MembershipStatus } from '@ushirika/shared/contract';
import { DATE_RANGE, normalizePhone } from '@ushirika/shared/validation';
import { readDate } from './import-dates';

/*
 * A cell's text turned into the API's form of its field: the codes of the choices (from the words other systems
 * and people write for them), dates as YYYY-MM-DD, mobiles in E.164. A text that is not understood is kept as
 * written: the form's rule then refuses it with its own message (cell-rules.ts). docs/import.md lists the words.
 */

/**
 * What a cell gives its field: its value and, when the reader already knows it is wrong, why; `valid` when the
 * reader made it a value the field's rule takes by construction (a code of the contract's lists, a mobile
 * normalizePhone accepted), so the rule need not run again. null: not given.
 */
export type CellReading = { value: string; message?: string; valid?: true } | null;
export type CellReader = (text: string) => CellReading;

/**
 * Cells that say "nothing here" in any column: empty, dashes, dots, N/A. They are blank (a blank never erases):
 * hand-made sheets fill gaps with them.
 */
const BLANK_CELL = /^(?:[\s\-–—._]*|n\/?a)$/i;

/** Words a choice column uses for "not known" (Rock's 'Unknown' gender, ChurchCRM's 'Unassigned'): blank. */
const NOT_KNOWN = ['unknown', 'unassigned', 'not specified', 'not known', 'none', 'haijulikani'];

const GENDER_WORDS: Record<Gender, readonly string[]> = {
  M: ['m', 'male', 'man', 'boy', 'me', 'mwanaume', 'kiume'],
  F: ['f', 'female', 'woman', 'girl', 'ke', 'mwanamke', 'kike'],
  O: ['o', 'other', 'nyingine', 'mengineyo'],
};

const MEMBERSHIP_WORDS: Record<MembershipStatus, readonly string[]> = {
  member: ['member', 'members', 'full member', 'active member', 'church member', 'mshiriki', 'mwanachama', 'mshirika'],
  visitor: ['visitor', 'guest', 'first time visitor', 'first time guest', 'new visitor', 'prospect', 'web prospect', 'mgeni', 'wageni'],
  adherent: ['adherent', 'attender', 'attendee', 'regular', 'regular attender', 'regular attendee', 'mhudhuriaji'],
  former: ['former', 'former member', 'ex member', 'past member', 'inactive', 'inactive member', 'non attender', 'left', 'aliyekuwa mshiriki', 'aliyekuwa mwanachama'],
};

const MARITAL_WORDS: Record<MaritalStatus, readonly string[]> = {
  single: ['single', 'unmarried', 'never married', 'hajaoa', 'hajaolewa', 'mseja'],
  married: ['married', 'remarried', 'ameoa', 'ameolewa', 'wameoana'],
  widowed: ['widowed', 'widow', 'widower', 'mjane', 'mgane'],
  divorced: ['divorced', 'talaka', 'ametalikiwa', 'ametaliki', 'ameachika'],
  separated: ['separated', 'wametengana', 'ametengana'],
};

const HOUSEHOLD_ROLE_WORDS: Record<HouseholdRole, readonly string[]> = {
  head: [
    'head',
    'head of household',
    'head of family',
    'household head',
    'family head',
    'primary',
    'primary contact',
    'mkuu wa familia',
    'mkuu wa kaya',
    'kichwa cha familia',
  ],
  spouse: ['spouse', 'wife', 'husband', 'partner', 'mke', 'mume', 'mwenzi', 'mwenzi wa ndoa'],
  child: ['child', 'son', 'daughter', 'kid', 'dependant', 'dependent', 'mtoto', 'mwana', 'binti'],
  other: ['other', 'adult', 'relative', 'other relative', 'non relative', 'mwingine', 'ndugu', 'jamaa'],
};

/** The words of each code, by `wordKey`; NOT_KNOWN words (and `blank`) give ''. */
function wordsOf(words: Record<string, readonly string[]>, blank: readonly string[] = []): ReadonlyMap<string, string> {
  return new Map([
    ...[...NOT_KNOWN, ...blank].map((word) => [word, ''] as const),
    ...Object.entries(words).flatMap(([code, list]) => list.map((word) => [word, code] as const)),
  ]);
}

const GENDERS = wordsOf(GENDER_WORDS);
// ChurchCRM writes '0' for a person without a classification.
const MEMBERSHIPS = wordsOf(MEMBERSHIP_WORDS, ['0']);
const MARITAL_STATUSES = wordsOf(MARITAL_WORDS);
const HOUSEHOLD_ROLES = wordsOf(HOUSEHOLD_ROLE_WORDS);

/** How a choice cell is compared: lower case, accents dropped, each run of other characters one space ('Head-of-Household' is 'head of household'). */
export function wordKey(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** '' (a word for "not known") counts as not given. */
const given = (value: string | undefined, text: string): CellReading => (value === undefined ? { value: text } : value === '' ? null : { value, valid: true });

const choice =
  (words: ReadonlyMap<string, string>): CellReader =>
  (text) =>
    given(words.get(wordKey(text)), text);

/**
 * Excel's scientific notation for a long number: '2.54712E+11' (the last digits are gone) or '2.54712345678E+11'
 * (all there, when as many decimals as the exponent).
 */
const EXCEL_NUMBER = /^(\d)(?:[.,](\d+))?e\+?(\d{1,2})$/i;

export const excelShortenedMobile = (text: string) =>
  `Mobile was turned into a number by Excel (${text}) and lost its last digits: format the column as text and export the file again`;

const phoneReading = (mobile: string | null, text: string): CellReading => (mobile === null ? { value: text } : { value: mobile, valid: true });

function mobileReader(country: string): CellReader {
  return (text) => {
    const excel = EXCEL_NUMBER.exec(text.replace(/\s/g, ''));
    if (excel) {
      const digits = excel[1]! + (excel[2] ?? '');
      if (digits.length - 1 !== Number(excel[3])) return { value: text, message: excelShortenedMobile(text) };
      return phoneReading(normalizePhone(digits, country), text);
    }
    return phoneReading(normalizePhone(text, country), text);
  };
}

/** A database's empty date ('0000-00-00', ChurchCRM's '0-0' for a birthday not known): not given. */
const ZERO_DATE = /^[0\s/.:-]+$/;

/**
 * Dates read into YYYY-MM-DD, `valid` when the form's rule would take them (from DATE_RANGE.min to today): the rule's
 * calendar check costs more than the rest of a row, so it runs only for the dates it may refuse, to give its message.
 */
function dateReader(order: ImportDateOrder): CellReader {
  const latest = [DATE_RANGE.max, new Date().toISOString().slice(0, 10)].sort()[0]!;
  return (text) => {
    if (ZERO_DATE.test(text)) return null;
    const date = readDate(text, order);
    if (date === null) return { value: text };
    return date >= DATE_RANGE.min && date <= latest ? { value: date, valid: true } : { value: date };
  };
}

const plainText: CellReader = (text) => ({ value: text });

/** The reader of each field, for a file read in `dateOrder` for a partner in `country`. */
export function cellReaders(dateOrder: ImportDateOrder, country: string): Record<ContactImportField, CellReader> {
  return {
    firstName: plainText,
    lastName: plainText,
    mobile: mobileReader(country),
    email: plainText,
    gender: choice(GENDERS),
    residence: plainText,
    dateOfBirth: dateReader(dateOrder),
    membershipStatus: choice(MEMBERSHIPS),
    maritalStatus: choice(MARITAL_STATUSES),
    externalId: plainText,
    householdId: plainText,
    householdName: plainText,
    householdRole: choice(HOUSEHOLD_ROLES),
  };
}

/** Whether a cell is blank for every field (see BLANK_CELL). */
export const isBlankCell = (text: string): boolean => BLANK_CELL.test(text);

/** A reader that first looks the cell up in a column's own codes (CODED_COLUMNS), then asks `reader`. */
export function withCodes(codes: Readonly<Record<string, string>>, reader: CellReader): CellReader {
  const byKey = new Map(Object.entries(codes));
  return (text) => {
    const code = byKey.get(wordKey(text));
    return code === undefined ? reader(text) : code === '' ? null : { value: code, valid: true };
  };
}
