import type { HouseholdSaveResponse, Notification } from '@ushirika/shared/contract';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { expectFailure } from './support/expect';
import { messagingClient } from './support/messaging';

/** The numbers a tenant's messages went to, and their texts, by number. */
const sent = (messages: Notification[]) => [...messages].sort((a, b) => a.recipient.localeCompare(b.recipient)).map((n) => [n.recipient, n.message, n.state]);

describe.each(testDatabases)('a group send once per household on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  let m: ReturnType<typeof messagingClient>;
  beforeAll(() => {
    t = testApp();
    m = messagingClient(t);
  });

  const household = async (tenant: Tenant, name: string, members: Array<[number, string]>) => {
    const response = await m.post(tenant, 'households', { name, members: members.map(([memberId, role]) => ({ memberId, role })) });
    expect({ status: response.statusCode, body: response.json<unknown>() }).toMatchObject({ status: 201 });
    return response.json<HouseholdSaveResponse>().household.id;
  };
  const groupSend = (group: number, extra: object = {}) => ({ recipient_type: 'Group', group, textmessage: 'Dear {firstName}, service at 10am', ...extra });

  /** The Otieno family (head, spouse, child), a single person, and Kamau (head of a household not in the group). */
  async function congregation() {
    const tenant = await m.tenantWith(50);
    const peter = await m.contact(tenant, 'Peter', 'Otieno', '0712000001');
    const grace = await m.contact(tenant, 'Grace', 'Otieno', '0712000002');
    const brian = await m.contact(tenant, 'Brian', 'Otieno', '0712000003');
    const amina = await m.contact(tenant, 'Amina', 'Wanjiru', '0712000004');
    await household(tenant, 'Otieno family', [
      [peter, 'head'],
      [grace, 'spouse'],
      [brian, 'child'],
    ]);
    return { tenant, peter, grace, brian, amina };
  }

  it('reaches the head once for the household and a single person as before: 2 messages, and the quote says 2', async () => {
    const { tenant, peter, grace, brian, amina } = await congregation();
    const group = await m.group(tenant, [peter, grace, brian, amina]);

    const quote = await m.quote(tenant, groupSend(group, { onePerHousehold: true }));
    const send = await m.sent(tenant, groupSend(group, { onePerHousehold: true }));

    expect(quote).toMatchObject({ recipients: 2, optedOut: 0, units: 2 });
    expect(send).toMatchObject({ queued: 2, optedOut: 0, units: 2, balance: 48 });
    expect(sent((await m.messages(tenant)).notifications)).toEqual([
      ['+254712000001', 'Dear Peter, service at 10am', 'queued'],
      ['+254712000004', 'Dear Amina, service at 10am', 'queued'],
    ]);
    const event = await t.db
      .selectFrom('activity_events')
      .select('details')
      .where('tenant_id', '=', tenant.id)
      .where('entity', '=', 'message_send')
      .executeTakeFirstOrThrow();
    expect(event.details).toMatchObject({ recipients: 2, queued: 2, onePerHousehold: true });
  });

  it('reaches every member without the choice, and ignores it for typed numbers', async () => {
    const { tenant, peter, grace, brian, amina } = await congregation();
    const group = await m.group(tenant, [peter, grace, brian, amina]);

    expect(await m.quote(tenant, groupSend(group))).toMatchObject({ recipients: 4 });
    expect(await m.quote(tenant, groupSend(group, { onePerHousehold: false }))).toMatchObject({ recipients: 4 });
    expect(await m.quote(tenant, m.typed('0712000002, 0712000003', 'Hello', { onePerHousehold: true }))).toMatchObject({ recipients: 2 });
    expect(await m.sent(tenant, m.typed('0712000002, 0712000003', 'Hello', { onePerHousehold: true }))).toMatchObject({ queued: 2 });
    expectFailure(await m.notifyMany(tenant, groupSend(group, { onePerHousehold: 'maybe' })), 400, 'One message per household must be true or false');
  });

  it('reaches the head when only other members are in the group, and All Contacts once per household', async () => {
    const { tenant, grace, brian } = await congregation();
    const group = await m.group(tenant, [grace, brian]);

    expect(await m.quote(tenant, groupSend(group, { onePerHousehold: true }))).toMatchObject({ recipients: 1 });
    expect(await m.quote(tenant, groupSend(0, { onePerHousehold: true }))).toMatchObject({ recipients: 2 });
    expect(await m.sent(tenant, groupSend(0, { onePerHousehold: true }))).toMatchObject({ queued: 2 });
    expect(sent((await m.messages(tenant)).notifications).map(([recipient]) => recipient)).toEqual(['+254712000001', '+254712000004']);
  });

  it('reaches the members themselves when their household has no head, or its head is archived or opted out', async () => {
    const tenant = await m.tenantWith(50);
    const [head, spouse, child, mother, son] = await Promise.all(
      ['0712000001', '0712000002', '0712000003', '0712000004', '0712000005'].map((phone, i) => m.contact(tenant, `Person${i}`, 'Otieno', phone)),
    );
    await household(tenant, 'Otieno family', [
      [head!, 'head'],
      [spouse!, 'spouse'],
      [child!, 'child'],
    ]);
    await household(tenant, 'Headless home', [
      [mother!, 'spouse'],
      [son!, 'child'],
    ]);
    const group = await m.group(tenant, [spouse!, child!, mother!, son!]);
    const reached = async () => (await m.quote(tenant, groupSend(group, { onePerHousehold: true }))).recipients;

    // The head for the Otieno family, each member of the household without a head.
    expect(await reached()).toBe(3);
    expect((await m.post(tenant, 'smsoptouts', { phone: '0712000001' })).statusCode).toBe(201);
    expect(await reached()).toBe(4);
    await t.db.deleteFrom('sms_opt_outs').where('tenant_id', '=', tenant.id).execute();
    expect(await reached()).toBe(3);
    expect((await m.post(tenant, `member/${head}/archive`, {})).statusCode).toBe(200);
    expect(await reached()).toBe(4);
    expect(await m.sent(tenant, groupSend(group, { onePerHousehold: true }))).toMatchObject({ queued: 4 });
  });

  it('never reaches an archived member, in a household or not', async () => {
    const { tenant, peter, grace, brian, amina } = await congregation();
    const group = await m.group(tenant, [grace, brian, amina]);
    expect((await m.post(tenant, `member/${amina}/archive`, {})).statusCode).toBe(200);
    expect((await m.post(tenant, `member/${peter}/archive`, {})).statusCode).toBe(200);
    expect((await m.post(tenant, `member/${grace}/archive`, {})).statusCode).toBe(200);

    // The head archived: the household's members in the group are reached themselves, the archived ones not at all.
    expect(await m.sent(tenant, groupSend(group, { onePerHousehold: true }))).toMatchObject({ queued: 1 });
    expect(sent((await m.messages(tenant)).notifications).map(([recipient]) => recipient)).toEqual(['+254712000003']);
    expect((await m.quote(tenant, groupSend(0, { onePerHousehold: true }))).recipients).toBe(1);
  });

  it('keeps a head in the group whose number opted out as an opted-out row, as before, and reaches the others themselves', async () => {
    const { tenant, peter, grace } = await congregation();
    const group = await m.group(tenant, [peter, grace]);
    expect((await m.post(tenant, 'smsoptouts', { phone: '0712000001' })).statusCode).toBe(201);

    // The head cannot be reached: each member is reached as themselves, the head's own row opted out as before.
    expect(await m.quote(tenant, groupSend(group, { onePerHousehold: true }))).toMatchObject({ recipients: 2, optedOut: 1, units: 1 });
    expect(await m.sent(tenant, groupSend(group, { onePerHousehold: true }))).toMatchObject({ queued: 1, optedOut: 1, units: 1 });
  });
});
