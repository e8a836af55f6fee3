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
