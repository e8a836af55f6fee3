import type { Expression, SqlBool } from 'kysely';
import { callingCode, DEFAULT_PHONE_COUNTRY, isPhoneCountry, normalizePhone } from '@ushirika/shared/validation';
import { searchTextMatches } from '../db/search-text';

/** What people type between the digits of a phone number. */
const PHONE_SEPARATORS = /[\s\u00a0\-./()]/g;
/** A search that looks like (part of) a phone number: an optional + and at least three digits. */
const PHONE_LIKE = /^\+?\d{3,}$/;

/** Conditions on the phone column for a search that looks like a phone number. */
export interface PhoneSearch {
  /**
   * The text looks like a phone number: the phone column is searched only through `exact` and
   * `pattern`, not with the text as typed (stored numbers have no spaces, and '+254 …' as typed
   * would select on the calling code's trigrams, found in every number).
   */
  phoneLike: boolean;
  /** the whole number, normalised: matched with `=` on the (tenant_id, phone) unique index */
  exact?: string;
  /** a fragment of the national number as an ILIKE pattern */
  pattern?: string;
}

/**
 * How a phone-like search text finds stored E.164 numbers however it was typed, reading local forms
 * in the partner's `country` (Kenya when not given), as the forms and the import do:
 * - a whole number in any spelling ('0712 345 678', '254712345678') matches its normalised form;
 * - a fragment ('0712 34', '+254 7123', '345-678') matches the national digits: separators, a
 *   leading +, 00, the home calling code and the trunk 0 are dropped ('0712 34' -> '%71234%').
 * Dropping the calling code matters for speed: '254' is in every stored number, so its trigrams
 * select nothing and made the trigram index read every contact's entry (docs/benchmarks.md).
 * A phone-like text with fewer than three national digits ('+254') searches no phone at all.
 */
export function phoneSearch(searchKey: string | undefined, country: string = DEFAULT_PHONE_COUNTRY): PhoneSearch {
  const compact = searchKey?.replace(PHONE_SEPARATORS, '') ?? '';
  if (searchKey === undefined || !PHONE_LIKE.test(compact)) return { phoneLike: false };
  const whole = normalizePhone(searchKey, country);
  if (whole !== null) return { phoneLike: true, exact: whole };
  const national = nationalDigits(compact, country);
  return national.length >= 3 ? { phoneLike: true, pattern: `%${national}%` } : { phoneLike: true };
}

function nationalDigits(compact: string, country: string): string {
  let digits = compact.replace(/^\+/, '').replace(/^00/, '');
  const home = isPhoneCountry(country) ? callingCode(country) : undefined;
  if (home !== undefined && digits.startsWith(home)) digits = digits.slice(home.length);
  return digits.replace(/^0/, '');
}

/** The search text of a contacts list query, as `parseListQuery` returns it. */
export interface MemberSearchText {
  searchKey: string | undefined;
  /** `searchKey` as an ILIKE pattern matching anywhere */
  searchPattern: string | undefined;
}

/** True when `memberSearch` needs the partner's country: the search text could be a phone number. */
export const searchNeedsCountry = ({ searchKey }: MemberSearchText): boolean => searchKey !== undefined && PHONE_LIKE.test(searchKey.replace(PHONE_SEPARATORS, ''));

/**
 * The contacts search over `members as m`, undefined without a search text: any part of the first name,
 * last name (or both, 'mary wanjiru'), email or phone, ignoring case, on `search_text` and its trigram
 * index (db/search-text.ts). A phone-like term searches the phone as `phoneSearch` reads it: a whole
 * number by equality on the unique index, a fragment by its national digits, local forms read in the
 * partner's `country`. The contacts list, the export and a group's members all search with it.
 */
export function memberSearch({ searchKey, searchPattern }: MemberSearchText, country?: string): Expression<SqlBool> | undefined {
  if (searchPattern === undefined) return undefined;
  return searchTextMatches('m.search_text', searchPattern, { column: 'm.phone', search: phoneSearch(searchKey, country) });
}
