import { contactEditSchema, contactSchema, groupMembersSchema, groupSchema, groupTypeSchema } from './contacts';
import { validateFieldsSync, validateFirstError } from './first-error';
import { parseIdList } from './rules';

const contact = { gender: 'F', firstName: 'Amina', lastName: 'Wanjiru', mobile: '0712 345 678', residence: 'Nairobi' };

/** The fields a contact may leave out (issue 27), as the schema casts them when not given. */
const NOT_KNOWN = { dateOfBirth: '', membershipStatus: '', maritalStatus: '', externalId: '' };

const firstError = async (schema: Parameters<typeof validateFirstError>[0], input: unknown) => {
  const result = await validateFirstError(schema, input);
  return result.ok ? null : result.message;
};

describe('contactSchema (new contact)', () => {
  it('reports the spec messages in form order', async () => {
    expect(validateFieldsSync(contactSchema, {})).toEqual({
      ok: false,
      // Gender and residence are optional since issue 27 (an import may not have them).
      messages: ['First Name is required', 'Last name is required', 'Mobile is required'],
    });
    expect(await firstError(contactSchema, {})).toBe('First Name is required');
  });

  it.each([
    [{ gender: '' }, null],
    [{ gender: 'X' }, 'Gender must be Male (M), Female (F) or Other (O)'],
    [{ firstName: ' ' }, 'First Name is required'],
    [{ firstName: 'A' }, 'Name must be at least 2 characters'],
    [{ firstName: ' A ' }, 'Name must be at least 2 characters'],
    [{ lastName: '' }, 'Last name is required'],
    [{ lastName: 'W' }, 'Name must be at least 2 characters'],
    [{ mobile: '' }, 'Mobile is required'],
    [{ mobile: '12345' }, 'Mobile must be a valid phone number, e.g. 0712 345 678 or +254 712 345 678'],
    [{ mobile: '0202345678' }, 'Mobile must be a valid phone number, e.g. 0712 345 678 or +254 712 345 678'],
    [{ residence: '' }, null],
    [{ dateOfBirth: '1990-11-03' }, null],
    [{ dateOfBirth: '03/11/1990' }, 'Date of birth must be a date, e.g. 1990-11-03'],
    [{ dateOfBirth: '2999-01-01' }, 'Date of birth must be a date from 1900-01-01 to 2100-12-31'],
    [{ dateOfBirth: '2099-01-01' }, 'Date of birth cannot be in the future'],
    [{ membershipStatus: 'visitor' }, null],
    [{ membershipStatus: 'guest' }, 'Membership status must be member, visitor, adherent or former'],
    [{ maritalStatus: 'married' }, null],
    [{ maritalStatus: 'engaged' }, 'Marital status must be single, married, widowed, divorced or separated'],
    [{ externalId: 'x'.repeat(65) }, 'External ID must be at most 64 characters'],
  ])('%j -> %s', async (change, message) => {
    expect(await firstError(contactSchema, { ...contact, ...change })).toBe(message);
  });

  it('accepts each gender code and casts the mobile to E.164 and the texts trimmed', async () => {
    for (const gender of ['M', 'F', 'O']) {
      expect(await validateFirstError(contactSchema, { ...contact, gender })).toMatchObject({ ok: true });
    }
    expect(await validateFirstError(contactSchema, { ...contact, firstName: ' Amina ', email: 'dropped@example.org' })).toEqual({
      ok: true,
      value: { ...contact, mobile: '+254712345678', ...NOT_KNOWN },
    });
  });
});

describe('contactEditSchema (edit contact)', () => {
  it('keeps the create rules and adds an optional email', async () => {
    expect(await firstError(contactEditSchema, {})).toBe('First Name is required');
    for (const email of [undefined, null, '', '  ']) {
      expect(await validateFirstError(contactEditSchema, { ...contact, email })).toEqual({
        ok: true,
        value: { ...contact, mobile: '+254712345678', email: '', ...NOT_KNOWN },
      });
    }
  });

  it('refuses an email that is not an address', async () => {
    for (const email of ['amina', 'amina@', '@example.org', 'amina example.org']) {
      expect(await firstError(contactEditSchema, { ...contact, email })).toBe('Email must be a valid email address, e.g. name@example.com');
    }
    expect(await validateFirstError(contactEditSchema, { ...contact, email: ' amina@example.org ' })).toMatchObject({
      ok: true,
      value: { email: 'amina@example.org' },
    });
  });
});

describe('groupSchema', () => {
  const group = { groupType: '3', name: 'Youth', description: 'Young adults', brandName: 'Vijana' };

  it('names each field in its message, in form order', () => {
    expect(validateFieldsSync(groupSchema, {})).toEqual({
      ok: false,
      messages: ['Group type is required', 'Name is required', 'Description is required', 'Brand name is required'],
    });
  });

  it.each([
    [{ groupType: '' }, 'Group type is required'],
    [{ groupType: 0 }, 'Group type is required'],
    [{ groupType: 'abc' }, 'Group type is required'],
    [{ name: ' ' }, 'Name is required'],
    [{ description: '' }, 'Description is required'],
    [{ description: 'x' }, 'Description must be at least 2 characters'],
    [{ brandName: '' }, 'Brand name is required'],
  ])('%j -> %s', async (change, message) => {
    expect(await firstError(groupSchema, { ...group, ...change })).toBe(message);
  });

  it('casts the group type id to a number', async () => {
    expect(await validateFirstError(groupSchema, group)).toEqual({ ok: true, value: { ...group, groupType: 3 } });
  });
});

describe('groupTypeSchema', () => {
  it.each([
    [{}, 'Name is required'],
    [{ name: 'Choir' }, 'Description is required'],
    [{ name: 'Choir', description: 'x' }, 'Description must be at least 2 characters'],
  ])('%j -> %s', async (input, message) => {
    expect(await firstError(groupTypeSchema, input)).toBe(message);
  });

  it('accepts a name and a description', async () => {
    expect(await validateFirstError(groupTypeSchema, { name: 'Choir', description: 'Singers' })).toMatchObject({ ok: true });
  });
});

describe('groupMembersSchema', () => {
  it('needs the group', async () => {
    expect(await firstError(groupMembersSchema, { selectedRecords: '1,2' })).toBe('Group is required');
  });

  it.each(['', '12', '12,40,41', ' 12 , 40 '])('accepts the id list %j', async (selectedRecords) => {
    expect(await validateFirstError(groupMembersSchema, { group: 5, selectedRecords })).toMatchObject({ ok: true });
  });

  it('treats a missing or null list as an empty group', async () => {
    for (const selectedRecords of [undefined, null]) {
      expect(await validateFirstError(groupMembersSchema, { group: '5', selectedRecords })).toEqual({
        ok: true,
        value: { group: 5, selectedRecords: '' },
      });
    }
  });

  it.each(['0', '-1', '1,,2', '1,a', '1.5', '1;2', ',', '1234567890123456'])('refuses %j', async (selectedRecords) => {
    expect(await firstError(groupMembersSchema, { group: 5, selectedRecords })).toBe('Selected members must be contact ids separated by commas');
  });
});

describe('parseIdList', () => {
  it('reads the distinct ids in order', () => {
    expect(parseIdList('')).toEqual([]);
    expect(parseIdList(' 12, 40,41 ,12')).toEqual([12, 40, 41]);
    expect(parseIdList('12,x')).toBeNull();
  });
});
