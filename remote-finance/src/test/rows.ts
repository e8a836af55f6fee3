import type { Account, BillRefRule, Expense, Income, OnlineTransaction, SessionUser } from '@ushirika/shared/contract';

/** Records as the server lists them, for the area's screen tests. */
const partner = { name: 'Grace Community Church' };

export const account = (id: number, name: string, type: Account['type'], parent?: { id: number; name: string }): Account => ({
  id,
  name,
  type,
  parentId: parent?.id ?? 0,
  Parent: parent ? { name: parent.name } : null,
  createdAt: '2026-01-04T08:00:00Z',
  Partner: partner,
  version: 1,
});

export const tithes = account(1, 'Tithes', 'CR');
export const building = account(2, 'Building Fund', 'CR', tithes);
export const utilities = account(3, 'Utilities', 'DR');
export const clientAccount = account(4, 'Mama Njeri', 'ROOT');
export const ACCOUNTS = [tithes, building, utilities, clientAccount];

/** An entry of the ledger as recorded: neither reversed nor reversing (issue 26.3). */
const posted = { status: 'posted', reversalOfId: null, reversedById: null, correctionOfId: null, reason: null } as const;

export const income = (id: number, over: Partial<Income> = {}): Income => ({
  id,
  firstName: 'Mary',
  lastName: 'Achieng',
  phone: '+254712345678',
  amount: '1500.50',
  paymentFor: 'Tithe',
  Account: { name: 'Tithes' },
  AccountId: 1,
  dateOfTransaction: '2026-03-01',
  mode: 'CASH',
  reference: 'RCPT-1',
  createdAt: '2026-03-01T08:00:00Z',
  Partner: partner,
  receiptNumber: 41,
  onlineTransactionId: null,
  MemberId: null,
  MeetingId: null,
  Member: null,
  version: 1,
  ...posted,
  ...over,
});

export const expense = (id: number, over: Partial<Expense> = {}): Expense => ({
  id,
  payee: 'Kenya Power',
  amount: '12500.00',
  paymentFor: 'Electricity',
  mode: 'M-PESA',
  reference: 'KPLC-3',
  notes: 'March bill',
  dateOfTransaction: '2026-03-05',
  AccountId: 3,
  Account: { name: 'Utilities' },
  createdAt: '2026-03-05T08:00:00Z',
  Partner: partner,
  version: 1,
  ...posted,
  ...over,
});

export const payment = (id: number, over: Partial<OnlineTransaction> = {}): OnlineTransaction => ({
  id,
  sender: `Payer ${id}`,
  msisdn: '254712000000',
  amount: '1000.00',
  trxnid: `TK${id}ABC`,
  trxTime: '2026-03-01T07:30:00Z',
  billRef: 'TITHE',
  AccountId: null,
  Account: null,
  incomeId: null,
  allocatedBy: null,
  ...over,
});

export const rule = (id: number): BillRefRule => ({
  id,
  billRef: 'Tithe',
  AccountId: 1,
  Account: { name: 'Tithes' },
  createdAt: '2026-03-01T08:00:00Z',
  Partner: partner,
  version: 1,
});

/** A signed-in user of the etracker product. */
export const etrackerUser: SessionUser = {
  firstName: 'Peter',
  lastName: 'Otieno',
  email: 'peter@upendo.test',
  Partner: { id: 3, name: 'Upendo Traders', product: 'etracker', country: 'KE' },
};
