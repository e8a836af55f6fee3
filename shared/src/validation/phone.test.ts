import * as yup from 'yup';
import { callingCode, contextCountry, isPhoneCountry, normalizePhone } from './phone';
import { phone } from './rules';

describe('normalizePhone', () => {
  describe('Kenyan numbers become +254 E.164 (for a KE partner, and when no country is given)', () => {
    it.each([
      ['0712345678', '+254712345678'],
      ['0712 345 678', '+254712345678'],
      ['0112345678', '+254112345678'],
      ['0112 345 678', '+254112345678'],
      ['0100 123 456', '+254100123456'],
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
      ['254 (0)712 345 678', '+254712345678'],
      ['00254712345678', '+254712345678'],
      ['00 254 712 345 678', '+254712345678'],
      // libphonenumber drops a trunk 0 written after the calling code: the number meant is unambiguous.
      ['+2540712345678', '+254712345678'],
    ])('%j -> %s', (input, expected) => {
      expect(normalizePhone(input, 'KE')).toBe(expected);
      expect(normalizePhone(input)).toBe(expected);
    });
  });

  describe("local forms are read in the partner's country", () => {
    it.each([
      ['UG', '0772 123 456', '+256772123456'],
      ['UG', '0701-234-567', '+256701234567'],
      ['UG', '772123456', '+256772123456'],
      ['UG', '256772123456', '+256772123456'],
      ['UG', '+256 (0)772 123 456', '+256772123456'],
      ['TZ', '0754 123 456', '+255754123456'],
      ['TZ', '0655 123 456', '+255655123456'],
      ['RW', '0788 123 456', '+250788123456'],
      ['BI', '79 123 456', '+25779123456'],
      ['SS', '0912 345 678', '+211912345678'],
      ['ET', '0911 234 567', '+251911234567'],
      ['CD', '081 234 5678', '+243812345678'],
    ])('%s: %j -> %s', (country, input, expected) => {
      expect(normalizePhone(input, country)).toBe(expected);
    });

    it('reads 0772 123 456 as Ugandan for a UG partner, and as Kenyan for a KE partner (07xx is a Kenyan mobile range too)', () => {
      expect(normalizePhone('0772 123 456', 'UG')).toBe('+256772123456');
      // Never +256 for a Kenyan partner: a local form is the partner's country's number, and 0772 is a
      // valid Kenyan mobile. A Kenyan partner with a Ugandan contact types +256 772 123 456.
      expect(normalizePhone('0772 123 456', 'KE')).toBe('+254772123456');
      expect(normalizePhone('+256 772 123 456', 'KE')).toBe('+256772123456');
    });

    it("refuses digits that are no mobile in the partner's country rather than reading them as Kenyan", () => {
      // A Kenyan 01xx mobile is a Ugandan landline range: for a UG partner it is refused, not made +254.
      expect(normalizePhone('0112 345 678', 'UG')).toBeNull();
      // A number with another country's calling code but no +: only the partner's own code is recognised.
      expect(normalizePhone('256772123456', 'KE')).toBeNull();
      expect(normalizePhone('254712345678', 'UG')).toBeNull();
    });
  });

  describe('international numbers (+ or 00) are read whatever the partner country, if they are mobiles', () => {
    it.each([
      ['+256 772 123456', '+256772123456'],
      ['+255 754 123 456', '+255754123456'],
      ['+250 788 123 456', '+250788123456'],
      ['+44 7400 123456', '+447400123456'],
      ['0044 7400 123456', '+447400123456'],
      ['+1 (202) 555-0123', '+12025550123'], // US numbers do not tell mobiles from landlines
    ])('%j -> %s', (input, expected) => {
      for (const country of ['KE', 'UG', 'TZ']) expect(normalizePhone(input, country)).toBe(expected);
    });
  });

  it('keeps stored (E.164) numbers as they are', () => {
    for (const stored of ['+254712345678', '+254112345678', '+254100123456', '+256772123456', '+255754123456', '+250788123456']) {
      for (const country of ['KE', 'UG', 'TZ', 'RW']) expect(normalizePhone(stored, country)).toBe(stored);
    }
  });

  describe('anything else is not a phone number', () => {
    it.each([
      ['', 'empty'],
      ['   ', 'blank'],
      ['()', 'separators only'],
      ['0202345678', 'Kenyan landline (020)'],
      ['+254202345678', 'Kenyan landline with the country code'],
      ['0812345678', 'Kenyan prefix 8 is not mobile'],
      ['071234567', 'Kenyan number one digit short'],
      ['07123456789', 'Kenyan number one digit long'],
      ['+2547123456789', 'Kenyan number too long after +254'],
      ['+44 20 7946 0958', 'a London landline'],
      ['12345', 'too short'],
      ['+1234567', 'international with 7 digits'],
      ['+1234567890123456', 'international with 16 digits'],
      ['+0712345678', 'calling code cannot start with 0'],
      ['0712 345 67a', 'a letter'],
      ['O712345678', 'the letter O for a zero'],
      ['0712345678 ext 2', 'an extension'],
      ['++254712345678', 'two plus signs'],
      ['254+712345678', 'plus in the middle'],
      ['tel:0712345678', 'a URI scheme'],
      ['=0712345678', 'a formula sign'],
    ])('%j (%s) -> null', (input) => {
      expect(normalizePhone(input, 'KE')).toBeNull();
    });

    it.each([
      ['UG', '0414 123 456', 'a Kampala landline'],
      ['UG', '0772 123 45', 'a Ugandan mobile one digit short'],
      ['TZ', '022 212 3456', 'a Dar es Salaam landline'],
      ['RW', '0252 123 456', 'a Kigali landline'],
    ])('%s: %j (%s) -> null', (country, input) => {
      expect(normalizePhone(input, country)).toBeNull();
    });
  });

  it('reads only international numbers for a country libphonenumber does not know', () => {
    expect(normalizePhone('0712345678', 'XX')).toBeNull();
    expect(normalizePhone('+256772123456', 'XX')).toBe('+256772123456');
  });
});

describe('phone countries', () => {
  it('knows the region and refuses codes that are not two capitals of a known country', () => {
    for (const code of ['KE', 'UG', 'TZ', 'RW', 'BI', 'SS', 'ET', 'CD', 'SO', 'ZA']) expect(isPhoneCountry(code)).toBe(true);
    for (const code of ['ke', 'XX', 'KEN', '', 'K', 254, undefined]) expect(isPhoneCountry(code)).toBe(false);
  });

  it('gives calling codes', () => {
    expect(callingCode('KE')).toBe('254');
    expect(callingCode('UG')).toBe('256');
  });

  it('reads the country from a yup context, Kenya when none is given', () => {
    expect(contextCountry({ country: 'UG' })).toBe('UG');
    expect(contextCountry({})).toBe('KE');
    expect(contextCountry(undefined)).toBe('KE');
  });
});

describe('the phone() schema rule reads the validation context', () => {
  const schema = yup.object({ mobile: phone('Mobile is required', 'Mobile is invalid') });

  it("normalises a local number in the context's country", async () => {
    await expect(schema.validate({ mobile: '0772 123 456' }, { context: { country: 'UG' } })).resolves.toEqual({ mobile: '+256772123456' });
    expect(schema.validateSync({ mobile: '0754 123 456' }, { context: { country: 'TZ' } })).toEqual({ mobile: '+255754123456' });
  });

  it('uses Kenya without a context', async () => {
    await expect(schema.validate({ mobile: '0712 345 678' })).resolves.toEqual({ mobile: '+254712345678' });
    await expect(schema.validate({ mobile: '0772 123 456' })).resolves.toEqual({ mobile: '+254772123456' });
  });

  it("refuses a number that is no mobile in the context's country", async () => {
    await expect(schema.validate({ mobile: '0112 345 678' }, { context: { country: 'UG' } })).rejects.toThrow('Mobile is invalid');
    await expect(schema.validate({ mobile: '' }, { context: { country: 'UG' } })).rejects.toThrow('Mobile is required');
  });
});
