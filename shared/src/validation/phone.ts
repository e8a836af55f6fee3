import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile';

/**
 * Phone numbers are stored in E.164 (`+254712345678`) so that one person typed as `0712 345 678` on a
 * form and as `254712345678` in an imported spreadsheet is recognised as the same contact.
 *
 * Parsing and validation are libphonenumber's (`libphonenumber-js`), with its "mobile" metadata: a
 * number is valid only if it is a mobile number of its country, since contacts are there to receive
 * SMS. The mobile metadata adds about 5 KB (gzipped) to the "min" metadata's 28 KB; the "max" metadata
 * would tell every number type apart for 48 KB, which we do not need.
 */

/** A partner's country: ISO 3166-1 alpha-2, one libphonenumber knows ('KE', 'UG', 'TZ', …). */
export type PhoneCountry = CountryCode;

/** The country of a partner created without one, and of validation given no country. */
export const DEFAULT_PHONE_COUNTRY: PhoneCountry = 'KE';

/** True for a two-letter upper-case code that libphonenumber has numbering rules for. */
export function isPhoneCountry(code: unknown): code is PhoneCountry {
  return typeof code === 'string' && /^[A-Z]{2}$/.test(code) && isSupportedCountry(code);
}

/** The international calling code of a country, digits only ('KE' -> '254'). */
export function callingCode(country: PhoneCountry): string {
  return getCountryCallingCode(country);
}

/**
 * What people put between digits: spaces (also non-breaking), dashes, dots, slashes, brackets
 * (`+254 (0)712…` keeps the bracketed trunk zero, which libphonenumber drops after a calling code).
 */
const SEPARATORS = /[\s\u00a0\-./()]/g;

/** Digits and separators, with at most one leading +: letters, extensions, `tel:` or `=` are refused. */
const PHONE_TEXT = /^\+?[\d\s\u00a0\-./()]+$/;

/**
 * The number in E.164 form, or null if it is not a mobile number we accept.
 *
 * - Without `+` or `00`, the number is read in `country` (the partner's country): `0712 345 678`,
 *   `712345678` and `254712345678` are all `+254712345678` for a Kenyan partner; `0772 123 456` is
 *   `+256772123456` for a Ugandan partner (and `+254772123456` for a Kenyan one: 0772 is a Kenyan mobile too).
 * - `+` or `00` starts an international number, read whatever `country` is.
 * - The result must be a valid mobile number of the country it belongs to: landlines, unallocated
 *   ranges, too short or too long numbers are refused.
 * - Separators are ignored; letters or any other character make the input invalid.
 * - An E.164 number that is a valid mobile normalises to itself.
 * - A `country` libphonenumber does not know reads only international numbers.
 */
export function normalizePhone(input: string, country: string = DEFAULT_PHONE_COUNTRY): string | null {
  const text = input.trim();
  if (!PHONE_TEXT.test(text)) return null;
  const compact = text.replace(SEPARATORS, '').replace(/^00/, '+');
  if (!/\d/.test(compact)) return null;
  const home = isPhoneCountry(country) ? country : undefined;
  if (!compact.startsWith('+') && home === undefined) return null;
  const parsed = parsePhoneNumberFromString(compact, home);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * The yup validation context the shared schemas read: the partner's country, so a form and the server
 * read local phone numbers alike (`schema.validate(value, { context: { country: 'UG' } })`).
 */
export type ValidationContext = { country?: string };

/** The country in a yup validation context; Kenya when none is given. */
export function contextCountry(context: unknown): string {
  const country = typeof context === 'object' && context !== null ? (context as ValidationContext).country : undefined;
  return typeof country === 'string' && country !== '' ? country : DEFAULT_PHONE_COUNTRY;
}
