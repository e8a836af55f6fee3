import { PLEDGE_THANKS_DEFAULT_TEXT, PLEDGE_THANKS_PATH, type PledgeThanks, type StaleSave } from '@ushirika/shared/contract';
import { PledgeThanksWorker } from '../src/finance/campaigns/thanks-worker';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { campaignFixtures } from './support/campaigns';
import { testDatabases } from './support/databases';
import { messagingClient } from './support/messaging';

/*
 * The thank-you SMS of a fulfilled pledge (issue 30.4): GET/PUT /campaigns/thanks and the worker that sends it
 * (a pass at a time, `runOnce`). Campaigns, pledges and payments are written in SQL (support/campaigns.ts), as the
 * incomes trigger counts any writer's income alike (campaign-totals.test.ts).
 */

describe.each(testDatabases)('pledge thank-you messages on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  let m: ReturnType<typeof messagingClient>;
  let c: ReturnType<typeof campaignFixtures>;
  let worker: PledgeThanksWorker;
  beforeAll(() => {
    t = testApp();
    m = messagingClient(t);
    c = campaignFixtures(t);
    worker = new PledgeThanksWorker({ db: t.db });
  });

  /** A partner with `units`, a campaign over 2026 and Amina, who pledged 1,500 to it; what the tests use. */
  async function pledged(units = 10) {
    const tenant = await m.tenantWith(units);
    const campaign = await c.campaign(tenant);
    const amina = await m.contact(tenant, 'Amina', 'Wanjiru', '0711000001');
    const pledgeId = await c.pledge(tenant, campaign.id, amina, '1500');
    const pay = (amount: string) => c.pay(tenant, campaign.account, amina, amount, { firstName: 'Amina', lastName: 'Wanjiru', phone: '+254711000001' });
    return { tenant, amina, pledgeId, pay };
  }

  const messages = async (tenant: Tenant) => (await m.messages(tenant)).notifications.map((n) => [n.recipient, n.message, n.state]);
  const thankedAt = async (tenant: Tenant, pledgeId: number) =>
    (await t.db.selectFrom('pledges').select('thanked_at').where('tenant_id', '=', tenant.id).where('id', '=', pledgeId).executeTakeFirstOrThrow()).thanked_at;
  const thanks = (tenant: Tenant, method: 'GET' | 'PUT', payload?: object) =>
    t.as(tenant, { method, url: `/api/v2/${PLEDGE_THANKS_PATH}`, ...(payload ? { payload } : {}) });
  const events = (tenant: Tenant, entity: string) =>
    t.db
      .selectFrom('activity_events')
      .select(['action', 'actor_type', 'entity_id', 'details', 'changes'])
      .where('tenant_id', '=', tenant.id)
      .where('entity', '=', entity)
      .orderBy('id')
      .execute();

  it("thanks once when payments fulfil a pledge, with the product's text, as the system", async () => {
    const { tenant, pledgeId, pay } = await pledged();
    await pay('1000');
    await worker.runOnce();
    expect(await messages(tenant)).toEqual([]);

    await pay('500');
    await worker.runOnce();
    await worker.runOnce();

    expect(await messages(tenant)).toEqual([['+254711000001', 'Dear Amina, thank you for fulfilling your pledge of KES 1,500 to Jengo Fund. God bless you.', 'queued']]);
    expect(await thankedAt(tenant, pledgeId)).toBeInstanceOf(Date);
    expect(await m.balance(tenant)).toBe(9);
    const sends = await t.db.selectFrom('message_sends').select(['recipient_type', 'created_by']).where('tenant_id', '=', tenant.id).execute();
    expect(sends).toEqual([{ recipient_type: 'Receipt', created_by: null }]);
    expect(await events(tenant, 'pledge')).toEqual([
      { action: 'thank', actor_type: 'system', entity_id: String(pledgeId), details: expect.objectContaining({ queued: 1 }), changes: [] },
    ]);
  });

  it("sends the partner's own text, filled with the pledge's figures", async () => {
    const { tenant, pay } = await pledged();
    const saved = await thanks(tenant, 'PUT', { enabled: true, text: 'Asante {firstName} {lastName}! {paid} of {pledged} received for {campaign}.', version: 1 });
    expect(saved.statusCode).toBe(200);
    await pay('1600.50');
    await worker.runOnce();

    expect(await messages(tenant)).toEqual([['+254711000001', 'Asante Amina Wanjiru! KES 1,600.50 of KES 1,500 received for Jengo Fund.', 'queued']]);
  });

  it('marks the pledge thanked without a message when thanks are off, or the contact is archived', async () => {
    const off = await pledged();
    expect((await thanks(off.tenant, 'PUT', { enabled: false, text: PLEDGE_THANKS_DEFAULT_TEXT })).statusCode).toBe(200);
    const archived = await pledged();
    await t.db.updateTable('members').set({ archived_at: new Date() }).where('tenant_id', '=', archived.tenant.id).where('id', '=', archived.amina).execute();
    await off.pay('1500');
    await archived.pay('1500');

    await worker.runOnce();

    for (const { tenant, pledgeId } of [off, archived]) {
      expect(await messages(tenant)).toEqual([]);
      expect(await thankedAt(tenant, pledgeId)).toBeInstanceOf(Date);
      expect(await m.balance(tenant)).toBe(10);
    }
    expect((await events(off.tenant, 'pledge'))[0]!.details).toMatchObject({ queued: 0, notSent: 'thanks_off' });
    expect((await events(archived.tenant, 'pledge'))[0]!.details).toMatchObject({ queued: 0, notSent: 'contact_archived' });
  });

  it('leaves the pledge for a later pass when the units are short, writing nothing, then thanks it once they are topped up', async () => {
    const { tenant, pledgeId, pay } = await pledged(0);
    await pay('1500');

    const pass = await worker.runOnce();

    expect(pass.waiting).toBeGreaterThanOrEqual(1);
    expect(await thankedAt(tenant, pledgeId)).toBeNull();
    expect(await messages(tenant)).toEqual([]);
    expect(await t.db.selectFrom('message_sends').select('id').where('tenant_id', '=', tenant.id).execute()).toEqual([]);
    expect(await events(tenant, 'pledge')).toEqual([]);

    await m.topUp(tenant, 5);
    await worker.runOnce();
    expect(await messages(tenant)).toHaveLength(1);
    expect(await m.balance(tenant)).toBe(4);
  });

  it("answers the defaults, saves over a version (409 over a newer one) and keeps the product text as the product's", async () => {
    const { tenant } = await pledged();
    expect((await thanks(tenant, 'GET')).json<PledgeThanks>()).toEqual({ enabled: true, text: PLEDGE_THANKS_DEFAULT_TEXT, isDefault: true, version: 1 });

    const saved = await thanks(tenant, 'PUT', { enabled: true, text: 'Asante {firstName}', version: 1 });
    expect(saved.json()).toEqual({
      status_msg: 'Thank-you message saved successfully!',
      thanks: { enabled: true, text: 'Asante {firstName}', isDefault: false, version: 2 },
    });

    const stale = await thanks(tenant, 'PUT', { enabled: false, text: 'Old', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<StaleSave>()).toMatchObject({ changedBy: 'Test User', version: 2 });

    const unchanged = await thanks(tenant, 'PUT', { enabled: true, text: 'Asante {firstName}', version: 2 });
    expect(unchanged.json<{ thanks: PledgeThanks }>().thanks.version).toBe(2);
    const back = await thanks(tenant, 'PUT', { enabled: true, text: PLEDGE_THANKS_DEFAULT_TEXT });
    expect(back.json<{ thanks: PledgeThanks }>().thanks).toEqual({ enabled: true, text: PLEDGE_THANKS_DEFAULT_TEXT, isDefault: true, version: 3 });
    expect((await thanks(tenant, 'PUT', { enabled: true, text: 'H' })).json()).toEqual({ status_msg: 'Message must be at least 2 characters' });

    const updates = await events(tenant, 'pledge_thanks');
    expect(updates.map((event) => [event.action, event.actor_type])).toEqual([
      ['update', 'staff'],
      ['update', 'staff'],
    ]);
    expect(updates[0]!.changes).toEqual([{ field: 'text', old: PLEDGE_THANKS_DEFAULT_TEXT, new: 'Asante {firstName}' }]);
  });
});
