import { normalizePhone } from './phone';

describe('normalizePhone', () => {
  describe('Kenyan numbers become +254 E.164', () => {
    it.each([
      ['0712345678', '+254712345678'],
      ['0112345678', '+254112345678'],
      ['712345678', '+254712345678'],
      ['112345678', '+254112345678'],
      ['254712345678', '+254712345678'],
      ['254112345678', '+254112345678'],
      ['+254712345678', '+254712345678'],
      ['+254 712 345 678', '+254712345678'],
      ['+254-712-345-678', '+254712345678'],
      ['(0712) 345 678', '+254712345678'],
      ['0712.345.678', '+254712345678'],
      ['0712/345678', '+254712345678'],
      ['  0712 345 678  ', '+254712345678'],
      ['0712\u00a0345\u00a0678', '+254712345678'],
      ['+254 (0)712 345 678', '+254712345678'],
      ['00254712345678', '+254712345678'],
      ['00 254 712 345 678', '+254712345678'],
    ])('%j -> %s', (input, expected) => {
      expect(normalizePhone(input)).toBe(expected);
    });
  });

  describe('numbers of other countries given with + (or 00) are kept as E.164', () => {
    it.each([
      ['+256 772 123456', '+256772123456'],
      ['+255 754 123 456', '+255754123456'],
      ['+1 (202) 555-0123', '+12025550123'],
      ['+44 20 7946 0958', '+442079460958'],
      ['0044 20 7946 0958', '+442079460958'],
      ['+12345678', '+12345678'],
      ['+123456789012345', '+123456789012345'],
    ])('%j -> %s', (input, expected) => {
      expect(normalizePhone(input)).toBe(expected);
    });
  });

  describe('anything else is not a phone number', () => {
    it.each([
      ['', 'empty'],
      ['   ', 'blank'],
      ['0202345678', 'Kenyan landline (020)'],
      ['+254202345678', 'Kenyan landline with the country code'],
      ['0812345678', 'Kenyan prefix 8 is not mobile'],
      ['071234567', 'Kenyan number one digit short'],
      ['07123456789', 'Kenyan number one digit long'],
      ['+2547123456789', 'Kenyan number too long after +254'],
      ['+2540712345678', 'trunk zero after +254 without brackets'],
      ['2540712345678', 'trunk zero after 254'],
      ['12345', 'too short'],
      ['+1234567', 'international with 7 digits'],
      ['+1234567890123456', 'international with 16 digits'],
      ['+0712345678', 'calling code cannot start with 0'],
      ['0712 345 67a', 'a letter'],
      ['0712345678 ext 2', 'an extension'],
      ['++254712345678', 'two plus signs'],
      ['254+712345678', 'plus in the middle'],
      ['tel:0712345678', 'a URI scheme'],
      ['=0712345678', 'a formula sign'],
    ])('%j (%s) -> null', (input) => {
      expect(normalizePhone(input)).toBeNull();
    });
  });

  it('uses Kenya when no country is given', () => {
    expect(normalizePhone('0712345678', 'KE')).toBe(normalizePhone('0712345678'));
  });
});
