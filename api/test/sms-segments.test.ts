import { createRequire } from 'node:module';
import fc from 'fast-check';
import { sql } from 'kysely';
import { GSM7_BASIC, GSM7_EXTENDED, smsCount, smsSegments } from '@ushirika/shared/validation';
import type { DatabaseHandle } from '../src/db/connection';
import { testDatabases } from './support/databases';

/**
 * A group send counts its units in the database (`sms_segments(text)`, migration 0019) and the form counts
 * them in the browser (`smsSegments`): both must agree on every text, or the quote and the charge differ;
 * and both must count the parts a gateway splits the text into, or the partner is charged fewer units than
 * the gateway bills. The independent implementation is the npm package `split-sms`, which splits as the
 * gateways do: a two-unit character (a GSM-7 extension character, a UTF-16 surrogate pair) never straddles
 * two parts.
 */

interface SplitSms {
  split(message: string, options?: { summary?: boolean }): { characterSet: 'GSM' | 'Unicode'; parts: unknown[]; bytes: number };
}
// split-sms ships no types: the part of it used here.
const splitSms = createRequire(__filename)('split-sms') as SplitSms;

/** What split-sms makes of a (non-empty) text, in smsCount's terms. */
function gatewaySplit(text: string) {
  const { characterSet, parts, bytes } = splitSms.split(text, { summary: true });
  return characterSet === 'GSM' ? { encoding: 'GSM-7', characters: bytes, segments: parts.length } : { encoding: 'UCS-2', characters: bytes / 2, segments: parts.length };
}

const gsmBasic = fc.constantFrom(...GSM7_BASIC);
const gsmExtended = fc.constantFrom(...GSM7_EXTENDED);
/** Outside GSM 03.38: accented letters it lacks, a no-break space, a backtick, CJK, and emoji (two UTF-16 units, with a skin tone four). */
const nonGsm = fc.constantFrom('ë', 'ç', 'ő', '\u00a0', '`', 'Ж', '中', '😀', '🙏🏽', '👍');
const emoji = fc.constantFrom('😀', '👍', '🙏', '🎉', '𝄞');

/**
 * Texts of every length up to three or more parts (`size: 'max'`: fast-check's default size keeps strings
 * under about ten characters, far from any boundary): GSM-7 only, plain or with extension characters, mostly
 * GSM-7 with a few others, and many others (emoji among them, so UTF-16 units and characters differ).
 */
const randomTexts = fc.oneof(
  fc.string({ unit: gsmBasic, maxLength: 480, size: 'max' }),
  fc.string({ unit: fc.oneof({ arbitrary: gsmBasic, weight: 8 }, { arbitrary: gsmExtended, weight: 1 }), maxLength: 480, size: 'max' }),
  fc.string({
    unit: fc.oneof({ arbitrary: gsmBasic, weight: 30 }, { arbitrary: gsmExtended, weight: 2 }, { arbitrary: nonGsm, weight: 1 }),
    maxLength: 300,
    size: 'max',
  }),
  fc.string({ unit: fc.oneof({ arbitrary: gsmBasic, weight: 2 }, { arbitrary: nonGsm, weight: 1 }), maxLength: 240, size: 'max' }),
);

/**
 * Texts whose two-unit characters sit where they matter: 1 to 4 parts long, give or take three units, with
 * extension characters (GSM-7) or emoji (UCS-2, after one 'ë') starting a unit or two either side of each
 * part's last unit - where a random text rarely puts them.
 */
const boundaryTexts = fc
  .record({
    ucs2: fc.boolean(),
    parts: fc.integer({ min: 1, max: 4 }),
    slack: fc.integer({ min: -3, max: 3 }),
    near: fc.array(fc.integer({ min: -2, max: 1 }), { minLength: 1, maxLength: 4 }),
    wide: fc.oneof(emoji, gsmExtended),
    filler: fc.string({ unit: gsmBasic, minLength: 1, maxLength: 5 }),
  })
  .map(({ ucs2, parts, slack, near, wide, filler }) => {
    const [perPart, first, twoUnits] = ucs2 ? [67, 'ë', wide.length === 2 ? wide : '😀'] : [153, filler[0]!, wide.length === 2 ? '€' : wide];
    const length = parts * perPart + slack;
    const starts = new Set(near.map((offset, index) => (index + 1) * perPart - 1 + offset));
    let text = first;
    for (let unit = 1; unit < length;) {
      const two = starts.has(unit) && unit + 2 <= length;
      text += two ? twoUnits : filler[unit % filler.length]!;
      unit += two ? 2 : 1;
    }
    return text;
  });

describe('smsCount() against split-sms', () => {
  it('counts the parts, characters and encoding split-sms finds, on thousands of texts', () => {
    fc.assert(
      fc.property(fc.oneof(randomTexts, boundaryTexts), (text) => {
        fc.pre(text !== '');
        const { encoding, characters, segments } = smsCount(text);
        expect({ encoding, characters, segments }).toEqual(gatewaySplit(text));
      }),
      { numRuns: 5000 },
    );
  });
});

describe.each(testDatabases)('sms_segments() on %s', (_name, database) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await database.open();
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  }, 60_000);

  const inDatabase = async (text: string) => (await sql<{ segments: number }>`select sms_segments(${text}::text) as segments`.execute(handle.db)).rows[0]!.segments;

  it('counts the same parts as smsSegments() on random GSM-7, extension and other characters', async () => {
    await fc.assert(
      fc.asyncProperty(randomTexts, async (text) => {
        expect(await inDatabase(text)).toBe(smsSegments(text));
      }),
      { numRuns: 500 },
    );
  });

  it('counts the same parts as smsSegments() and split-sms where two-unit characters sit at part boundaries', async () => {
    await fc.assert(
      fc.asyncProperty(boundaryTexts, async (text) => {
        const segments = gatewaySplit(text).segments;
        expect(smsSegments(text)).toBe(segments);
        expect(await inDatabase(text)).toBe(segments);
      }),
      { numRuns: 400 },
    );
  });

  it('counts a whole send in one statement as each text alone', async () => {
    const texts = ['', 'a'.repeat(161), `ë${'a'.repeat(65)}😀${'a'.repeat(66)}`, `${'a'.repeat(152)}€${'a'.repeat(152)}`, '😀'.repeat(36)];
    const { rows } = await sql<{ segments: number }>`select sms_segments(t) as segments from unnest(${texts}::text[]) with ordinality as x (t, n) order by n`.execute(
      handle.db,
    );
    expect(rows.map((row) => row.segments)).toEqual(texts.map(smsSegments));
  });

  it.each([
    ['no text', 0, ''],
    ['160 GSM-7 characters', 1, 'a'.repeat(160)],
    ['161 GSM-7 characters', 2, 'a'.repeat(161)],
    ['306 GSM-7 characters', 2, 'a'.repeat(306)],
    ['307 GSM-7 characters', 3, 'a'.repeat(307)],
    ['80 extension characters (160 septets)', 1, '€'.repeat(80)],
    ['81 extension characters', 2, '€'.repeat(81)],
    ['306 septets with an extension character at septets 152-153 (it starts part two)', 3, `${'a'.repeat(152)}€${'a'.repeat(152)}`],
    ['306 septets with an extension character at septets 151-152 (it fits)', 2, `${'a'.repeat(151)}€${'a'.repeat(153)}`],
    ['70 UCS-2 characters', 1, 'ë'.repeat(70)],
    ['71 UCS-2 characters', 2, 'ë'.repeat(71)],
    ['35 emoji (70 UTF-16 units)', 1, '😀'.repeat(35)],
    ['36 emoji', 2, '😀'.repeat(36)],
    ['134 UTF-16 units with an emoji at units 66-67 (it starts part two)', 3, `ë${'a'.repeat(65)}😀${'a'.repeat(66)}`],
    ['134 UTF-16 units with an emoji at units 65-66 (it fits)', 2, `ë${'a'.repeat(64)}😀${'a'.repeat(67)}`],
    ['67 emoji (134 units, each part holding 66)', 3, '😀'.repeat(67)],
  ])('agrees at the boundaries: %s is %i part(s)', async (_label, segments, text) => {
    expect(smsSegments(text)).toBe(segments);
    expect(await inDatabase(text)).toBe(segments);
    if (text) expect(gatewaySplit(text).segments).toBe(segments);
  });
});
