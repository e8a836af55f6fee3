/**
 * How many SMS parts (segments) a text takes, as the gateways count them (../shared/INTEGRATIONS.md):
 * GSM-7 text fits 160 characters in one SMS and 153 per part when split, and the extension characters
 * `| ^ € { } [ ] ~ \` (and form feed) take two; any other character makes the whole text UCS-2,
 * 70 in one SMS and 67 per part, counted in UTF-16 units (an emoji takes two).
 *
 * Units are charged as segments × recipients. The database has the same rule as the SQL function
 * `sms_segments(text)` (migration 0005), so a group send is counted inside its INSERT … SELECT;
 * api/test/sms-segments.test.ts checks that both agree on random texts.
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
  /** Characters one SMS holds, and each part of a longer one. */
  single: number;
  perPart: number;
}

export function smsCount(text: string): SmsCount {
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (BASIC.has(char)) septets += 1;
    else if (EXTENDED.has(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  const [encoding, characters, single, perPart]: [SmsEncoding, number, number, number] = gsm ? ['GSM-7', septets, 160, 153] : ['UCS-2', text.length, 70, 67];
  const segments = characters === 0 ? 0 : characters <= single ? 1 : Math.ceil(characters / perPart);
  return { encoding, characters, segments, single, perPart };
}

/** Segments of one message: what one recipient costs in units. */
export const smsSegments = (text: string) => smsCount(text).segments;
