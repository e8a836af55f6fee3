import fc from 'fast-check';
import { sql } from 'kysely';
import { GSM7_BASIC, GSM7_EXTENDED, smsSegments } from '@ushirika/shared/validation';
import type { DatabaseHandle } from '../src/db/connection';
import { testDatabases } from './support/databases';

/**
 * A group send counts its units in the database (`sms_segments(text)`, migration 0005) and the form counts
 * them in the browser (`smsSegments`): both must agree on every text, or the quote and the charge differ.
 */

const gsmBasic = fc.constantFrom(...GSM7_BASIC);
const gsmExtended = fc.constantFrom(...GSM7_EXTENDED);
/** Outside GSM 03.38: accented letters it lacks, a no-break space, a backtick, CJK, and emoji (two UTF-16 units, with a skin tone four). */
const nonGsm = fc.constantFrom('ë', 'ç', 'ő', '\u00a0', '`', 'Ж', '中', '😀', '🙏🏽', '👍');

/**
 * Texts of every length up to three or more parts (`size: 'max'`: fast-check's default size keeps strings
 * under about ten characters, far from any boundary): GSM-7 only, plain or with extension characters, mostly
 * GSM-7 with a few others, and many others (emoji among them, so UTF-16 units and characters differ).
 */
const texts = fc.oneof(
  fc.string({ unit: gsmBasic, maxLength: 480, size: 'max' }),
  fc.string({ unit: fc.oneof({ arbitrary: gsmBasic, weight: 8 }, { arbitrary: gsmExtended, weight: 1 }), maxLength: 480, size: 'max' }),
  fc.string({
    unit: fc.oneof({ arbitrary: gsmBasic, weight: 30 }, { arbitrary: gsmExtended, weight: 2 }, { arbitrary: nonGsm, weight: 1 }),
    maxLength: 300,
    size: 'max',
  }),
  fc.string({ unit: fc.oneof({ arbitrary: gsmBasic, weight: 2 }, { arbitrary: nonGsm, weight: 1 }), maxLength: 240, size: 'max' }),
);

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
      fc.asyncProperty(texts, async (text) => {
        expect(await inDatabase(text)).toBe(smsSegments(text));
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    ['no text', 0, ''],
    ['160 GSM-7 characters', 1, 'a'.repeat(160)],
    ['161 GSM-7 characters', 2, 'a'.repeat(161)],
    ['306 GSM-7 characters', 2, 'a'.repeat(306)],
    ['307 GSM-7 characters', 3, 'a'.repeat(307)],
    ['80 extension characters (160 septets)', 1, '€'.repeat(80)],
    ['81 extension characters', 2, '€'.repeat(81)],
    ['70 UCS-2 characters', 1, 'ë'.repeat(70)],
    ['71 UCS-2 characters', 2, 'ë'.repeat(71)],
    ['35 emoji (70 UTF-16 units)', 1, '😀'.repeat(35)],
    ['36 emoji', 2, '😀'.repeat(36)],
  ])('agrees at the boundaries: %s is %i part(s)', async (_label, segments, text) => {
    expect(smsSegments(text)).toBe(segments);
    expect(await inDatabase(text)).toBe(segments);
  });
});
