import fc from 'fast-check';
import { GSM7_BASIC, PLAIN_SMS_REPLACEMENTS, plainSmsText, smsCount, unicodeCharacters } from './sms-segments';

/** A 150-character greeting whose one curly apostrophe makes it UCS-2. */
const GREETING = 'God’s blessings on your giving this year. Harambee on Saturday at 10 am in the main hall, all are welcome. Bring a friend and a neighbour. Pastor John';

describe('the characters that force Unicode', () => {
  it('lists each with its place, none in a plain text', () => {
    expect(unicodeCharacters('God’s “gift” – 😀 ok')).toEqual([
      { char: '’', index: 3 },
      { char: '“', index: 6 },
      { char: '”', index: 11 },
      { char: '–', index: 13 },
      { char: '😀', index: 15 },
    ]);
    expect(unicodeCharacters("God's gift - {ok} [€]")).toEqual([]);
  });

  it('a curly apostrophe makes a 150-character text 3 parts in UCS-2; replaced, it is 1 part in GSM-7', () => {
    expect(GREETING).toHaveLength(150);
    expect(smsCount(GREETING)).toMatchObject({ encoding: 'UCS-2', segments: 3 });
    const plain = plainSmsText(GREETING);
    expect(plain).toContain("God's blessings");
    expect(smsCount(plain)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(unicodeCharacters(plain)).toEqual([]);
  });

  it('replaces quotes, dashes, the ellipsis and unusual spaces, and keeps other Unicode', () => {
    expect(plainSmsText('‘a’ ‚b‛ “c” „d” e–f—g‒h―i wait… 1\u00A02\u202F3\u20094\u20035\u20026 x\u200By')).toBe(`'a' 'b' "c" "d" e-f-g-h-i wait... 1 2 3 4 5 6 xy`);
    expect(plainSmsText('Karibu 😀 ñ')).toBe('Karibu 😀 ñ');
    expect(unicodeCharacters(plainSmsText('Karibu “😀”'))).toEqual([{ char: '😀', index: 8 }]);
  });

  it('every replacement is GSM-7 basic text', () => {
    for (const plain of Object.values(PLAIN_SMS_REPLACEMENTS)) for (const char of plain) expect(GSM7_BASIC).toContain(char);
  });

  it('the output never holds a character the table replaces, and never takes more parts (property)', () => {
    const replaceable = Object.keys(PLAIN_SMS_REPLACEMENTS);
    const char = fc.oneof(fc.constantFrom(...replaceable), fc.constantFrom(...GSM7_BASIC), fc.string({ unit: 'grapheme', maxLength: 1 }));
    fc.assert(
      fc.property(fc.array(char, { maxLength: 400 }), (chars) => {
        const text = chars.join('');
        const plain = plainSmsText(text);
        for (const replaced of replaceable) expect(plain).not.toContain(replaced);
        expect(plainSmsText(plain)).toBe(plain);
        if (unicodeCharacters(text).every(({ char: found }) => replaceable.includes(found))) expect(smsCount(plain).encoding).toBe('GSM-7');
      }),
    );
  });
});
