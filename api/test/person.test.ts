import type {
  Income,
  MemberSaveResponse,
  PersonGiving,
  PersonGroups,
  PersonMeetings,
  PersonMessages,
  PersonPayments,
  Role,
  SaveResponse,
  LoginResponse,
} from '@ushirika/shared/contract';
import type { LightMyRequestResponse } from 'fastify';
import { createUser } from '../src/partners/queries';
import { TEST_PASSWORD, useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { partnerDay } from './support/days';
import { expectFailure } from './support/expect';
import { messagingClient } from './support/messaging';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The person's page (issue 28.1): GET /member/{id}/giving, /payments, /groups, /messages and /meetings show that
 * contact's records only, to the partner's staff whose role reads that area; another partner's contact is 404.
 */
describe.each(testDatabases)("a person's page (/member/{id}/...) on %s", (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  let m: ReturnType<typeof messagingClient>;
  beforeAll(() => {
    t = testApp();
    m = messagingClient(t);
  });

  const api = (tenant: Tenant, method: 'GET' | 'POST', path: string, payload?: object) =>
    t.as(tenant, { method, url: `/api/v2/${path}`, ...(payload ? { payload } : {}) });
  async function ok<T>(response: LightMyRequestResponse | Promise<LightMyRequestResponse>, status = 200): Promise<T> {
    const answer = await response;
    if (answer.statusCode !== status) throw new Error(`${answer.statusCode} (not ${status}): ${answer.body}`);
    return answer.json<T>();
  }

  const contact = async (tenant: Tenant, firstName: string, mobile: string) =>
    (await ok<MemberSaveResponse>(api(tenant, 'POST', 'member', { firstName, lastName: 'Wanjiru', gender: 'F', mobile, residence: 'Kasarani' }), 201)).member;
  const account = async (tenant: Tenant, accountName = 'Tithes') =>
    (await ok<SaveResponse<'account', { id: number }>>(api(tenant, 'POST', 'account', { accountName, accountType: 'CR', parentId: 0 }), 201)).account.id;
  /** An income recorded through the form, then linked to `memberId` as the form's contact picker links it. */
  const income = async (tenant: Tenant, accountId: number, amount: string, dateOfTransaction: string, memberId: number | null) => {
    const saved = (
      await ok<SaveResponse<'income', Income>>(
        api(tenant, 'POST', 'income', {
          firstname: 'Amina',
          lastname: 'Wanjiru',
          phone: '0712 345 678',
          amount,
          account: accountId,
          mode: 'CASH',
          dateOfTransaction,
          paymentFor: 'Tithe',
          reference: 'Envelope 12',
          sendMessage: false,
        }),
        201,
      )
    ).income;
    if (memberId !== null) await t.db.updateTable('incomes').set({ member_id: memberId }).where('id', '=', saved.id).execute();
    return saved.id;
  };
  const giving = (tenant: Tenant, memberId: number, query = '') => ok<PersonGiving>(api(tenant, 'GET', `member/${memberId}/giving${query}`));

  /** A staff member of the tenant's partner with only `role`, signed in. */
  async function staff(tenant: Tenant, role: Role): Promise<Tenant> {
    const email = `${role}.${Date.now()}.${Math.random().toString(16).slice(2)}@example.test`;
    await createUser(t.db, { partnerId: tenant.id, email, password: TEST_PASSWORD, firstName: 'Staff', lastName: role, roles: [role] });
    const login = await t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(200);
    return { id: tenant.id, email, auth: `Bearer ${login.json<LoginResponse>().access_token}` };
  }

  const thisYear = Number(partnerDay().slice(0, 4));

  describe('giving', () => {
    it("lists the contact's linked incomes only, latest first, with this year's and last year's exact totals", async () => {
      const tenant = await t.newTenant();
      const amina = await contact(tenant, 'Amina', '0712 345 678');
      const baraka = await contact(tenant, 'Baraka', '0722 000 111');
      const tithes = await account(tenant);
      const first = await income(tenant, tithes, '1000.10', `${thisYear}-01-01`, amina.id);
      const second = await income(tenant, tithes, '0.20', partnerDay(), amina.id);
      const lastYear = await income(tenant, tithes, '300.05', `${thisYear - 1}-12-31`, amina.id);
      await income(tenant, tithes, '7.00', `${thisYear - 2}-06-30`, amina.id);
      await income(tenant, tithes, '999.00', partnerDay(), baraka.id);
      await income(tenant, tithes, '50.00', partnerDay(), null);

      const answer = await giving(tenant, amina.id);

      expect(answer.total).toBe(4);
      expect(answer.incomes.map((row) => row.id)).toEqual([second, first, lastYear, expect.any(Number)]);
      expect(answer.incomes.every((row) => row.MemberId === amina.id)).toBe(true);
      expect(answer.incomes[0]).toMatchObject({ amount: '0.20', Member: { firstName: 'Amina', lastName: 'Wanjiru', phone: '+254712345678' }, status: 'posted' });
      expect({ thisYear: answer.thisYear, lastYear: answer.lastYear }).toEqual({ thisYear: '1000.30', lastYear: '300.05' });
      expect(await giving(tenant, baraka.id)).toMatchObject({ total: 1, thisYear: '999.00', lastYear: '0.00' });
    });

    it('pages with the standard list query', async () => {
      const tenant = await t.newTenant();
      const amina = await contact(tenant, 'Amina', '0712 345 678');
      const tithes = await account(tenant);
      const ids: number[] = [];
      for (const day of ['01', '02', '03']) ids.push(await income(tenant, tithes, '10.00', `${thisYear}-01-${day}`, amina.id));

      const second = await giving(tenant, amina.id, '?page=2&pagesize=2');

      expect(second.total).toBe(3);
      expect(second.incomes.map((row) => row.id)).toEqual([ids[0]]);
      expect(second.thisYear).toBe('30.00');
      expectFailure(await api(tenant, 'GET', `member/${amina.id}/giving?page=0`), 400, 'page must be a whole number from 1');
    });

    it('nets a reversed income out of the totals and lists both entries', async () => {
      const tenant = await t.newTenant();
      const amina = await contact(tenant, 'Amina', '0712 345 678');
      const tithes = await account(tenant);
      const kept = await income(tenant, tithes, '500.00', partnerDay(), amina.id);
      const wrong = await income(tenant, tithes, '1250.50', partnerDay(), amina.id);
      await ok(api(tenant, 'POST', `income/${wrong}/reverse`, { reason: 'Counted twice' }));

      const answer = await giving(tenant, amina.id);

      expect(answer.thisYear).toBe('500.00');
      expect(answer.total).toBe(3);
      expect(answer.incomes.map((row) => [row.amount, row.status])).toEqual(
        expect.arrayContaining([
          ['500.00', 'posted'],
          ['1250.50', 'reversed'],
          ['-1250.50', 'reversal'],
        ]),
      );
      expect(answer.incomes.find((row) => row.id === kept)?.status).toBe('posted');
    });

    it("answers 0.00 for a contact with no giving, and 404 for another partner's contact or none", async () => {
      const tenant = await t.newTenant();
      const stranger = await t.newTenant();
      const amina = await contact(tenant, 'Amina', '0712 345 678');
      await income(tenant, await account(tenant), '80.00', partnerDay(), amina.id);

      for (const section of ['giving', 'payments', 'groups', 'messages', 'meetings']) {
        expectFailure(await api(stranger, 'GET', `member/${amina.id}/${section}`), 404, 'Contact not found');
        expectFailure(await api(tenant, 'GET', `member/99999999/${section}`), 404, 'Contact not found');
        expectFailure(await api(tenant, 'GET', `member/abc/${section}`), 404, 'Contact not found');
      }
      const fresh = await contact(tenant, 'Baraka', '0722 000 111');
      expect(await giving(tenant, fresh.id)).toEqual({ incomes: [], total: 0, thisYear: '0.00', lastYear: '0.00' });
    });
  });

  describe('payments', () => {
    it('lists the M-Pesa payments whose income is linked to the contact, latest first', async () => {
      const tenant = await t.newTenant();
      const amina = await contact(tenant, 'Amina', '0712 345 678');
      const baraka = await contact(tenant, 'Baraka', '0722 000 111');
      const tithes = await account(tenant);
      const payment = async (transId: string, at: string, incomeId: number | null) => {
        const { id } = await t.db
          .insertInto('online_transactions')
          .values({
            tenant_id: tenant.id,
            trans_id: transId,
            transaction_type: 'Pay Bill',
            trans_time: at,
            amount: '250.00',
            short_code: '600000',
            bill_ref: 'TITHE',
            msisdn: '254712345678',
            first_name: 'AMINA',
            account_id: incomeId === null ? null : tithes,
            income_id: incomeId,
            allocated_by: incomeId === null ? null : 'staff',
            allocated_at: incomeId === null ? null : new Date(),
            callback_id: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (incomeId !== null) await t.db.updateTable('incomes').set({ online_transaction_id: id }).where('id', '=', incomeId).execute();
        return id;
      };
      const older = await payment('QAA0000001', '2026-01-05T07:00:00Z', await income(tenant, tithes, '250.00', '2026-01-05', amina.id));
      const newer = await payment('QAA0000002', '2026-02-05T07:00:00Z', await income(tenant, tithes, '250.00', '2026-02-05', amina.id));
      await payment('QAA0000003', '2026-02-06T07:00:00Z', await income(tenant, tithes, '250.00', '2026-02-06', baraka.id));
      await payment('QAA0000004', '2026-02-07T07:00:00Z', null);

      const answer = await ok<PersonPayments>(api(tenant, 'GET', `member/${amina.id}/payments`));

      expect(answer.total).toBe(2);
      expect(answer.transactions.map((row) => row.id)).toEqual([newer, older]);
      expect(answer.transactions[0]).toMatchObject({ trxnid: 'QAA0000002', amount: '250.00', msisdn: '254712345678', Account: { name: 'Tithes' }, allocatedBy: 'staff' });
    });
  });

  describe('groups', () => {
    it('lists every group of the contact with its type and join date', async () => {
      const tenant = await t.newTenant();
      const amina = await contact(tenant, 'Amina', '0712 345 678');
      const baraka = await contact(tenant, 'Baraka', '0722 000 111');
      const type = (await ok<SaveResponse<'group_type', { id: number }>>(api(tenant, 'POST', 'group_types', { name: 'Fellowship', description: 'Fellowships' }), 201))
        .group_type;
      const group = async (name: string, members: number[]) => {
        const saved = (
          await ok<SaveResponse<'group', { id: number }>>(api(tenant, 'POST', 'groups', { groupType: type.id, name, description: `${name} group`, brandName: name }), 201)
        ).group;
        await ok(api(tenant, 'POST', 'groupmembers', { group: saved.id, selectedRecords: members.join(',') }));
        return saved.id;
      };
      const choir = await group('Choir', [amina.id, baraka.id]);
      const youth = await group('Youth', [amina.id]);
      await group('Elders', [baraka.id]);

      const answer = await ok<PersonGroups>(api(tenant, 'GET', `member/${amina.id}/groups`));

      expect(answer.groups).toEqual([
        { id: youth, name: 'Youth', groupType: 'Fellowship', joinedAt: expect.stringMatching(ISO_INSTANT) },
        { id: choir, name: 'Choir', groupType: 'Fellowship', joinedAt: expect.stringMatching(ISO_INSTANT) },
      ]);
    });
  });

  describe('messages', () => {
    it('lists the SMS sent to the contact, with their state', async () => {
      const tenant = await m.tenantWith(50);
      const amina = await contact(tenant, 'Amina', '0712 345 678');
      await contact(tenant, 'Baraka', '0722 000 111');
      await m.sent(tenant, m.typed('0712345678, 0722000111', 'Service at 10am'));
      await m.sent(tenant, m.typed('0722000111', 'Choir practice'));

      const answer = await ok<PersonMessages>(api(tenant, 'GET', `member/${amina.id}/messages`));

      expect(answer.total).toBe(1);
      expect(answer.notifications).toEqual([expect.objectContaining({ recipient: '+254712345678', message: 'Service at 10am', state: 'queued' })]);
    });
  });

  describe('meetings', () => {
    it('lists the meetings the contact was ticked present at, latest first', async () => {
      const tenant = await t.newTenant();
      const amina = await contact(tenant, 'Amina', '0712 345 678');
      const baraka = await contact(tenant, 'Baraka', '0722 000 111');
      const { id: typeId } = await t.db
        .insertInto('meeting_types')
        .values({ tenant_id: tenant.id, name: 'Sunday Service', description: '' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const meeting = async (date: string, attendees: number[]) => {
        const { id } = await t.db
          .insertInto('meetings')
          .values({
            tenant_id: tenant.id,
            meeting_type_id: typeId,
            date_of_meeting: date,
            start_time: '10:00',
            end_time: '12:00',
            actual_attendance: attendees.length,
            expected_attendance: 10,
            subject: `Service ${date}`,
            facilitator: '',
            speaker: '',
            total_offering: '0',
            notes: '',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (attendees.length > 0)
          await t.db
            .insertInto('meeting_attendees')
            .values(attendees.map((member_id) => ({ tenant_id: tenant.id, meeting_id: id, member_id })))
            .execute();
        return id;
      };
      const first = await meeting('2026-03-01', [amina.id, baraka.id]);
      await meeting('2026-03-08', [baraka.id]);
      const third = await meeting('2026-03-15', [amina.id]);

      const answer = await ok<PersonMeetings>(api(tenant, 'GET', `member/${amina.id}/meetings`));

      expect(answer.total).toBe(2);
      expect(answer.meetings.map((row) => [row.id, row.dateOfMeeting, row.subject])).toEqual([
        [third, '2026-03-15', 'Service 2026-03-15'],
        [first, '2026-03-01', 'Service 2026-03-01'],
      ]);
      expect(answer.meetings[0]).toMatchObject({ MeetingType: { name: 'Sunday Service' } });
    });
  });

  describe('permissions', () => {
    it('lets each role read the sections of its areas: a viewer sees groups and meetings, not giving, payments or messages', async () => {
      const tenant = await t.newTenant();
      const amina = await contact(tenant, 'Amina', '0712 345 678');
      const viewer = await staff(tenant, 'viewer');
      const clerk = await staff(tenant, 'finance_clerk');

      expectFailure(await api(viewer, 'GET', `member/${amina.id}/giving`), 403, 'You do not have permission to record income and expenses.');
      expect((await api(viewer, 'GET', `member/${amina.id}/payments`)).statusCode).toBe(403);
      expect((await api(viewer, 'GET', `member/${amina.id}/messages`)).statusCode).toBe(403);
      expect((await api(viewer, 'GET', `member/${amina.id}/groups`)).statusCode).toBe(200);
      expect((await api(viewer, 'GET', `member/${amina.id}/meetings`)).statusCode).toBe(200);
      expect((await api(clerk, 'GET', `member/${amina.id}/giving`)).statusCode).toBe(200);
    });
  });
});
