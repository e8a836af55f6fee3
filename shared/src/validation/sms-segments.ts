/**
 * How many SMS parts (segments) a text takes, as the gateways count and split them (docs/integrations.md):
 * GSM-7 text fits 160 characters in one SMS and 153 per part when split, and the extension characters
 * `| ^ € { } [ ] ~ \` (and form feed) take two; any other character makes the whole text UCS-2,
 * 70 in one SMS and 67 per part, counted in UTF-16 units (an emoji takes two).
 *
 * A character is never split across two parts: an extension character (an escape and its septet) that
 * would start at a part's 153rd septet, or an emoji (a surrogate pair) at its 67th unit, begins the next
 * part instead, so that part holds 152 septets or 66 units. A long text with such characters may therefore
 * take one part more than characters ÷ per part (a 134-unit text with an emoji at units 66-67 is three
 * parts, not two). api/test/sms-segments.test.ts checks this against the npm package `split-sms`.
 *
 * Units are charged as segments × recipients. The database has the same rule as the SQL function
 * `sms_segments(text)` (migration 0019), so a group send is counted inside its INSERT … SELECT;
 * the same test checks that both agree on random texts.
 */

/** GSM 03.38 basic character set (without ESC, which introduces the extension table). */
export const GSM7_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** GSM 03.38 extension table: each takes two of the 160. */
export const GSM7_EXTENDED = '|^€{}[]~\\\f';

const BASIC = new Set(GSM7_BASIC);
const EXTENDED = new Set(GSM7_EXTENDED);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsCount {
  encoding: SmsEncoding;
  /** Characters as the gateway counts them: GSM-7 septets (extension characters two) or UTF-16 units. */
  characters: number;
  /** Parts the text is sent in; 0 for an empty text. */
  segments: number;
  /** Characters one SMS holds, and at most each part of a longer one (one fewer where a two-unit character would straddle). */
  single: number;
  perPart: number;
}

/** Each character's width: septets in GSM-7 (undefined for a character GSM-7 lacks), UTF-16 units otherwise. */
const septets = (char: string) => (BASIC.has(char) ? 1 : EXTENDED.has(char) ? 2 : undefined);
const units = (char: string) => char.length;

/** Parts of `perPart` each, filled in order, a character that would not fit whole beginning the next. */
function split(text: string, width: (char: string) => number, perPart: number): number {
  let parts = 1;
  let used = 0;
  for (const char of text) {
    const size = width(char);
    if (used + size > perPart) {
      parts += 1;
      used = 0;
    }
    used += size;
  }
  return parts;
}

export function smsCount(text: string): SmsCount {
  let total = 0;
  let gsm = true;
  for (const char of text) {
    const size = septets(char);
    if (size === undefined) {
      gsm = false;
      break;
    }
    total += size;
  }
  const [encoding, characters, single, perPart]: [SmsEncoding, number, number, number] = gsm ? ['GSM-7', total, 160, 153] : ['UCS-2', text.length, 70, 67];
  const segments = characters === 0 ? 0 : characters <= single ? 1 : split(text, gsm ? (char) => septets(char)! : units, perPart);
  return { encoding, characters, segments, single, perPart };
}

/** Segments of one message: what one recipient costs in units. */
export const smsSegments = (text: string) => smsCount(text).segments;

/** A character that makes a text UCS-2 (GSM-7 lacks it), and where it stands: `index` in UTF-16 units, as `text.slice` counts. */
export interface UnicodeCharacter {
  char: string;
  index: number;
}

/** Every character of `text` that GSM-7 lacks, in order: one of them makes the whole text UCS-2 (70 per SMS, not 160). */
export function unicodeCharacters(text: string): UnicodeCharacter[] {
  const found: UnicodeCharacter[] = [];
  let index = 0;
  for (const char of text) {
    if (septets(char) === undefined) found.push({ char, index });
    index += char.length;
  }
  return found;
}

/**
 * Typographic characters that word processors and phones type for plain ones, and the GSM-7 text each stands for:
 * curly and low quotes, dashes, the ellipsis, and unusual spaces (no-break, narrow, thin, en and em, and the
 * zero-width ones, which become nothing). What `plainSmsText` replaces; any other Unicode character stays.
 */
export const PLAIN_SMS_REPLACEMENTS: Readonly<Record<string, string>> = {
  '\u2018': "'", // ‘
  '\u2019': "'", // ’
  '\u201A': "'", // ‚
  '\u201B': "'", // ‛
  '\u2032': "'", // ′
  '\u201C': '"', // “
  '\u201D': '"', // ”
  '\u201E': '"', // „
  '\u201F': '"', // ‟
  '\u2033': '"', // ″
  '\u00AB': '"', // «
  '\u00BB': '"', // »
  '\u2010': '-', // ‐ hyphen
  '\u2011': '-', // ‑ non-breaking hyphen
  '\u2012': '-', // ‒ figure dash
  '\u2013': '-', // – en dash
  '\u2014': '-', // — em dash
  '\u2015': '-', // ― horizontal bar
  '\u2212': '-', // − minus
  '\u2026': '...', // …
  '\u00A0': ' ', // no-break space
  '\u202F': ' ', // narrow no-break space
  '\u2000': ' ',
  '\u2001': ' ',
  '\u2002': ' ', // en space
  '\u2003': ' ', // em space
  '\u2004': ' ',
  '\u2005': ' ',
  '\u2006': ' ',
  '\u2007': ' ', // figure space
  '\u2008': ' ',
  '\u2009': ' ', // thin space
  '\u200A': ' ', // hair space
  '\u205F': ' ',
  '\u3000': ' ',
  '\u200B': '', // zero-width space
  '\u200C': '', // zero-width non-joiner
  '\u200D': '', // zero-width joiner
  '\u2060': '', // word joiner
  '\uFEFF': '', // zero-width no-break space (byte order mark)
};

/** True when `char` is one `plainSmsText` replaces. */
export const isReplaceableSmsCharacter = (char: string) => Object.hasOwn(PLAIN_SMS_REPLACEMENTS, char);

/**
 * `text` with its typographic quotes, dashes, ellipsis and unusual spaces made plain (PLAIN_SMS_REPLACEMENTS):
 * "God’s blessings" becomes "God's blessings", GSM-7 again when nothing else needed Unicode.
 */
export const plainSmsText = (text: string) => Array.from(text, (char) => (isReplaceableSmsCharacter(char) ? PLAIN_SMS_REPLACEMENTS[char] : char)).join('');
