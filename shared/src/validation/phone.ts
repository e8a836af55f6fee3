/**
 * Phone numbers are stored in E.164 (`+254712345678`) so that one person typed as `0712 345 678` on a
 * form and as `254712345678` in an imported spreadsheet is recognised as the same contact.
 */

/** How a country's numbers are written at home; add a country by adding one entry. */
interface CountryRule {
  /** international calling code, digits only */
  callingCode: string;
  /** the national significant number (after the calling code, without the trunk 0) of a mobile line */
  mobile: RegExp;
}

const COUNTRIES = {
  // Kenyan mobile numbers are nine digits starting 7 (07xx) or 1 (01xx, the newer Safaricom and
  // Airtel ranges). Landlines (020…) cannot receive SMS, so they are not accepted.
  KE: { callingCode: '254', mobile: /^[17]\d{8}$/ },
} as const satisfies Record<string, CountryRule>;

export type PhoneCountry = keyof typeof COUNTRIES;

/** ITU-T E.164: at most 15 digits in all; we ask for at least 8 to reject obvious fragments. */
const INTERNATIONAL = /^[1-9]\d{7,14}$/;

/** What people put between digits: spaces (also non-breaking), dashes, dots, slashes, brackets. */
const SEPARATORS = /[\s\u00a0\-./()]/g;

/**
 * `+254 (0)712…` is a common way of writing a number for both foreign and local readers: the
 * bracketed trunk zero is dropped when dialling from abroad, so it is dropped here too.
 */
const BRACKETED_TRUNK_ZERO = /^(\+\d{1,3})\s*\(0\)/;

/**
 * The number in E.164 form, or null if it is not a phone number we accept.
 *
 * - Local forms of `defaultCountry` (`0712345678`, `712345678`, `254712345678`) become `+254712345678`.
 * - `+` or `00` starts an international number; one with the default country's code must be a
 *   valid mobile of that country, any other is kept as given if it has 8 to 15 digits.
 * - Separators are ignored; letters or any other character make the input invalid.
 */
export function normalizePhone(input: string, defaultCountry: PhoneCountry = 'KE'): string | null {
  const compact = input.trim().replace(BRACKETED_TRUNK_ZERO, '$1').replace(SEPARATORS, '');
  const international = /^(\+|00)(\d+)$/.exec(compact);
  if (international) return fromInternational(international[2] ?? '', defaultCountry);
  if (/^\d+$/.test(compact)) return fromLocal(compact, defaultCountry);
  return null;
}

function fromInternational(digits: string, defaultCountry: PhoneCountry): string | null {
  const home = COUNTRIES[defaultCountry];
  if (digits.startsWith(home.callingCode)) return homeMobile(digits.slice(home.callingCode.length), home);
  return INTERNATIONAL.test(digits) ? `+${digits}` : null;
}

/** Without a `+`, a number is read as the default country's: with the trunk 0, without it, or with the calling code. */
function fromLocal(digits: string, defaultCountry: PhoneCountry): string | null {
  const home = COUNTRIES[defaultCountry];
  if (digits.startsWith('0')) return homeMobile(digits.slice(1), home);
  if (digits.startsWith(home.callingCode)) return homeMobile(digits.slice(home.callingCode.length), home);
  return homeMobile(digits, home);
}

function homeMobile(national: string, rule: CountryRule): string | null {
  return rule.mobile.test(national) ? `+${rule.callingCode}${national}` : null;
}
