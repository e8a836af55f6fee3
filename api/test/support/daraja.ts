import { newCallbackSecret, setPartnerMpesa } from '../../src/partners/queries';
import type { Tenant, TestApp } from './app';

/**
 * A Safaricom Daraja C2B callback body (validation or confirmation; docs/integrations.md): a paybill
 * payment of 750.00 by Amina W Wanjiru from 254712345678 for 'OFFERING', with the fields given instead.
 * The one builder the API tests, the crash tests and the benchmarks share.
 */
export const darajaPayment = (fields: { TransID: string; BusinessShortCode: string } & Record<string, unknown>) => ({
  TransactionType: 'Pay Bill',
  TransTime: '20260301103000',
  TransAmount: '750.00',
  BillRefNumber: 'OFFERING',
  InvoiceNumber: '',
  OrgAccountBalance: '49197.00',
  ThirdPartyTransID: '',
  MSISDN: '254712345678',
  FirstName: 'Amina',
  MiddleName: 'W',
  LastName: 'Wanjiru',
  ...fields,
});

/** A partner that takes M-Pesa payments: its signed-in user, its short code and its callback secret. */
export interface Paybill extends Tenant {
  shortCode: string;
  secret: string;
}

/** A new partner with a paybill (what `pnpm ops set-mpesa` stores: the short code and a generated secret). */
export async function newPaybill(t: TestApp, shortCode: string, name = 'Paybill'): Promise<Paybill> {
  const tenant = await t.newTenant(name);
  const secret = newCallbackSecret();
  if (!(await setPartnerMpesa(t.db, tenant.id, { shortCode, secret }))) throw new Error(`set-mpesa refused short code ${shortCode}`);
  return { ...tenant, shortCode, secret };
}

/** A paybill with an income account 'Tithe' (`tithe`, its id) and a BillRefNumber rule that allocates every TITHE payment to it. */
export async function newTithingPaybill(t: TestApp, shortCode: string, name = 'Paybill'): Promise<Paybill & { tithe: number }> {
  const paybill = await newPaybill(t, shortCode, name);
  const { id: tithe } = await t.db
    .insertInto('accounts')
    .values({ tenant_id: paybill.id, name: 'Tithe', type: 'CR', parent_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('bill_ref_rules').values({ tenant_id: paybill.id, bill_ref: 'TITHE', bill_ref_key: 'TITHE', account_id: tithe }).execute();
  return { ...paybill, tithe };
}
