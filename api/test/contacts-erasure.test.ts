import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { ActivityList, Income, LoginResponse, Member, MemberSaveResponse, MembersResponse, Role } from '@ushirika/shared/contract';
import { noPermissionText } from '@ushirika/shared/contract';
import { createUser } from '../src/partners/queries';
import { TEST_PASSWORD, useTestApp, type Tenant, type TestApp } from './support/app';
import { darajaPayment, newTithingPaybill, type Paybill } from './support/daraja';
import { testDatabases } from './support/databases';
import { expectFailure } from './support/expect';
import { messagingClient } from './support/messaging';

const ERASED = "The contact's personal data was erased.";
const ALREADY_ERASED = "This contact's personal data was erased already.";
const ERASED_FOR_GOOD = "This contact's personal data was erased: it stays archived and cannot be changed.";
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Amina's data, in every form it is stored in: what must be nowhere after her erasure. */
const AMINA = { firstName: 'Aminata', lastName: 'Wambui', phone: '+254712345678', email: 'aminata@example.org', residence: 'Kasarani' };
const AMINA_TRACES = ['Aminata', 'Wambui', '712345678', 'aminata@example.org', 'Kasarani', sha256('254712345678'), sha256('0712345678')];
/** Baraka, who stays. */
const BARAKA = { firstName: 'Baraka', lastName: 'Otieno', phone: '+254722000111' };

let counter = 0;
const transId = () => `ER${String((counter += 1)).padStart(8, '0')}`;

/** A local 'YYYY-MM-DDTHH:mm' in Nairobi (UTC+3) `days` from now. */
const nairobiLocal = (days: number) => new Date(Date.now() + days * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 16);

describe.each(testDatabases)("erasing a contact's personal data on %s", (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  let m: ReturnType<typeof messagingClient>;
  beforeAll(() => {
    t = testApp();
    m = messagingClient(t);
  });

  const post = (tenant: Tenant, url: string, payload: object = {}) => t.as(tenant, { method: 'POST', url: `/api/v2/${url}`, payload });
  const get = async <T>(tenant: Tenant, url: string): Promise<T> => {
    const response = await t.as(tenant, { method: 'GET', url: `/api/v2/${url}` });
    expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    return response.json<T>();
  };
  const erase = (tenant: Tenant, id: number, payload: object = { reason: 'Asked by letter of 3 March 2026, ref. DPA-7' }) => post(tenant, `member/${id}/erase`, payload);

  let staffCounter = 0;
  async function staffWith(tenant: Tenant, role: Role): Promise<Tenant> {
    staffCounter += 1;
    const email = `erasure.${role}.${staffCounter}.${Date.now()}@example.test`;
    await createUser(t.db, { partnerId: tenant.id, email, password: TEST_PASSWORD, firstName: 'Staff', lastName: role, roles: [role] });
    const login = await t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(200);
    return { id: tenant.id, email, auth: `Bearer ${login.json<LoginResponse>().access_token}` };
  }

  /** A confirmation from Safaricom; the stored payment. */
  async function pays(who: Paybill, fields: Record<string, unknown>) {
    const body = darajaPayment({ TransID: transId(), BusinessShortCode: who.shortCode, ...fields });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v2/mpesa/c2b/${who.secret}/confirmation`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode).toBe(200);
    return t.db.selectFrom('online_transactions').selectAll().where('tenant_id', '=', who.id).where('trans_id', '=', body.TransID).executeTakeFirstOrThrow();
  }

  /** Every row of the partner's tables that may hold a person's data, as JSON text, opt-outs apart. */
  async function storedText(tenantId: number): Promise<string> {
    const tables = ['members', 'incomes', 'notifications', 'online_transactions', 'mpesa_callbacks', 'activity_events', 'activity_personal_values', 'group_members'];
    const parts: string[] = [];
    for (const table of tables) {
      const { rows } = await sql<{ row: unknown }>`select row_to_json(r)::text as row from ${sql.table(table)} r where r.tenant_id = ${tenantId}::int`.execute(t.db);
      parts.push(...rows.map((row) => String(row.row)));
    }
    return parts.join('\n');
  }

  const incomeTotals = async (tenantId: number) => {
    const { rows } = await sql<{
      total: string;
      count: number;
    }>`select sum(amount)::text as total, count(*)::int as count from incomes where tenant_id = ${tenantId}::int`.execute(t.db);
    const { rows: days } = await sql<{
      total: string;
    }>`select sum(amount)::text as total from day_totals where tenant_id = ${tenantId}::int and source = 'income'`.execute(t.db);
    return { ...rows[0], days: days[0]?.total };
  };

  /**
   * A partner with Amina and Baraka; Amina edited (her email), in a group with Baraka, giving three ways (a typed
   * income, an M-Pesa payment a rule allocated and linked to her, an income linked to her with no number),
   * paying once more unallocated with her number hashed, messaged (a sent personalised message, a scheduled one
   * still waiting), opted out; March 2026 then closed.
   */
  async function partnerWithAmina() {
    counter += 1;
    const church = await newTithingPaybill(t, String(600000 + counter), 'Erasure');
    await m.topUp(church, 20);
    const created = await post(church, 'member', {
      firstName: AMINA.firstName,
      lastName: AMINA.lastName,
      gender: 'F',
      mobile: '0712 345 678',
      residence: AMINA.residence,
    });
    const amina = created.json<MemberSaveResponse>().member;
    const edited = await t.as(church, {
      method: 'PUT',
      url: `/api/v2/member/${amina.id}`,
      payload: {
        firstName: AMINA.firstName,
        lastName: AMINA.lastName,
        gender: 'F',
        mobile: '0712 345 678',
        residence: AMINA.residence,
        email: AMINA.email,
        version: amina.version,
      },
    });
    expect(edited.statusCode).toBe(200);
    const barakaId = await m.contact(church, BARAKA.firstName, BARAKA.lastName, BARAKA.phone);
    const groupId = await m.group(church, [amina.id, barakaId]);

    const typedIncome = async (firstname: string, lastname: string, phone: string, amount: string) => {
      const response = await post(church, 'income', {
        firstname,
        lastname,
        phone,
        amount,
        account: church.tithe,
        mode: 'CASH',
        dateOfTransaction: '2026-03-02',
        paymentFor: 'Tithe',
        reference: 'R-1',
        sendMessage: false,
      });
      expect(response.statusCode).toBe(201);
      return response.json<{ income: Income }>().income;
    };
    const aminaCash = await typedIncome(AMINA.firstName, AMINA.lastName, '0712 345 678', '1000.00');
    const barakaCash = await typedIncome(BARAKA.firstName, BARAKA.lastName, '0722 000 111', '500.00');
    // Allocated by the TITHE rule and linked to Amina by her number.
    const tithe = await pays(church, {
      BillRefNumber: 'TITHE',
      TransAmount: '750.00',
      MSISDN: '254712345678',
      FirstName: AMINA.firstName,
      MiddleName: 'W',
      LastName: AMINA.lastName,
    });
    expect(tithe.income_id).not.toBeNull();
    // Waiting for an account, her number hashed (national form).
    const waiting = await pays(church, { BillRefNumber: 'GIFT', TransAmount: '200.00', MSISDN: sha256('0712345678'), FirstName: AMINA.firstName, LastName: '' });
    const barakaWaiting = await pays(church, {
      BillRefNumber: 'GIFT',
      TransAmount: '300.00',
      MSISDN: '254722000111',
      FirstName: BARAKA.firstName,
      LastName: BARAKA.lastName,
    });
    // Linked to her with no number (a hidden payer a treasurer linked).
    const hidden = await typedIncome('Mpesa', 'Payer', '0733 999 888', '250.00');
    await t.db.updateTable('incomes').set({ member_id: amina.id, phone: '' }).where('id', '=', hidden.id).execute();

    const sent = await m.sent(church, m.typed('0712 345 678, 0722 000 111', '{firstName}, service at 10am'));
    await m.setState(church, { sendId: sent.id }, 'sent');
    const scheduled = await m.sent(church, { recipient_type: 'Group', group: groupId, textmessage: 'Choir on Sunday', send_at: nairobiLocal(2) });
    expect(scheduled).toMatchObject({ queued: 2, units: 2 });
    await t.db.insertInto('sms_opt_outs').values({ tenant_id: church.id, phone: AMINA.phone, source: 'reply' }).execute();
    await t.db.insertInto('ledger_periods').values({ tenant_id: church.id, month: '2026-03-01', closed: true, closed_at: new Date() }).execute();

    return { church, amina, barakaId, groupId, incomes: { aminaCash, barakaCash, hidden }, payments: { tithe, waiting, barakaWaiting }, scheduled };
  }

  it("replaces her data everywhere it is stored, keeps the books' totals, and logs that it happened, not what was erased", async () => {
    const { church, amina, barakaId, groupId, incomes, payments, scheduled } = await partnerWithAmina();
    const totalsBefore = await incomeTotals(church.id);
    const balanceBefore = await m.balance(church);
    const eventsBefore = await t.db
      .selectFrom('activity_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('tenant_id', '=', church.id)
      .executeTakeFirstOrThrow();
    expect(await storedText(church.id)).toContain(AMINA.firstName);

    const response = await erase(church, amina.id);
    expect(response.statusCode).toBe(200);
    expect(response.json<unknown>()).toEqual({ status_msg: ERASED });

    // The contact: anonymous, archived for good, out of the list and its group.
    const { member } = await get<{ member: Member }>(church, `member/${amina.id}`);
    expect(member).toMatchObject({
      firstName: 'Erased',
      lastName: 'contact',
      phone: `erased:${amina.id}`,
      email: '',
      residence: '',
      gender: '',
      erased: true,
      archivedAt: expect.any(String),
    });
    expect((await get<MembersResponse>(church, 'member')).members.map((row) => row.id)).toEqual([barakaId]);
    expect((await get<MembersResponse>(church, 'member?archived=only')).members.map((row) => row.id)).toEqual([amina.id]);
    expect((await get<MembersResponse>(church, 'member?archived=only&searchKey=aminata')).total).toBe(0);
    expect(await t.db.selectFrom('group_members').select('member_id').where('tenant_id', '=', church.id).where('group_id', '=', groupId).execute()).toEqual([
      { member_id: barakaId },
    ]);

    // Her incomes: anonymous, every amount, account and date as it was; Baraka's untouched.
    const theirs = await t.db
      .selectFrom('incomes')
      .select(['id', 'first_name', 'last_name', 'phone', 'member_id', 'amount'])
      .where('tenant_id', '=', church.id)
      .orderBy('id')
      .execute();
    const mpesaIncomeId = payments.tithe.income_id!;
    expect(theirs).toEqual(
      expect.arrayContaining([
        { id: incomes.aminaCash.id, first_name: 'Erased', last_name: 'contact', phone: '', member_id: null, amount: '1000.00' },
        { id: mpesaIncomeId, first_name: 'Erased', last_name: 'contact', phone: '', member_id: amina.id, amount: '750.00' },
        { id: incomes.hidden.id, first_name: 'Erased', last_name: 'contact', phone: '', member_id: amina.id, amount: '250.00' },
        { id: incomes.barakaCash.id, first_name: BARAKA.firstName, last_name: BARAKA.lastName, phone: BARAKA.phone, member_id: null, amount: '500.00' },
      ]),
    );
    expect(await incomeTotals(church.id)).toEqual(totalsBefore);
    expect((await get<{ incomes: Income[] }>(church, 'income?searchKey=aminata')).incomes).toEqual([]);

    // Her M-Pesa payments (allocated, and waiting with her number hashed) lose payer fields; Baraka's keep them.
    const payments_ = await t.db
      .selectFrom('online_transactions')
      .select(['id', 'msisdn', 'first_name', 'last_name', 'amount'])
      .where('tenant_id', '=', church.id)
      .execute();
    expect(payments_).toEqual(
      expect.arrayContaining([
        { id: payments.tithe.id, msisdn: '', first_name: '', last_name: '', amount: '750.00' },
        { id: payments.waiting.id, msisdn: '', first_name: '', last_name: '', amount: '200.00' },
        { id: payments.barakaWaiting.id, msisdn: '254722000111', first_name: BARAKA.firstName, last_name: BARAKA.lastName, amount: '300.00' },
      ]),
    );
    const callbacks = await t.db.selectFrom('mpesa_callbacks').select(['trans_id', 'body']).where('tenant_id', '=', church.id).execute();
    const bodyOf = (trans: string) => JSON.parse(callbacks.find((callback) => callback.trans_id === trans)!.body) as Record<string, string>;
    expect(bodyOf(payments.tithe.trans_id)).toMatchObject({ MSISDN: '', FirstName: '', MiddleName: '', LastName: '', TransAmount: '750.00', BillRefNumber: 'TITHE' });
    expect(bodyOf(payments.barakaWaiting.trans_id)).toMatchObject({ MSISDN: '254722000111', FirstName: BARAKA.firstName });

    // Messages to her: number and text replaced; the scheduled one cancelled, its unit given back; Baraka's as they were.
    const messages = await t.db
      .selectFrom('notifications')
      .select(['send_id', 'recipient', 'message', 'state', 'member_id'])
      .where('tenant_id', '=', church.id)
      .execute();
    const toHer = messages.filter((message) => message.member_id === amina.id);
    expect(toHer).toHaveLength(2);
    expect(toHer.every((message) => message.recipient === `erased:${amina.id}` && message.message === '')).toBe(true);
    expect(toHer.find((message) => message.send_id === scheduled.id)?.state).toBe('cancelled');
    expect(
      messages
        .filter((message) => message.member_id === barakaId)
        .map((message) => message.message)
        .sort(),
    ).toEqual(['Baraka, service at 10am', 'Choir on Sunday']);
    expect(await m.balance(church)).toBe(balanceBefore + 1);

    // The log: every event stays, one `erase` more with the reason only; her values are gone, Baraka's kept.
    const eventsAfter = await t.db
      .selectFrom('activity_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('tenant_id', '=', church.id)
      .executeTakeFirstOrThrow();
    expect(eventsAfter.n).toBe(eventsBefore.n + 1);
    const erasure = await t.db
      .selectFrom('activity_events')
      .select(['id', 'action', 'entity', 'entity_id', 'changes', 'details', 'actor_type'])
      .where('tenant_id', '=', church.id)
      .where('action', '=', 'erase')
      .executeTakeFirstOrThrow();
    expect(erasure).toMatchObject({
      entity: 'contact',
      entity_id: String(amina.id),
      changes: [],
      details: { reason: 'Asked by letter of 3 March 2026, ref. DPA-7' },
      actor_type: 'staff',
    });
    expect(await t.db.selectFrom('activity_personal_values').select('event_id').where('tenant_id', '=', church.id).where('event_id', '=', erasure.id).execute()).toEqual(
      [],
    );

    const history = await get<ActivityList>(church, `member/${amina.id}/activity`);
    expect(history.activity.map((entry) => entry.action)).toEqual(['erase', 'update', 'create']);
    const [, update, create] = history.activity;
    expect(update!.changes).toEqual([{ field: 'email', old: null, new: null, erased: true }]);
    expect(create!.changes).toEqual(
      expect.arrayContaining([
        { field: 'firstName', old: null, new: null, erased: true },
        { field: 'phone', old: null, new: null, erased: true },
        { field: 'residence', old: null, new: null, erased: true },
        { field: 'gender', old: null, new: 'F' },
      ]),
    );
    const cashHistory = await get<ActivityList>(church, `income/${incomes.aminaCash.id}/activity`);
    expect(cashHistory.activity.flatMap((entry) => entry.changes).filter((change) => change.field === 'firstName')).toEqual([
      { field: 'firstName', old: null, new: null, erased: true },
    ]);
    const barakaHistory = await get<ActivityList>(church, `member/${barakaId}/activity`);
    expect(barakaHistory.activity[0]!.changes).toEqual(expect.arrayContaining([{ field: 'firstName', old: null, new: BARAKA.firstName }]));

    // Nothing of hers is left in any table that held it; her opt-out stays, so she is never messaged again.
    const stored = await storedText(church.id);
    for (const trace of AMINA_TRACES) expect({ trace, found: stored.toLowerCase().includes(trace.toLowerCase()) }).toEqual({ trace, found: false });
    expect(stored).toContain(BARAKA.firstName);
    expect(await t.db.selectFrom('sms_opt_outs').select('phone').where('tenant_id', '=', church.id).execute()).toEqual([{ phone: AMINA.phone }]);
  });

  it("clears what a church keeps of them, takes them out of their household, and deletes the imports' record of them", async () => {
    const church = await t.newTenant('Erasure');
    const person = (extra: object) => ({ lastName: 'Kamau', gender: 'F', residence: 'Ruiru', ...extra });
    const created = async (payload: object) => {
      const response = await post(church, 'member', payload);
      expect(response.statusCode).toBe(201);
      return response.json<MemberSaveResponse>().member;
    };
    const amina = await created(
      person({ firstName: 'Amina', mobile: '0712 000 001', dateOfBirth: '1979-06-02', membershipStatus: 'member', maritalStatus: 'married', externalId: 'PCO-1' }),
    );
    const joseph = await created(person({ firstName: 'Joseph', gender: 'M', mobile: '0712 000 002', membershipStatus: 'member', externalId: 'PCO-2' }));
    const household = await t.db.insertInto('households').values({ tenant_id: church.id, name: 'Kamau family' }).returning('id').executeTakeFirstOrThrow();
    await t.db
      .insertInto('household_members')
      .values([
        { tenant_id: church.id, household_id: household.id, member_id: joseph.id, role: 'head' },
        { tenant_id: church.id, household_id: household.id, member_id: amina.id, role: 'spouse' },
      ])
      .execute();
    const batch = await t.db.insertInto('contact_import_batches').values({ tenant_id: church.id, created: 1, updated: 1 }).returning('id').executeTakeFirstOrThrow();
    await t.db
      .insertInto('contact_import_changes')
      .values([
        {
          tenant_id: church.id,
          batch_id: batch.id,
          member_id: amina.id,
          kind: 'updated',
          after: JSON.stringify({ mobile: '+254712000001' }),
          before: JSON.stringify({ mobile: '+254712999999' }),
        },
        { tenant_id: church.id, batch_id: batch.id, member_id: joseph.id, kind: 'created', after: JSON.stringify({ firstName: 'Joseph' }) },
      ])
      .execute();

    expect((await erase(church, amina.id)).statusCode).toBe(200);

    const { member } = await get<{ member: Member }>(church, `member/${amina.id}`);
    expect(member).toMatchObject({
      gender: '',
      residence: '',
      dateOfBirth: null,
      membershipStatus: '',
      maritalStatus: '',
      externalId: '',
      household: null,
      erased: true,
    });
    const stored = await t.db
      .selectFrom('members')
      .select(['gender', 'date_of_birth', 'membership_status', 'marital_status', 'external_id'])
      .where('tenant_id', '=', church.id)
      .where('id', '=', amina.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ gender: '', date_of_birth: null, membership_status: '', marital_status: '', external_id: null });
    // The household and its head stay; the household is changed (a screen opened before cannot save her back).
    expect(await t.db.selectFrom('household_members').select(['member_id', 'role']).where('tenant_id', '=', church.id).execute()).toEqual([
      { member_id: joseph.id, role: 'head' },
    ]);
    expect(await t.db.selectFrom('households').select(['name', 'version']).where('tenant_id', '=', church.id).execute()).toEqual([{ name: 'Kamau family', version: 2 }]);
    expect((await get<{ member: Member }>(church, `member/${joseph.id}`)).member).toMatchObject({
      household: { id: household.id, name: 'Kamau family', role: 'head' },
      membershipStatus: 'member',
      externalId: 'PCO-2',
    });
    // The import's values of her are gone; the batch and Joseph's are kept.
    expect(await t.db.selectFrom('contact_import_changes').select('member_id').where('tenant_id', '=', church.id).execute()).toEqual([{ member_id: joseph.id }]);
    expect(await t.db.selectFrom('contact_import_batches').select(['created', 'updated']).where('tenant_id', '=', church.id).execute()).toEqual([
      { created: 1, updated: 1 },
    ]);
    // Her external id names nobody now: another contact may have it.
    expect((await created(person({ firstName: 'Neema', mobile: '0712 000 003', externalId: 'PCO-1' }))).externalId).toBe('PCO-1');
    // The log named her date of birth and external id as personal values: gone with her, the statuses kept.
    const history = await get<ActivityList>(church, `member/${amina.id}/activity`);
    expect(history.activity.map((entry) => entry.action)).toEqual(['erase', 'create']);
    expect(history.activity[1]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'dateOfBirth', old: null, new: null, erased: true },
        { field: 'externalId', old: null, new: null, erased: true },
        { field: 'membershipStatus', old: null, new: 'member' },
      ]),
    );
    const events = await t.db
      .selectFrom('activity_events')
      .select(sql<string>`changes::text`.as('changes'))
      .where('tenant_id', '=', church.id)
      .execute();
    for (const trace of ['1979-06-02', 'PCO-1"']) expect(events.some((event) => event.changes.includes(trace))).toBe(false);
  });

  it('is final: an erased contact cannot be erased again, restored, edited or archived', async () => {
    const church = await t.newTenant('Erasure');
    const amina = (
      await post(church, 'member', { firstName: 'Amina', lastName: 'Wanjiru', gender: 'F', mobile: '0712 000 001', residence: 'Ruiru' })
    ).json<MemberSaveResponse>().member;
    expect((await erase(church, amina.id)).statusCode).toBe(200);

    expectFailure(await erase(church, amina.id), 409, ALREADY_ERASED);
    expectFailure(await post(church, `member/${amina.id}/restore`), 409, ERASED_FOR_GOOD);
    expectFailure(await post(church, `member/${amina.id}/archive`), 409, ERASED_FOR_GOOD);
    expectFailure(
      await t.as(church, {
        method: 'PUT',
        url: `/api/v2/member/${amina.id}`,
        payload: { firstName: 'Amina', lastName: 'Wanjiru', gender: 'F', mobile: '0712 000 001', residence: 'Ruiru', email: '' },
      }),
      409,
      ERASED_FOR_GOOD,
    );
    // Her number is free again: a new contact may have it.
    expect((await post(church, 'member', { firstName: 'Neema', lastName: 'Achieng', gender: 'F', mobile: '0712 000 001', residence: 'Ruiru' })).statusCode).toBe(201);
    const erasures = await t.db.selectFrom('activity_events').select('action').where('tenant_id', '=', church.id).where('entity', '=', 'contact').execute();
    expect(erasures.map((event) => event.action).sort()).toEqual(['create', 'create', 'erase']);
  });

  it('is for owners only, with a reason; a refusal changes nothing and writes nothing', async () => {
    const church = await t.newTenant('Erasure');
    const other = await t.newTenant('Other');
    const amina = (
      await post(church, 'member', { firstName: 'Amina', lastName: 'Wanjiru', gender: 'F', mobile: '0712 000 001', residence: 'Ruiru' })
    ).json<MemberSaveResponse>().member;
    const eventsBefore = await t.db.selectFrom('activity_events').select('id').where('tenant_id', '=', church.id).where('area', '=', 'contacts').execute();

    for (const role of ['administrator', 'treasurer', 'secretary', 'viewer'] as const) {
      expectFailure(await erase(await staffWith(church, role), amina.id), 403, noPermissionText('contacts.erase'));
    }
    expectFailure(await erase(church, amina.id, {}), 400, 'Erasure reason is required');
    expectFailure(await erase(church, amina.id, { reason: '   ' }), 400, 'Erasure reason is required');
    expectFailure(await erase(church, amina.id, { reason: 'x'.repeat(201) }), 400, 'Erasure reason must be at most 200 characters');
    expectFailure(await erase(other, amina.id), 404, 'Contact not found');
    expectFailure(await erase(church, 2_000_000_000), 404, 'Contact not found');

    expect((await get<{ member: Member }>(church, `member/${amina.id}`)).member).toEqual(amina);
    expect(await t.db.selectFrom('activity_events').select('id').where('tenant_id', '=', church.id).where('area', '=', 'contacts').execute()).toEqual(eventsBefore);
  });
});
