import type { Expression, SqlBool } from 'kysely';
import { callingCode, DEFAULT_PHONE_COUNTRY, isPhoneCountry, normalizePhone } from '@ushirika/shared/validation';
import { searchTextMatches } from '../db/search-text';
import type { TenantScope } from '../db/tenant-scope';
import type { ListParams } from '../http/list-query';
import { partnerCountry } from '../partners/queries';

/** What people type between the digits of a phone number. */
const PHONE_SEPARATORS = /[\s\u00a0\-./()]/g;
/** A search that looks like (part of) a phone number: an optional + and at least three digits. */
const PHONE_LIKE = /^\+?\d{3,}$/;

/** Conditions on the phone column for a search that looks like a phone number. */
export interface PhoneSearch {
  /**
   * The text looks like a phone number: the phone column is searched only through `exact`, `prefix`
   * and `pattern`, not with the text as typed (stored numbers have no spaces, and '+254 …' as typed
   * would select on the calling code's trigrams, found in every number).
   */
  phoneLike: boolean;
  /** the whole number, normalised: matched with `=` on the (tenant_id, phone) unique index */
  exact?: string;
  /**
   * A text that starts a number (the trunk 0, a + or 00, or the home calling code): `start`, the number's
   * first characters in E.164 form ('+25411598'), and `fragment`, the digits after the home calling code as an
   * ILIKE pattern ('%11598%') for a column that has only a trigram index (db/search-text.ts, `phoneConditions`).
   */
  prefix?: { start: string; fragment: string };
  /** a fragment of the national number as an ILIKE pattern, for digits that may be anywhere in it */
  pattern?: string;
}

/**
 * How a phone-like search text finds stored E.164 numbers however it was typed, reading local forms
 * in the partner's `country` (Kenya when not given), as the forms and the import do:
 * - a whole number in any spelling ('0712 345 678', '254712345678') matches its normalised form;
 * - a text that starts a number ('0712 34', '+254 7123', '254712', '00254-712', '+44 7400') matches the
 *   numbers that start so (`prefix`: '+25471234…'): the trunk 0 stands for the home calling code, and
 *   separators and a 00 are dropped. A number holding those digits elsewhere is not found: the person
 *   typed its beginning (issue 32);
 * - other digits ('345-678') are a fragment, matched anywhere in the national digits ('%345678%').
 * A fragment leaves out the calling code for speed: '254' is in every stored number, so its trigrams
 * select nothing and made the trigram index read every contact's entry (docs/benchmarks.md).
 * A text with fewer than three digits after the calling code or the trunk 0 ('+254', '071') searches
 * no phone at all.
 */
export function phoneSearch(searchKey: string | undefined, country: string = DEFAULT_PHONE_COUNTRY): PhoneSearch {
  const compact = searchKey?.replace(PHONE_SEPARATORS, '') ?? '';
  if (searchKey === undefined || !PHONE_LIKE.test(compact)) return { phoneLike: false };
  const whole = normalizePhone(searchKey, country);
  if (whole !== null) return { phoneLike: true, exact: whole };
  const start = numberStart(compact, country);
  if (start !== undefined) {
    if (start.national.length < 3) return { phoneLike: true };
    const digits = `${start.code}${start.national}`;
    return { phoneLike: true, prefix: { start: `+${digits}`, fragment: `%${start.code === '' ? digits : start.national}%` } };
  }
  const fragment = compact.replace(/^\+/, '').replace(/^0/, '');
  return fragment.length >= 3 ? { phoneLike: true, pattern: `%${fragment}%` } : { phoneLike: true };
}

/**
 * The calling code and the national digits of a text that starts a number: one with a + or 00 and a calling
 * code (a foreign code stays in `code`'s place, with no national digits of its own to tell apart), the home
 * calling code, or the trunk 0 and a national number's first digit. Undefined for other digits ('345 678',
 * '000 111': no national number starts with 0): a fragment.
 */
function numberStart(compact: string, country: string): { code: string; national: string } | undefined {
  const home = isPhoneCountry(country) ? callingCode(country) : undefined;
  const international = /^(\+|00)[1-9]/.test(compact);
  const digits = international ? compact.replace(/^(\+|00)/, '') : compact;
  if (home !== undefined && digits.startsWith(home)) return { code: home, national: digits.slice(home.length).replace(/^0/, '') };
  if (international) return { code: '', national: digits };
  if (home !== undefined && /^0[1-9]/.test(digits)) return { code: home, national: digits.slice(1) };
  return undefined;
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
 * number by equality on the unique index, a number's start on the prefix index, a fragment by its national
 * digits on the phone's trigram index, local forms read in the partner's `country`. The contacts list, the
 * export and a group's members all search with it.
 */
export function memberSearch({ searchKey, searchPattern }: MemberSearchText, country?: string): Expression<SqlBool> | undefined {
  if (searchPattern === undefined) return undefined;
  return searchTextMatches('m.search_text', searchPattern, { column: 'm.phone', search: phoneSearch(searchKey, country) });
}

/**
 * How a list's search text reads as a phone number (`phoneSearch`), local forms in the partner's country;
 * the country is only asked for when the text could be one.
 */
export async function listPhoneSearch(scope: TenantScope, params: ListParams): Promise<PhoneSearch> {
  if (!searchNeedsCountry(params)) return { phoneLike: false };
  return phoneSearch(params.searchKey, await scope.raw((db, tenantId) => partnerCountry(db, tenantId)));
}
