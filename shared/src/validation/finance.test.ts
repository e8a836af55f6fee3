import { validateFirstError } from './first-error';
import { incomeContactSchema, incomeSchema } from './finance';

/** The income form's names and phone (issue 31.3): M-Pesa gives a payer's first name only and hides the number. */
const income = {
  firstname: 'Mary',
  lastname: 'Achieng',
  amount: '10',
  phone: '0712 345 678',
  account: 1,
  mode: 'CASH',
  dateOfTransaction: '2026-03-01',
  paymentFor: 'Tithe',
  reference: 'QK12',
  sendMessage: false,
};
const failure = async (values: object) => {
  try {
    await incomeSchema.validate({ ...income, ...values });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('incomeSchema', () => {
  it('takes an M-Pesa income with a first or last name only and no phone, stored as empty text', async () => {
    expect(await incomeSchema.validate({ ...income, mode: 'M-PESA', lastname: '', phone: '' })).toMatchObject({ firstname: 'Mary', lastname: '', phone: '' });
    expect(await incomeSchema.validate({ ...income, mode: 'M-PESA', lastname: null, phone: null })).toMatchObject({ lastname: '', phone: '' });
    expect(await incomeSchema.validate({ ...income, mode: 'M-PESA', firstname: '' })).toMatchObject({ firstname: '', lastname: 'Achieng' });
  });

  it('still needs a name for M-Pesa, a phone for its receipt, and both names and a phone for every other channel', async () => {
    expect(await failure({ mode: 'M-PESA', firstname: '', lastname: '' })).toBe('Name is required');
    expect(await failure({ mode: 'M-PESA', phone: '', sendMessage: true })).toBe('Phone is required');
    expect(await failure({ mode: 'M-PESA', phone: '07' })).toBe('Phone must be a valid phone number, e.g. 0712 345 678 or +254 712 345 678');
    for (const mode of ['CASH', 'ACCOUNT', 'CHEQUE']) {
      expect(await failure({ mode, lastname: '' })).toBe('Name is required');
      expect(await failure({ mode, phone: '' })).toBe('Phone is required');
    }
  });

  it('takes a loose offering with no names, phone nor reference, stored as empty text (issue 28.2)', async () => {
    const loose = { ...income, looseOffering: true, firstname: '', lastname: null, phone: '', reference: '' };
    expect(await incomeSchema.validate(loose)).toMatchObject({ looseOffering: true, firstname: '', lastname: '', phone: '', reference: '', memberId: null });
    expect(await failure({ ...loose, reference: 'x' })).toBe('Reference must be at least 2 characters');
    expect(await failure({ ...loose, sendMessage: true })).toBe("An SMS receipt needs the payer's phone: give one, or untick Send Message");
    expect(await failure({ ...loose, memberId: 4 })).toBe('A loose offering has no contributor: choose no contact, or untick No contributor');
  });

  it('keeps the names, phone and reference required without looseOffering, and takes a contact and a meeting by id', async () => {
    expect(await incomeSchema.validate(income)).toMatchObject({ looseOffering: false, memberId: null, meetingId: null });
    expect(await failure({ looseOffering: false, firstname: '' })).toBe('Name is required');
    expect(await failure({ looseOffering: 'no' })).toBe('No contributor must be true or false');
    expect(await failure({ reference: '' })).toBe('Reference is required');
    expect(await incomeSchema.validate({ ...income, memberId: '12', meetingId: 7 })).toMatchObject({ memberId: 12, meetingId: 7 });
    expect(await failure({ memberId: 'x' })).toBe('Choose a contact from the list');
    expect(await failure({ meetingId: -1 })).toBe('Choose a meeting from the list');
  });

  it('reports the first failing field in form order', async () => {
    expect(await validateFirstError(incomeSchema, { ...income, mode: 'CASH', firstname: '', phone: '' })).toEqual({ ok: false, message: 'Name is required' });
  });
});

describe('incomeContactSchema', () => {
  it('takes a contact id or null (unlink), and nothing else', async () => {
    expect(await incomeContactSchema.validate({ memberId: '42' })).toEqual({ memberId: 42 });
    expect(await incomeContactSchema.validate({ memberId: null })).toEqual({ memberId: null });
    for (const bad of [{}, { memberId: 0 }, { memberId: 'x' }, { memberId: 1.5 }, { memberId: 2 ** 31 }]) {
      await expect(incomeContactSchema.validate(bad)).rejects.toThrow('Choose a contact from the list');
    }
  });
});
