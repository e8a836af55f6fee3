import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { ContactSuggestions, GivingStatement, Income } from '@ushirika/shared/contract';
import { INCOME_CONTACT_LINKED, INCOME_CONTACT_UNLINKED } from '@ushirika/shared/contract';
import { CONTACT_NOT_FOUND } from '../src/contacts/member-routes';
import * as migration0021 from '../src/db/migrations/0021_mpesa_hidden_payers';
import { INCOME_NOT_MPESA } from '../src/finance/income-contact';
import { readPayerNumber } from '../src/finance/mpesa/payer-match';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { darajaPayment, newTithingPaybill, type Paybill } from './support/daraja';

/**
 * M-Pesa payers whose number is hidden (issue 31.3): a hashed MSISDN (C2B v1) or a masked one (v2) with the
 * first name only is linked to the partner's contact, reaches that contact's giving statement, and an income
 * left unlinked is linked by hand; an M-Pesa income is edited without a last name.
 */

const PREFIX = '/api/v2/mpesa/c2b';
const SUCCESS = { ResultCode: 0, ResultDesc: 'Success' };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let counter = 0;
const transId = () => `TH${String((counter += 1)).padStart(8, '0')}`;

describe('reading a payer MSISDN', () => {
  it('tells a number, a digest and a masked number apart', () => {
    expect(readPayerNumber('254712345678', 'KE')).toEqual({ kind: 'number', phone: '+254712345678' });
    expect(readPayerNumber(sha256('254712345678').toUpperCase(), 'KE')).toEqual({ kind: 'hashed', digest: sha256('254712345678') });
    expect(readPayerNumber('2547 ***** 126', 'KE')).toEqual({ kind: 'masked', head: '+2547', tail: '126' });
    expect(readPayerNumber('254712***678', 'KE')).toEqual({ kind: 'masked', head: '+254712', tail: '678' });
    expect(readPayerNumber('0712***678', 'KE')).toEqual({ kind: 'masked', head: '+254712', tail: '678' });
    for (const nothing of ['', '***', '7***8', 'abc']) expect(readPayerNumber(nothing, 'KE')).toEqual({ kind: 'unknown' });
  });
});

describe.each(testDatabases)('M-Pesa payers whose number is hidden on %s', (_name, database) => {
  const testApp = useTestApp(database);
  /** A server with MPESA_MSISDN_HASH_FORMS=international: the helpers below use it while `t` is it. */
  const internationalOnly = useTestApp(database, { mpesaMsisdnHashForms: ['international'] });
  let t: TestApp;

  beforeAll(() => {
    t = testApp();
  });

  /** A paybill with an income account 'Tithe' and a BillRefNumber rule TITHE for it. */
  async function church(): Promise<Paybill & { tithe: number }> {
    counter += 1;
    return newTithingPaybill(t, String(700000 + counter));
  }

  async function contact(tenant: Tenant, firstName: string, lastName: string, phone: string): Promise<number> {
    const { id } = await t.db
      .insertInto('members')
      .values({ tenant_id: tenant.id, first_name: firstName, last_name: lastName, gender: 'F', phone, residence: 'Thika' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** A confirmation as Safaricom sends it now: the MSISDN hidden, the first name only. Answers the stored payment. */
  async function pays(who: Paybill, msisdn: string, firstName: string, fields: Record<string, unknown> = {}) {
    const body = darajaPayment({ TransID: transId(), BusinessShortCode: who.shortCode, MSISDN: msisdn, FirstName: firstName, MiddleName: '', LastName: '', ...fields });
    const response = await t.app.inject({
      method: 'POST',
      url: `${PREFIX}/${who.secret}/confirmation`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect({ status: response.statusCode, body: response.json<unknown>() }).toEqual({ status: 200, body: SUCCESS });
    return t.db.selectFrom('online_transactions').selectAll().where('tenant_id', '=', who.id).where('trans_id', '=', body.TransID).executeTakeFirstOrThrow();
  }

  const ok = <T>(response: LightMyRequestResponse) => {
    expect({ status: response.statusCode, body: response.statusCode === 200 ? 'ok' : response.json<unknown>() }).toEqual({ status: 200, body: 'ok' });
    return response.json<T>();
  };
  const income = async (who: Tenant, id: number) => ok<{ income: Income }>(await t.as(who, { method: 'GET', url: `/api/v2/income/${id}` })).income;
  const giving = async (who: Tenant, phone: string) =>
    ok<GivingStatement>(await t.as(who, { method: 'GET', url: `/api/v2/statements/giving?phone=${encodeURIComponent(phone)}&startdate=2026-01-01&enddate=2026-03-31` }));
  const suggestions = async (who: Tenant, id: number) =>
    ok<ContactSuggestions>(await t.as(who, { method: 'GET', url: `/api/v2/income/${id}/contactsuggestions` })).suggestions;
  const link = (who: Tenant, id: number, memberId: number | null, version?: number) =>
    t.as(who, { method: 'PUT', url: `/api/v2/income/${id}/contact`, payload: { memberId, ...(version === undefined ? {} : { version }) } });

  describe('a hashed MSISDN', () => {
    it.each([
      ['international', '254712345678'],
      ['national', '0712345678'],
    ])('hashed as %s (%s) reaches the contact’s giving statement when its rule allocates it (both forms by default)', async (_form, hashed) => {
      const grace = await church();
      const amina = await contact(grace, 'Amina', 'Wanjiru', '+254712345678');
      await contact(grace, 'Other', 'Person', '+254722000000');

      const payment = await pays(grace, sha256(hashed), 'AMINA', { TransAmount: '750.00', BillRefNumber: 'TITHE' });

      expect(payment.income_id).not.toBeNull();
      expect(await income(grace, payment.income_id!)).toMatchObject({
        firstName: 'AMINA',
        lastName: '',
        phone: '+254712345678',
        MemberId: amina,
        Member: { firstName: 'Amina', lastName: 'Wanjiru', phone: '+254712345678' },
      });
      expect(await giving(grace, '0712 345 678')).toMatchObject({
        name: 'Amina Wanjiru',
        total: '750.00',
        gifts: [{ id: payment.income_id, amount: '750.00', mode: 'M-PESA' }],
      });
    });

    it('is matched only in the configured forms (MPESA_MSISDN_HASH_FORMS=international)', async () => {
      t = internationalOnly();
      try {
        const grace = await church();
        await contact(grace, 'Amina', 'Wanjiru', '+254712345678');
        const unmatched = await pays(grace, sha256('0712345678'), 'Amina', { BillRefNumber: 'TITHE' });
        expect(await income(grace, unmatched.income_id!)).toMatchObject({ phone: '', MemberId: null, Member: null });
        const matched = await pays(grace, sha256('254712345678'), 'Amina', { BillRefNumber: 'TITHE' });
        expect(await income(grace, matched.income_id!)).toMatchObject({ phone: '+254712345678' });
        expect((await giving(grace, '+254712345678')).gifts.map((gift) => gift.id)).toEqual([matched.income_id]);
      } finally {
        t = testApp();
      }
    });

    it('allocated by hand reaches the contact’s giving statement, and never another partner’s contact', async () => {
      const grace = await church();
      const other = await church();
      await contact(other, 'Amina', 'Elsewhere', '+254712345678');
      const amina = await contact(grace, 'Amina', 'Wanjiru', '+254712345678');

      const payment = await pays(grace, sha256('254712345678'), 'Amina', { BillRefNumber: 'NO RULE', TransAmount: '300.00' });
      expect(payment.income_id).toBeNull();
      const allocated = ok<{ incomeIds: number[] }>(
        await t.as(grace, { method: 'POST', url: '/api/v2/allocateaccounts', payload: { account: grace.tithe, selectedRecords: String(payment.id) } }),
      );

      expect(await income(grace, allocated.incomeIds[0]!)).toMatchObject({ phone: '+254712345678', MemberId: amina });
      expect(await giving(grace, '+254712345678')).toMatchObject({ total: '300.00' });
      expect(await giving(other, '+254712345678')).toMatchObject({ total: '0.00', gifts: [] });
    });
  });

  describe('a masked MSISDN', () => {
    it('is linked to the one contact with its visible digits and the payer’s first name, without case or accents', async () => {
      const grace = await church();
      const amina = await contact(grace, 'Amína', 'Wanjiru', '+254712345126');
      // Same digits, another name; same name, other digits.
      await contact(grace, 'Peter', 'Otieno', '+254798765126');
      await contact(grace, 'Amina', 'Njeri', '+254712345127');

      const payment = await pays(grace, '2547 ***** 126', ' amina ', { BillRefNumber: 'TITHE', TransAmount: '120.00' });

      expect(await income(grace, payment.income_id!)).toMatchObject({ firstName: 'amina', phone: '+254712345126', MemberId: amina });
      expect((await suggestions(grace, payment.income_id!)).map((s) => s.id)).toEqual([amina]);
      expect(await giving(grace, '+254712345126')).toMatchObject({ name: 'Amína Wanjiru', total: '120.00' });
    });

    it('that two contacts fit links neither, suggests both, and is linked by hand over its version', async () => {
      const grace = await church();
      const first = await contact(grace, 'John', 'Kamau', '+254712000678');
      const second = await contact(grace, 'JOHN', 'Mwangi', '+254712999678');
      await contact(grace, 'Mary', 'Kamau', '+254712555678');

      const payment = await pays(grace, '254712***678', 'John', { BillRefNumber: 'TITHE', TransAmount: '200.00' });
      const incomeId = payment.income_id!;
      const unlinked = await income(grace, incomeId);
      expect(unlinked).toMatchObject({ phone: '', MemberId: null });
      expect((await suggestions(grace, incomeId)).map((s) => s.id)).toEqual([first, second]);
      expect(await giving(grace, '+254712999678')).toMatchObject({ gifts: [] });

      const linked = await link(grace, incomeId, second, unlinked.version);
      expect(linked.statusCode).toBe(200);
      expect(linked.json()).toMatchObject({ status_msg: INCOME_CONTACT_LINKED, income: { phone: '+254712999678', MemberId: second, version: unlinked.version + 1 } });
      expect(await giving(grace, '+254712999678')).toMatchObject({ name: 'JOHN Mwangi', total: '200.00' });

      // A screen read before that link is refused, and nothing changes.
      const stale = await link(grace, incomeId, first, unlinked.version);
      expect(stale.statusCode).toBe(409);
      expect(await income(grace, incomeId)).toMatchObject({ MemberId: second });

      const unlinking = await link(grace, incomeId, null, unlinked.version + 1);
      expect(unlinking.json()).toMatchObject({ status_msg: INCOME_CONTACT_UNLINKED, income: { phone: '', MemberId: null, Member: null } });
      expect(await giving(grace, '+254712999678')).toMatchObject({ gifts: [] });
    });
  });

  describe('linking by hand', () => {
    it('refuses another partner’s contact, an unknown one, another partner’s income and an income typed in', async () => {
      const grace = await church();
      const other = await church();
      const theirs = await contact(other, 'Amina', 'Elsewhere', '+254712345678');
      const ours = await contact(grace, 'Amina', 'Wanjiru', '+254712345678');
      const payment = await pays(grace, sha256('254799999999'), 'Amina', { BillRefNumber: 'TITHE' });
      const incomeId = payment.income_id!;

      for (const memberId of [theirs, 999_999]) {
        const refused = await link(grace, incomeId, memberId);
        expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 404, body: { status_msg: CONTACT_NOT_FOUND } });
      }
      expect(await income(grace, incomeId)).toMatchObject({ phone: '', MemberId: null, version: 1 });
      expect((await link(other, incomeId, theirs)).statusCode).toBe(404);
      expect((await link(grace, incomeId, 'x' as unknown as number)).json()).toEqual({ status_msg: 'Choose a contact from the list' });

      const typed = await t.as(grace, {
        method: 'POST',
        url: '/api/v2/income',
        payload: {
          firstname: 'A',
          lastname: 'B',
          amount: '5',
          phone: '0712345678',
          account: grace.tithe,
          mode: 'CASH',
          dateOfTransaction: '2026-03-01',
          paymentFor: 'x',
          reference: 'RC',
          sendMessage: false,
        },
      });
      const refused = await link(grace, typed.json<{ income: Income }>().income.id, ours);
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 400, body: { status_msg: INCOME_NOT_MPESA } });
    });
  });

  describe('migration 0021', () => {
    it('links the incomes allocated before where that is safe: a digest in either form, a masked number one contact fits', async () => {
      const grace = await church();
      // Allocated before the contacts were known, as before the migration.
      const hashed = await pays(grace, sha256('0712345678'), 'Amina', { BillRefNumber: 'TITHE' });
      const masked = await pays(grace, '2547 ***** 126', 'AMINA', { BillRefNumber: 'TITHE' });
      const twoFit = await pays(grace, '254712***678', 'John', { BillRefNumber: 'TITHE' });
      const amina = await contact(grace, 'Amina', 'Wanjiru', '+254712345678');
      const aminaToo = await contact(grace, 'Amína', 'Otieno', '+254711111126');
      await contact(grace, 'John', 'Kamau', '+254712000678');
      await contact(grace, 'John', 'Mwangi', '+254712999678');
      for (const payment of [hashed, masked, twoFit]) expect(await income(grace, payment.income_id!)).toMatchObject({ phone: '', MemberId: null });

      await migration0021.down(t.db as never);
      await migration0021.up(t.db as never);

      expect(await income(grace, hashed.income_id!)).toMatchObject({ phone: '+254712345678', MemberId: amina, version: 2 });
      expect(await income(grace, masked.income_id!)).toMatchObject({ phone: '+254711111126', MemberId: aminaToo });
      expect(await income(grace, twoFit.income_id!)).toMatchObject({ phone: '', MemberId: null, version: 1 });
    });
  });

  describe('editing an M-Pesa income', () => {
    it('saves with the first name only and no phone; a typed income still needs both names; changing a linked phone unlinks', async () => {
      const grace = await church();
      await contact(grace, 'Amina', 'Wanjiru', '+254712345678');
      const hidden = await pays(grace, sha256('254700000001'), 'Amina', { BillRefNumber: 'TITHE' });
      const before = await income(grace, hidden.income_id!);
      const form = {
        firstname: before.firstName,
        lastname: before.lastName,
        amount: before.amount,
        phone: before.phone,
        account: before.AccountId,
        mode: before.mode,
        dateOfTransaction: before.dateOfTransaction,
        paymentFor: 'Tithe, corrected',
        reference: before.reference,
        sendMessage: false,
      };
      const put = (id: number, body: object) => t.as(grace, { method: 'PUT', url: `/api/v2/income/${id}`, payload: body });

      const saved = await put(hidden.income_id!, { ...form, version: before.version });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ income: { firstName: 'Amina', lastName: '', phone: '', paymentFor: 'Tithe, corrected' } });
      // A receipt needs a number; another channel needs both names.
      expect((await put(hidden.income_id!, { ...form, sendMessage: true })).json()).toEqual({ status_msg: 'Phone is required' });
      expect((await put(hidden.income_id!, { ...form, mode: 'CASH', phone: '0712345678' })).json()).toEqual({ status_msg: 'Name is required' });
      expect((await put(hidden.income_id!, { ...form, firstname: '' })).json()).toEqual({ status_msg: 'Name is required' });

      const linked = await pays(grace, sha256('254712345678'), 'Amina', { BillRefNumber: 'TITHE' });
      const linkedIncome = await income(grace, linked.income_id!);
      expect(linkedIncome.MemberId).not.toBeNull();
      const kept = await put(linked.income_id!, { ...form, phone: '+254 712 345 678', version: linkedIncome.version });
      expect(kept.json()).toMatchObject({ income: { MemberId: linkedIncome.MemberId } });
      const moved = await put(linked.income_id!, { ...form, phone: '0722 000 000', reason: 'Paid by another number' });
      expect(moved.json()).toMatchObject({ income: { phone: '+254722000000', MemberId: null, Member: null } });
    });
  });
});
