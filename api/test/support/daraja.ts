import { newCallbackSecret, setPartnerMpesa } from '../../src/partners/queries';
import type { AppConfig } from '../../src/app';
import type { Tenant, TestApp } from './app';
import { FAKE_CONSUMER_KEY, FAKE_CONSUMER_SECRET, SANDBOX_PASSKEY, startFakeDaraja, type FakeDaraja } from './fake-daraja';

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

/**
 * Saves a partner's M-Pesa set-up as its owner does in Settings → M-Pesa: `PUT /mpesa/setup` with the version just
 * read, expecting it saved.
 */
export async function saveMpesaSetup(t: TestApp, tenant: Tenant, input: Record<string, unknown>): Promise<void> {
  const setup = await t.as(tenant, { method: 'GET', url: '/api/v2/mpesa/setup' });
  expect(setup.statusCode).toBe(200);
  const saved = await t.as(tenant, { method: 'PUT', url: '/api/v2/mpesa/setup', payload: { ...input, version: setup.json<{ version: number }>().version } });
  expect(saved.statusCode).toBe(200);
}

/** The fake Daraja's own app and passkey for prompts from `shortCode`, in the sandbox (api/test/support/fake-daraja.ts). */
export const fakeDarajaApp = (shortCode: string) => ({
  environment: 'sandbox',
  expressShortCode: shortCode,
  consumerKey: FAKE_CONSUMER_KEY,
  consumerSecret: FAKE_CONSUMER_SECRET,
  passkey: SANDBOX_PASSKEY,
});

/**
 * A fake Daraja for a describe block, started before its app: declared before `useTestApp(database, config)`, it
 * writes the fake's address into `config.darajaBaseUrl` first (hooks run in the order they are declared). Its
 * `fake` is there once the block's tests run.
 */
export function useFakeDaraja(config: Partial<AppConfig>): { readonly fake: FakeDaraja } {
  const holder = {} as { fake: FakeDaraja };
  beforeAll(async () => {
    holder.fake = await startFakeDaraja();
    config.darajaBaseUrl = holder.fake.url;
  });
  afterAll(() => holder.fake?.close());
  return holder;
}
