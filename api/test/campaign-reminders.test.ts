import {
  CAMPAIGN_CLOSED,
  CAMPAIGN_NOT_FOUND,
  NO_ONE_OWES,
  campaignRemindersPath,
  campaignRemindersQuotePath,
  type SendQuote,
  type SendResult,
} from '@ushirika/shared/contract';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { campaignFixtures } from './support/campaigns';
import { testDatabases } from './support/databases';
import { expectFailure } from './support/expect';
import { messagingClient } from './support/messaging';

/*
 * Pledge reminders (issue 30.4): POST /campaigns/{id}/reminders and its quote. Campaigns, pledges and payments are
 * written in SQL (support/campaigns.ts); contacts, groups and opt-outs through the API.
 */

const TEXT = 'Dear {firstName}, you pledged {pledged} to {campaign} and paid {paid}. Balance {balance}.';

describe.each(testDatabases)('campaign reminders on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  let m: ReturnType<typeof messagingClient>;
  let c: ReturnType<typeof campaignFixtures>;
  beforeAll(() => {
    t = testApp();
    m = messagingClient(t);
    c = campaignFixtures(t);
  });

  /** A partner with `units`, a campaign, and Amina (owes 1,500), Baraka (owes 1,500.50 of 2,000.50), Chebet (paid all), Dan (no pledge). */
  async function harambee(units = 20) {
    const tenant = await m.tenantWith(units);
    const { id, account } = await c.campaign(tenant);
    const amina = await m.contact(tenant, 'Amina', 'Wanjiru', '0711000001');
    const baraka = await m.contact(tenant, 'Baraka', 'Otieno', '0711000002');
    const chebet = await m.contact(tenant, 'Chebet', 'Kiprop', '0711000003');
    const dan = await m.contact(tenant, 'Dan', 'Mwangi', '0711000004');
    await c.pledge(tenant, id, amina, '1500');
    await c.pledge(tenant, id, baraka, '2000.50');
    await c.pledge(tenant, id, chebet, '1000');
    await c.pay(tenant, account, baraka, '500');
    await c.pay(tenant, account, chebet, '1000');
    await c.pay(tenant, account, dan, '300');
    return { tenant, id, account, amina, baraka, chebet, dan };
  }

  const quote = (tenant: Tenant, id: number, body: object) => t.as(tenant, { method: 'POST', url: `/api/v2/${campaignRemindersQuotePath(id)}`, payload: body });
  const send = (tenant: Tenant, id: number, body: object) => t.as(tenant, { method: 'POST', url: `/api/v2/${campaignRemindersPath(id)}`, payload: body });
  const events = (tenant: Tenant) =>
    t.db.selectFrom('activity_events').select(['action', 'entity', 'entity_id', 'details']).where('tenant_id', '=', tenant.id).where('action', '=', 'remind').execute();
  const sends = (tenant: Tenant) => t.db.selectFrom('message_sends').select(['recipient_type', 'group_id', 'message']).where('tenant_id', '=', tenant.id).execute();

  it("previews each owing contact's own figures, the partner's currency, exact amounts", async () => {
    const { tenant, id } = await harambee();

    const response = await quote(tenant, id, { message: TEXT });

    expect(response.statusCode).toBe(200);
    expect(response.json<SendQuote>()).toMatchObject({
      recipients: 2,
      optedOut: 0,
      invalid: [],
      duplicates: 0,
      personalised: true,
      units: 2,
      balance: 20,
      sample: [
        {
          recipient: '+254711000001',
          name: 'Amina Wanjiru',
          text: 'Dear Amina, you pledged KES 1,500 to Jengo Fund and paid KES 0. Balance KES 1,500.',
        },
        {
          recipient: '+254711000002',
          name: 'Baraka Otieno',
          text: 'Dear Baraka, you pledged KES 2,000.50 to Jengo Fund and paid KES 500. Balance KES 1,500.50.',
        },
      ],
    });
    expect(await sends(tenant)).toEqual([]);
  });

  it('queues one SMS per contact with a balance - not the fulfilled, not those without a pledge - charges them and records one event', async () => {
    const { tenant, id, amina } = await harambee();
    await t.db.updateTable('pledges').set({ pledged: '1234567.80' }).where('tenant_id', '=', tenant.id).where('member_id', '=', amina).execute();

    const response = await send(tenant, id, { message: TEXT });

    expect(response.statusCode).toBe(201);
    expect(response.json<SendResult>()).toEqual({
      status_msg: 'Message sent successfully!',
      send: { id: expect.any(Number), queued: 2, optedOut: 0, units: 2, balance: 18, scheduledFor: null },
    });
    const messages = (await m.messages(tenant)).notifications.sort((a, b) => a.recipient.localeCompare(b.recipient));
    expect(messages.map((n) => [n.recipient, n.message, n.state])).toEqual([
      ['+254711000001', 'Dear Amina, you pledged KES 1,234,567.80 to Jengo Fund and paid KES 0. Balance KES 1,234,567.80.', 'queued'],
      ['+254711000002', 'Dear Baraka, you pledged KES 2,000.50 to Jengo Fund and paid KES 500. Balance KES 1,500.50.', 'queued'],
    ]);
    expect(await sends(tenant)).toEqual([{ recipient_type: 'Typed', group_id: null, message: TEXT }]);
    expect(await events(tenant)).toEqual([
      {
        action: 'remind',
        entity: 'campaign',
        entity_id: String(id),
        details: { sendId: response.json<SendResult>().send.id, recipients: 2, queued: 2, optedOut: 0, units: 2 },
      },
    ]);
  });

  it("reminds only a chosen group's members with a balance, and refuses another partner's group", async () => {
    const { tenant, id, baraka, chebet, dan } = await harambee();
    const group = await m.group(tenant, [baraka, chebet, dan]);
    const other = await m.tenantWith(0);
    const theirs = await m.group(other, [await m.contact(other, 'Esther', 'Achieng', '0711000009')]);

    expect((await quote(tenant, id, { message: 'Hello {firstName}', group })).json<SendQuote>()).toMatchObject({ recipients: 1, sample: [{ text: 'Hello Baraka' }] });
    expectFailure(await send(tenant, id, { message: 'Hello {firstName}', group: theirs }), 400, 'Choose a group from the list');
    expect((await send(tenant, id, { message: 'Hello {firstName}', group })).statusCode).toBe(201);

    expect((await m.messages(tenant)).notifications.map((n) => n.message)).toEqual(['Hello Baraka']);
    expect(await sends(tenant)).toEqual([{ recipient_type: 'Group', group_id: group, message: 'Hello {firstName}' }]);
  });

  it('counts an opted-out number without charging it, and leaves archived contacts out', async () => {
    const { tenant, id, baraka } = await harambee();
    expect((await m.post(tenant, 'smsoptouts', { phone: '0711000001' })).statusCode).toBe(201);
    await t.db.updateTable('members').set({ archived_at: new Date() }).where('tenant_id', '=', tenant.id).where('id', '=', baraka).execute();
    const carol = await m.contact(tenant, 'Carol', 'Njeri', '0711000005');
    await c.pledge(tenant, id, carol, '700');

    expect((await quote(tenant, id, { message: TEXT })).json<SendQuote>()).toMatchObject({ recipients: 2, optedOut: 1, units: 1, sample: [{ name: 'Carol Njeri' }] });
    const response = await send(tenant, id, { message: TEXT });

    expect(response.json<SendResult>().send).toMatchObject({ queued: 1, optedOut: 1, units: 1, balance: 19 });
    const states = (await m.messages(tenant)).notifications.map((n) => [n.recipient, n.state]).sort();
    expect(states).toEqual([
      ['+254711000001', 'optedOut'],
      ['+254711000005', 'queued'],
    ]);
  });

  it('refuses a reminder the units do not cover, saving nothing', async () => {
    const { tenant, id } = await harambee(1);

    expectFailure(await send(tenant, id, { message: TEXT }), 400, 'Not enough SMS units: this message needs 2 and the balance is 1');

    expect((await m.messages(tenant)).total).toBe(0);
    expect(await sends(tenant)).toEqual([]);
    expect(await events(tenant)).toEqual([]);
    expect(await m.balance(tenant)).toBe(1);
  });

  it("refuses when no one owes, a closed campaign, another partner's campaign, and a bad message", async () => {
    const { tenant, id, account, amina, baraka } = await harambee();
    const other = await m.tenantWith(10);

    expectFailure(await quote(tenant, id, { message: 'H' }), 400, 'Message must be at least 2 characters');
    expectFailure(await quote(other, id, { message: TEXT }), 404, CAMPAIGN_NOT_FOUND);
    expectFailure(await send(other, id, { message: TEXT }), 404, CAMPAIGN_NOT_FOUND);
    await c.pay(tenant, account, amina, '1500');
    await c.pay(tenant, account, baraka, '1500.50');
    expectFailure(await quote(tenant, id, { message: TEXT }), 400, NO_ONE_OWES);
    expectFailure(await send(tenant, id, { message: TEXT }), 400, NO_ONE_OWES);
    await t.db.updateTable('campaigns').set({ status: 'closed' }).where('tenant_id', '=', tenant.id).where('id', '=', id).execute();
    expectFailure(await send(tenant, id, { message: TEXT }), 400, CAMPAIGN_CLOSED);
    expect((await m.messages(tenant)).total).toBe(0);
  });
});
