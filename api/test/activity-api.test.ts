import { sql } from 'kysely';
import { noPermissionText, type ActivityEntry, type ActivityList, type LoginResponse, type Role } from '@ushirika/shared/contract';
import { gatewayActor, SYSTEM_ACTOR, writeActivity } from '../src/activity/record';
import { createUser } from '../src/partners/queries';
import { TEST_PASSWORD, useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { expectFailure } from './support/expect';

/*
 * Seeing the activity log (issue 26.2): GET /activity and /activity.csv with their filters, paging and the
 * treasurer's finance-only view; personal values shown, and told as erased once a person's erasure removed them;
 * each CRUD record's own history. The events are written by the real routes (the CRUD factory's create and
 * update), and by writeActivity for the product's own writers; events of other days are inserted with their instant.
 */
describe.each(testDatabases)('the activity log on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  /** The owner who makes the changes, a treasurer and a secretary of the same partner, and another partner. */
  let owner: Tenant;
  let ownerId: number;
  let treasurer: Tenant;
  let secretary: Tenant;
  let other: Tenant;
  let account: { id: number };
  let income: { id: number };
  let groupType: { id: number };

  const get = (who: Tenant, url: string) => t.as(who, { method: 'GET', url: `/api/v2/${url}` });
  const activity = async (who: Tenant, query = '') => {
    const response = await get(who, `activity${query}`);
    expect({ status: response.statusCode, body: response.statusCode === 200 ? 'ok' : response.json() }).toEqual({ status: 200, body: 'ok' });
    return response.json<ActivityList>();
  };
  const created = async <T>(url: string, payload: object, key: string): Promise<T> => {
    const response = await t.as(owner, { method: 'POST', url: `/api/v2/${url}`, payload });
    expect({ url, status: response.statusCode }).toEqual({ url, status: 201 });
    return response.json<Record<string, T>>()[key]!;
  };

  async function staffOf(tenant: Tenant, role: Role, name: string): Promise<Tenant> {
    const email = `${role}.${Date.now()}.${Math.random().toString(36).slice(2)}@example.test`;
    await createUser(t.db, { partnerId: tenant.id, email, password: TEST_PASSWORD, firstName: name, lastName: role, roles: [role] });
    const login = await t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(200);
    return { id: tenant.id, email, auth: `Bearer ${login.json<LoginResponse>().access_token}` };
  }

  /**
   * How many events the partner's log holds (of an area, of a staff member): the other writers (sign-ins among
   * them) add events of their own, so the answers are compared with the table.
   */
  async function stored(tenantId: number, where: { area?: string; userId?: number } = {}): Promise<number> {
    let query = t.db
      .selectFrom('activity_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('tenant_id', '=', tenantId);
    if (where.area) query = query.where('area', '=', where.area as never);
    if (where.userId) query = query.where('user_id', '=', where.userId);
    return (await query.executeTakeFirstOrThrow()).n;
  }

  /** An event of another day (the writers stamp now()): inserted as writeActivity would, with its instant. */
  async function eventAt(tenantId: number, at: string, action: string, entity: string, entityId: string | null) {
    await sql`
      insert into activity_events (tenant_id, at, actor_type, user_id, address, action, area, entity, entity_id, changes, details)
      values (${tenantId}::int, ${at}::timestamptz, 'system', null, null, ${action}, 'messaging', ${entity}, ${entityId}, '[]'::jsonb, '{"sent": 3}'::jsonb)`.execute(
      t.db,
    );
  }

  beforeAll(async () => {
    t = testApp();
    owner = await t.newTenant('Activity');
    ownerId = (await t.db.selectFrom('users').select('id').where('email', '=', owner.email).executeTakeFirstOrThrow()).id;
    await t.db.updateTable('users').set({ first_name: 'Amina', last_name: 'Wanjiru' }).where('id', '=', ownerId).execute();
    treasurer = await staffOf(owner, 'treasurer', 'Peter');
    secretary = await staffOf(owner, 'secretary', 'Grace');
    other = await t.newTenant('Elsewhere');

    // Through the routes: finance (an account created and renamed, an income with its payer's name and phone) and groups.
    account = await created('account', { accountName: 'Tithe', accountType: 'CR', parentId: 0 }, 'account');
    const renamed = await t.as(owner, { method: 'PUT', url: `/api/v2/account/${account.id}`, payload: { accountName: 'Tithes', accountType: 'CR', parentId: 0 } });
    expect(renamed.statusCode).toBe(200);
    income = await created(
      'income',
      {
        firstname: 'Jane',
        lastname: 'Wanjiku',
        phone: '0712 345 678',
        amount: '1250.00',
        account: account.id,
        mode: 'CASH',
        dateOfTransaction: '2026-03-01',
        paymentFor: 'Tithe',
        reference: 'Envelope 12',
        sendMessage: false,
      },
      'income',
    );
    groupType = await created('group_types', { name: 'Fellowship', description: 'Small groups' }, 'group_type');
    // The product's own writers, in a transaction as they write.
    await t.db.transaction().execute(async (trx) => {
      await writeActivity(trx, owner.id, gatewayActor('mpesa', '196.201.214.200'), {
        action: 'receive',
        entity: 'mpesa_payment',
        entityId: 77,
        details: { outcome: 'waiting' },
      });
      await writeActivity(trx, owner.id, SYSTEM_ACTOR, { action: 'deliver', entity: 'message_send', entityId: 5, details: { sent: 2, failed: 0 } });
    });
    // Other days, around midnight in Nairobi (UTC+3), the partner's zone: 22:30 UTC on 1 March is 01:30 on 2 March there.
    await eventAt(owner.id, '2026-03-01T20:30:00Z', 'deliver', 'message_send', '1');
    await eventAt(owner.id, '2026-03-01T22:30:00Z', 'deliver', 'message_send', '2');
    await eventAt(owner.id, '2026-03-03T10:00:00Z', 'deliver', 'message_send', '3');
    // Another partner's events: never in this partner's answers.
    await t.as(other, { method: 'POST', url: '/api/v2/account', payload: { accountName: 'Other Tithe', accountType: 'CR', parentId: 0 } });
    await eventAt(other.id, '2026-03-01T21:00:00Z', 'deliver', 'message_send', '9');
  }, 120_000);

  it("lists the partner's events newest first with who, what and the fields that changed", async () => {
    const { activity: events, total } = await activity(owner, '?pagesize=100');
    expect(total).toBe(await stored(owner.id));
    expect(total).toBeGreaterThanOrEqual(9);
    expect(events).toHaveLength(total);
    const instants = events.map((event) => event.at);
    expect([...instants].sort().reverse()).toEqual(instants);
    const rename = events.find((event) => event.entity === 'account' && event.action === 'update')!;
    expect(rename).toMatchObject({
      actorType: 'staff',
      userId: ownerId,
      actorName: 'Amina Wanjiru',
      area: 'finance',
      entityId: String(account.id),
      changes: [{ field: 'name', old: 'Tithe', new: 'Tithes' }],
    });
    expect(rename.address).toEqual(expect.any(String));
    const mpesa = events.find((event) => event.actorType === 'mpesa')!;
    expect(mpesa).toMatchObject({
      userId: null,
      actorName: null,
      address: '196.201.214.200',
      action: 'receive',
      entity: 'mpesa_payment',
      entityId: '77',
      details: { outcome: 'waiting' },
    });
  });

  it('filters by person or kind of actor, area, record and dates, in the partner’s days', async () => {
    const byOwner = await activity(owner, `?pagesize=100&user=${ownerId}`);
    expect(byOwner.total).toBe(await stored(owner.id, { userId: ownerId }));
    expect(byOwner.activity.every((event) => event.userId === ownerId && event.actorName === 'Amina Wanjiru')).toBe(true);
    expect(byOwner.activity.filter((event) => event.area !== 'staff').map((event) => [event.entity, event.action])).toEqual([
      ['group_type', 'create'],
      ['income', 'create'],
      ['account', 'update'],
      ['account', 'create'],
    ]);
    expect((await activity(owner, '?user=mpesa')).activity.map((event) => event.entity)).toEqual(['mpesa_payment']);
    expect((await activity(owner, '?user=system&pagesize=100')).total).toBe(4);
    expect((await activity(owner, `?user=${ownerId + 1000}`)).total).toBe(0);

    const groups = await activity(owner, '?area=groups');
    expect(groups.activity.map((event) => [event.entity, event.action, event.entityId])).toEqual([['group_type', 'create', String(groupType.id)]]);

    const record = await activity(owner, `?entity=account&entityid=${account.id}`);
    expect(record.activity.map((event) => event.action)).toEqual(['update', 'create']);
    expect((await activity(owner, '?entity=income')).total).toBe(1);

    const sends = await activity(owner, '?entity=message_send&startdate=2026-01-01&enddate=2026-06-30');
    expect(sends.activity.map((event) => event.entityId)).toEqual(['3', '2', '1']);
    expect((await activity(owner, '?startdate=2026-03-02&enddate=2026-03-02')).activity.map((event) => event.entityId)).toEqual(['2']);
    expect((await activity(owner, '?startdate=2026-03-01&enddate=2026-03-01')).activity.map((event) => event.entityId)).toEqual(['1']);
    expect((await activity(owner, '?startdate=2026-03-02&enddate=2026-03-03')).activity.map((event) => event.entityId)).toEqual(['3', '2']);
  });

  it('refuses filters it does not know with a message naming them', async () => {
    expectFailure(await get(owner, 'activity?user=robot'), 400, "user must be a staff member's id or one of staff, mpesa, sms_gateway, system, ops");
    expect((await get(owner, 'activity?area=garden')).statusCode).toBe(400);
    expect((await get(owner, 'activity?entity=spaceship')).statusCode).toBe(400);
    expect((await get(owner, 'activity?startdate=yesterday')).statusCode).toBe(400);
  });

  it('pages like every list: the page asked for and the total of all', async () => {
    const total = await stored(owner.id);
    const pages = Math.ceil(total / 4);
    const ids: number[] = [];
    for (let page = 1; page <= pages; page += 1) {
      const answer = await activity(owner, `?page=${page}&pagesize=4`);
      expect({ page, total: answer.total, rows: answer.activity.length }).toEqual({ page, total, rows: page < pages ? 4 : total - 4 * (pages - 1) });
      ids.push(...answer.activity.map((event) => event.id));
    }
    expect(new Set(ids).size).toBe(total);
    expect((await activity(owner, '?pagesize=100')).activity.map((event) => event.id)).toEqual(ids);
    expect((await activity(owner, `?page=${pages + 1}&pagesize=4`)).activity).toEqual([]);
  });

  it('shows a treasurer the finance events only, and refuses her another area', async () => {
    const seen = await activity(treasurer, '?pagesize=100');
    const finance = await stored(owner.id, { area: 'finance' });
    expect(finance).toBeGreaterThanOrEqual(4);
    expect(seen.total).toBe(finance);
    expect(seen.activity.every((event) => event.area === 'finance')).toBe(true);
    expect((await activity(treasurer, '?area=finance&pagesize=100')).total).toBe(finance);
    expect((await activity(treasurer, `?entity=account&entityid=${account.id}`)).total).toBe(2);
    expectFailure(await get(treasurer, 'activity?area=groups'), 403, noPermissionText('activity.read'));
    expectFailure(await get(treasurer, 'activity?entity=group_type'), 403, noPermissionText('activity.read'));
    expectFailure(await get(treasurer, 'activity.csv?area=staff'), 403, noPermissionText('activity.read'));
  });

  it('refuses a secretary the log', async () => {
    expectFailure(await get(secretary, 'activity'), 403, noPermissionText('activity.finance'));
    expectFailure(await get(secretary, 'activity.csv'), 403, noPermissionText('activity.finance'));
  });

  it('exports the same filters as CSV, newest first, in the partner’s local time', async () => {
    const response = await get(owner, `activity.csv?entity=account&entityid=${account.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=activity-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('When (Africa/Nairobi),Who,Staff id,Address,Action,Area,Record,Record id,Changes,Details');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},Amina Wanjiru,${ownerId},[^,]*,update,finance,account,${account.id},name: Tithe -> Tithes,$`),
    );
    expect(lines[2]).toContain(',create,finance,account,');

    const dated = await get(owner, 'activity.csv?startdate=2026-03-02&enddate=2026-03-02');
    expect(
      dated.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n')
        .slice(1),
    ).toEqual(['2026-03-02 01:30:00,System,,,deliver,messaging,message_send,2,,sent: 3']);
    const finance = await get(treasurer, 'activity.csv');
    expect(finance.body).toContain(',finance,account,');
    expect(finance.body.split('\r\n').filter((line) => /,(groups|messaging|staff),/.test(line))).toEqual([]);
  });

  it('shows personal values, then tells them as erased once an erasure removed them', async () => {
    const history = async () => {
      const response = await get(owner, `income/${income.id}/activity`);
      expect(response.statusCode).toBe(200);
      return response.json<ActivityList>();
    };
    const [create] = (await history()).activity;
    const change = (entry: ActivityEntry, field: string) => entry.changes.find((c) => c.field === field);
    expect(create).toMatchObject({ action: 'create', entity: 'income', entityId: String(income.id), actorName: 'Amina Wanjiru' });
    expect(change(create!, 'firstName')).toEqual({ field: 'firstName', old: null, new: 'Jane' });
    expect(change(create!, 'phone')).toEqual({ field: 'phone', old: null, new: '+254712345678' });
    expect(change(create!, 'amount')).toEqual({ field: 'amount', old: null, new: '1250.00' });
    // The stored event itself holds no personal value: only the field's name.
    const stored = await t.db
      .selectFrom('activity_events')
      .select('changes')
      .where('tenant_id', '=', owner.id)
      .where('id', '=', String(create!.id))
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.changes)).not.toContain('Jane');

    // An erasure deletes the event's personal values (and never the event).
    await t.db.deleteFrom('activity_personal_values').where('tenant_id', '=', owner.id).where('event_id', '=', String(create!.id)).execute();
    const [erased] = (await history()).activity;
    expect(change(erased!, 'firstName')).toEqual({ field: 'firstName', old: null, new: null, erased: true });
    expect(change(erased!, 'phone')).toEqual({ field: 'phone', old: null, new: null, erased: true });
    expect(change(erased!, 'amount')).toEqual({ field: 'amount', old: null, new: '1250.00' });
    const csv = await get(owner, `activity.csv?entity=income&entityid=${income.id}`);
    expect(csv.body).toContain('firstName: erased');
    expect(csv.body).not.toContain('Jane');
  });

  it("never shows another partner's events", async () => {
    const mine = await activity(owner, '?pagesize=100');
    expect(mine.activity.some((event) => event.entityId === '9')).toBe(false);
    const theirs = await activity(other, '?pagesize=100');
    expect(theirs.total).toBe(await stored(other.id));
    expect(theirs.activity.filter((event) => event.area !== 'staff').map((event) => event.entity)).toEqual(['account', 'message_send']);
    const mineIds = new Set(mine.activity.map((event) => event.id));
    expect(theirs.activity.filter((event) => mineIds.has(event.id))).toEqual([]);
    expect((await get(other, 'activity.csv')).body).not.toContain('Amina');
  });

  it("answers each CRUD record's own history, and 404 for another partner's record", async () => {
    const accountHistory = await get(owner, `account/${account.id}/activity`);
    expect(accountHistory.statusCode).toBe(200);
    expect(accountHistory.json<ActivityList>().activity.map((event) => [event.action, event.entityId])).toEqual([
      ['update', String(account.id)],
      ['create', String(account.id)],
    ]);
    const paged = await get(owner, `account/${account.id}/activity?page=2&pagesize=1`);
    expect(paged.json<ActivityList>()).toMatchObject({ total: 2, activity: [{ action: 'create' }] });
    const typeHistory = await get(owner, `group_types/${groupType.id}/activity`);
    expect(typeHistory.json<ActivityList>().activity.map((event) => event.action)).toEqual(['create']);

    expect((await get(other, `account/${account.id}/activity`)).statusCode).toBe(404);
    expect((await get(other, `income/${income.id}/activity`)).statusCode).toBe(404);
    expect((await get(owner, 'account/999999/activity')).statusCode).toBe(404);
  });

  it('writes no event for reading the log', async () => {
    const count = async () =>
      (
        await t.db
          .selectFrom('activity_events')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('tenant_id', '=', owner.id)
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    await activity(owner);
    await get(owner, 'activity.csv');
    await get(owner, `account/${account.id}/activity`);
    expect(await count()).toBe(before);
  });
});
