import type { Kysely } from 'kysely';
import type { AccountType, PaymentChannel } from '@ushirika/shared/contract';
import { billRefKey } from '@ushirika/shared/contract';
import { DEFAULT_MSISDN_HASH_FORMS } from '../config';
import { addDays, between, isoDay, mulberry32, pick, type Random } from '../db/demo-random';
import type { Database } from '../db/schema';
import { TenantScope } from '../db/tenant-scope';
import { setPartnerMpesa } from '../partners/queries';
import { startDemoCampaign } from './campaigns/demo-campaign';
import { insertIncome } from './ledger-records';
import { allocatePayments } from './mpesa/allocation';

/**
 * The demo books (issue 9). Grace Community Church: income and expense accounts (Building Fund under
 * Offering), half a year of giving from its members and of expenses, a budget for this year, a paybill
 * (short code 600100, callback secret 'grace-demo-c2b', as the README's curl line uses them) with a
 * BillRefNumber rule TITHE -> Tithe and a few M-Pesa payments, most waiting for a person, and a giving page
 * (/give/grace: Tithe and Offering; issue 29), and an open harambee, Sanctuary Building, into the Building Fund with
 * pledges and gifts toward them (campaigns/demo-campaign.ts; issue 30). Upendo Traders
 * (etracker): two client accounts with money in and out. Incomes go through insertIncome, so receipt
 * numbers run 1, 2, 3 ... in date order. Deterministic for a given `random` and `today`.
 */

export const DEMO_MPESA = { shortCode: '600100', secret: 'grace-demo-c2b' } as const;

/** Grace's giving page, /give/grace (issue 29), offers these funds; without Daraja credentials the development simulator answers its prompts. */
export const DEMO_GIVING = { code: 'grace', funds: ['Tithe', 'Offering'] } as const;

export const DEMO_FINANCE_COUNTS = {
  graceAccounts: 8,
  upendoAccounts: 2,
  /** M-Pesa payments waiting for an account. */
  graceUnallocatedPayments: 5,
  /** Allocated: two by a person, one by the TITHE rule. */
  graceAllocatedPayments: 3,
  /** Weeks of Sunday giving, up to `today`. */
  weeks: 26,
} as const;

const GRACE_ACCOUNTS: ReadonlyArray<[name: string, type: AccountType, parent?: string]> = [
  ['Tithe', 'CR'],
  ['Offering', 'CR'],
  ['Building Fund', 'CR', 'Offering'],
  ['Thanksgiving', 'CR'],
  ['Rent', 'DR'],
  ['Utilities', 'DR'],
  ['Outreach', 'DR'],
  ['Salaries', 'DR'],
];

/** Monthly budget per account, in whole shillings (January to December alike). */
const GRACE_BUDGET: Record<string, number> = {
  Tithe: 180_000,
  Offering: 120_000,
  'Building Fund': 50_000,
  Thanksgiving: 20_000,
  Rent: 60_000,
  Utilities: 15_000,
  Outreach: 25_000,
  Salaries: 150_000,
};

/** Who pays by M-Pesa into the paybill: [first, middle, last, MSISDN, BillRefNumber]. */
const PAYERS: ReadonlyArray<[string, string, string, string, string]> = [
  ['Amina', 'W', 'Wanjiru', '254712345678', 'OFFERING'],
  ['Baraka', '', 'Mwangi', '254722000111', 'BUILDING'],
  ['Chebet', 'J', 'Koech', '254733000222', 'thanks giving'],
  ['Daudi', '', 'Otieno', '254745000333', ''],
  ['Esther', 'N', 'Achieng', '254757000444', 'Harambee'],
  ['Faith', '', 'Njeri', '254768000555', 'OFFERING'],
  ['George', 'K', 'Kariuki', '254790000666', 'BUILDING'],
];

export async function insertDemoFinance(trx: Kysely<Database>, ids: { grace: number; upendo: number }, today: Date, random: Random): Promise<void> {
  await insertGraceBooks(trx, new TenantScope(trx, ids.grace), today, random);
  await insertUpendoBooks(new TenantScope(trx, ids.upendo), today, random);
}

async function insertGraceBooks(trx: Kysely<Database>, grace: TenantScope, today: Date, random: Random): Promise<void> {
  await setPartnerMpesa(trx, grace.tenantId, DEMO_MPESA);
  const accounts = await insertAccounts(grace, today, GRACE_ACCOUNTS);
  const account = (name: string) => accounts.get(name)!;
  await grace.insertInto('bill_ref_rules', { bill_ref: 'TITHE', bill_ref_key: billRefKey('TITHE'), account_id: account('Tithe') }).execute();
  await trx.updateTable('partners').set({ giving_code: DEMO_GIVING.code }).where('id', '=', grace.tenantId).execute();
  await grace
    .updateTable('accounts')
    .set({ open_for_giving: true })
    .where('name', 'in', [...DEMO_GIVING.funds])
    .execute();

  const lastSunday = addDays(today, -today.getUTCDay());
  // The harambee's M-Pesa references come from a stream of its own, so the books below draw what they drew before it.
  const campaignRandom = mulberry32(20_260_330);
  const campaign = await startDemoCampaign(trx, { grace: grace.tenantId, accountId: account('Building Fund') }, lastSunday, () => transId(campaignRandom));

  // Giving by the members (the contacts seeded before), each Sunday, in date order for the receipt numbers; the
  // harambee's gifts of the day after the day's collection.
  const members = await grace.selectFrom('members').select(['first_name', 'last_name', 'phone']).orderBy('id').limit(40).execute();
  for (let week = DEMO_FINANCE_COUNTS.weeks - 1; week >= 0; week -= 1) {
    const day = isoDay(addDays(lastSunday, -7 * week));
    const gifts: Array<[string, number, PaymentChannel]> = [
      ['Tithe', between(random, 1_000, 15_000), 'M-PESA'],
      ['Tithe', between(random, 1_000, 15_000), 'CASH'],
      ['Tithe', between(random, 2_000, 25_000), 'CHEQUE'],
      ['Offering', between(random, 200, 3_000), 'CASH'],
      ['Offering', between(random, 200, 3_000), 'M-PESA'],
      ...(week % 4 === 0 ? [['Building Fund', between(random, 5_000, 30_000), 'CHEQUE'] as [string, number, PaymentChannel]] : []),
      ...(week % 8 === 3 ? [['Thanksgiving', between(random, 1_000, 10_000), 'M-PESA'] as [string, number, PaymentChannel]] : []),
    ];
    for (const [name, shillings, mode] of gifts) {
      const member = pick(random, members);
      await insertIncome(grace, {
        first_name: member.first_name,
        last_name: member.last_name,
        phone: member.phone,
        amount: money(shillings * 100 + (mode === 'M-PESA' ? between(random, 0, 99) : 0)),
        payment_for: name,
        account_id: account(name),
        date_of_transaction: day,
        mode,
        reference: mode === 'CASH' ? 'Sunday collection' : mode === 'CHEQUE' ? `CHQ ${between(random, 100_000, 999_999)}` : transId(random),
      });
    }
    for (const gift of campaign.giftsOn(day)) await insertIncome(grace, gift);
  }

  const expenses: Array<[account: string, payee: string, shillings: number, dayOfMonth: number, mode: PaymentChannel]> = [
    ['Rent', 'Baraka Properties Ltd', 60_000, 1, 'CHEQUE'],
    ['Utilities', 'Kenya Power', 9_000, 8, 'M-PESA'],
    ['Utilities', 'Nairobi Water', 3_500, 10, 'M-PESA'],
    ['Salaries', 'Staff salaries', 145_000, 28, 'ACCOUNT'],
    ['Outreach', "Children's home visit", 18_000, 15, 'CASH'],
  ];
  const rows = [];
  for (let month = 5; month >= 0; month -= 1) {
    for (const [name, payee, shillings, dayOfMonth, mode] of expenses) {
      const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - month, dayOfMonth));
      if (day > today) continue;
      rows.push({
        payee,
        // The rent is fixed; the rest varies by up to 500 a month.
        amount: money((name === 'Rent' ? shillings : shillings + between(random, -500, 500)) * 100),
        payment_for: `${name} ${day.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })}`,
        account_id: account(name),
        date_of_transaction: isoDay(day),
        mode,
        reference: mode === 'M-PESA' ? transId(random) : `PV-${isoDay(day).replace(/-/g, '')}`,
        notes: 'Approved by the finance committee',
      });
    }
  }
  for (const row of rows) await grace.insertInto('expenses', row).execute();

  // This year's budget: every month alike.
  const year = today.getUTCFullYear();
  const budget = Object.entries(GRACE_BUDGET).flatMap(([name, shillings]) =>
    Array.from({ length: 12 }, (_, i) => ({ account_id: account(name), year, month: i + 1, amount: money(shillings * 100) })),
  );
  await grace.raw((db, tenantId) =>
    db
      .insertInto('budgets')
      .values(budget.map((line) => ({ ...line, tenant_id: tenantId })))
      .execute(),
  );

  // M-Pesa payments of the last few days: one TITHE allocated by the rule, two by Jane, the rest waiting.
  const payments = [...PAYERS.map((payer, i) => ({ payer, hoursAgo: 6 + 17 * i })), { payer: ['Hellen', '', 'Wambui', '254797000777', 'tithe'] as const, hoursAgo: 3 }];
  const arrived = [];
  for (const { payer, hoursAgo } of payments) {
    const [first_name, middle_name, last_name, msisdn, bill_ref] = payer;
    const { id } = await grace
      .insertInto('online_transactions', {
        trans_id: transId(random),
        transaction_type: 'Pay Bill',
        trans_time: new Date(today.getTime() - hoursAgo * 3_600_000),
        amount: money(between(random, 2, 80) * 5_000),
        short_code: DEMO_MPESA.shortCode,
        bill_ref,
        msisdn,
        first_name,
        middle_name,
        last_name,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    arrived.push({ id, bill_ref });
  }
  const [first, second] = arrived;
  const tithe = arrived.find((payment) => billRefKey(payment.bill_ref) === 'TITHE')!;
  await allocatePayments(grace, account('Tithe'), [tithe.id], { by: 'rule', userId: null, hashForms: DEFAULT_MSISDN_HASH_FORMS });
  await allocatePayments(grace, account('Offering'), [first!.id], { by: 'staff', userId: null, hashForms: DEFAULT_MSISDN_HASH_FORMS });
  await allocatePayments(grace, account('Building Fund'), [second!.id], { by: 'staff', userId: null, hashForms: DEFAULT_MSISDN_HASH_FORMS });
  await campaign.finish();
}

async function insertUpendoBooks(upendo: TenantScope, today: Date, random: Random): Promise<void> {
  const accounts = await insertAccounts(upendo, today, [
    ['Mama Mboga Supplies', 'ROOT'],
    ['Juma Hardware', 'ROOT'],
  ]);
  const [mboga, juma] = [accounts.get('Mama Mboga Supplies')!, accounts.get('Juma Hardware')!];
  const moneyIn: Array<[number, string, string, number, number]> = [
    [mboga, 'Rose', 'Atieno', 12_500, 40],
    [juma, 'Juma', 'Hamisi', 48_000, 32],
    [mboga, 'Rose', 'Atieno', 9_800, 18],
    [juma, 'Juma', 'Hamisi', 22_000, 4],
  ];
  for (const [accountId, first_name, last_name, shillings, daysAgo] of moneyIn) {
    await insertIncome(upendo, {
      first_name,
      last_name,
      phone: '+254711000222',
      amount: money(shillings * 100),
      payment_for: 'Goods on account',
      account_id: accountId,
      date_of_transaction: isoDay(addDays(today, -daysAgo)),
      mode: 'M-PESA',
      reference: transId(random),
    });
  }
  const moneyOut: Array<[number, string, number, number]> = [
    [mboga, 'Wholesale vegetables', 7_400, 38],
    [juma, 'Cement and iron sheets', 31_000, 30],
    [juma, 'Transport', 2_500, 29],
  ];
  for (const [accountId, payee, shillings, daysAgo] of moneyOut) {
    await upendo
      .insertInto('expenses', {
        payee,
        amount: money(shillings * 100),
        payment_for: 'Stock',
        account_id: accountId,
        date_of_transaction: isoDay(addDays(today, -daysAgo)),
        mode: 'CASH',
        reference: 'Cash book',
        notes: 'Paid at the shop',
      })
      .execute();
  }
}

/** Accounts by name; a parent is named and must come before its children. Created a minute apart before `today`, in order. */
async function insertAccounts(scope: TenantScope, today: Date, accounts: ReadonlyArray<readonly [string, AccountType, string?]>): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [i, [name, type, parent]] of accounts.entries()) {
    const { id } = await scope
      .insertInto('accounts', {
        name,
        type,
        parent_id: parent === undefined ? null : ids.get(parent)!,
        created_at: new Date(today.getTime() - (accounts.length - i) * 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(name, id);
  }
  return ids;
}

/** Whole cents as exact decimal text: the amount never exists as a float. */
const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

const TRANS_ID_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
/** An M-Pesa-like TransID: 'T' and nine letters and digits. */
const transId = (random: Random) => `T${Array.from({ length: 9 }, () => pick(random, [...TRANS_ID_LETTERS])).join('')}`;
