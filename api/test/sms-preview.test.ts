import { TenantScope } from '../src/db/tenant-scope';
import { insertIncome } from '../src/finance/ledger-records';
import type { GivingSmsQuote } from '@ushirika/shared/contract';
import { topUpUnits, unitsBalance } from '../src/messaging/units';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { messagingClient } from './support/messaging';

const PHONE = '+254712345678';

/**
 * No SMS spending by surprise (issue 28.5): the giving statement's SMS quote (POST /statements/giving/send/quote)
 * and the first recipients a message's quote names. A quote saves nothing, writes no event, and reads only the
 * caller's partner.
 */
describe.each(testDatabases)('SMS previews on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  let m: ReturnType<typeof messagingClient>;
  beforeAll(() => {
    t = testApp();
    m = messagingClient(t);
  });

  async function church(name: string, units: number) {
    const tenant = await t.newTenant(name);
    if (units > 0) await topUpUnits(t.db, tenant.id, units, 'test');
    const scope = new TenantScope(t.db, tenant.id);
    const { id: accountId } = await scope.insertInto('accounts', { name: 'Tithes', type: 'CR', parent_id: null }).returning('id').executeTakeFirstOrThrow();
    const gift = (amount: string, date: string, firstName = 'Mary', lastName = 'O’Brien') =>
      scope.transaction((trx) =>
        insertIncome(trx, {
          first_name: firstName,
          last_name: lastName,
          phone: PHONE,
          amount,
          payment_for: 'Tithe',
          account_id: accountId,
          date_of_transaction: date,
          mode: 'CASH',
          reference: 'REF-1',
        }),
      );
    return { tenant, scope, gift };
  }

  const period = { phone: '0712 345 678', startdate: '2026-01-01', enddate: '2026-03-31' };
  const quote = (tenant: Tenant, payload: object) => t.as(tenant, { method: 'POST', url: '/api/v2/statements/giving/send/quote', payload });
  const send = (tenant: Tenant, payload: object) => t.as(tenant, { method: 'POST', url: '/api/v2/statements/giving/send', payload });
  /** What a quote must leave as it was: the sends, the messages, the units and the log. */
  const footprint = async (scope: TenantScope) => ({
    sends: (await scope.selectFrom('message_sends').select('id').execute()).length,
    messages: (await scope.selectFrom('notifications').select('id').execute()).length,
    units: await unitsBalance(scope),
    events: (await scope.selectFrom('activity_events').select('id').execute()).length,
  });

  it("quotes the giving statement's SMS as its send queues it: text, recipient, parts, units and balance; nothing saved", async () => {
    const { tenant, scope, gift } = await church('St Mary’s Church', 5);
    await gift('1000.00', '2026-01-04');
    await gift('500.00', '2026-02-01');
    const before = await footprint(scope);

    const response = await quote(tenant, period);

    expect(response.statusCode).toBe(200);
    const answer = response.json<GivingSmsQuote>();
    // The curly apostrophes of the names are made plain: the SMS stays GSM-7 (one part, not three).
    expect(answer).toEqual({
      text: expect.stringMatching(
        /^Dear Mary O'Brien, thank you for your giving to St Mary's Church \d+ from 01\/01\/2026 to 31\/03\/2026: 2 gifts totalling KES 1,500\.00\.$/,
      ),
      recipient: PHONE,
      name: 'Mary O’Brien',
      recipients: 1,
      optedOut: 0,
      encoding: 'GSM-7',
      characters: answer.text.length,
      segments: 1,
      units: 1,
      balance: 5,
    });
    expect(await footprint(scope)).toEqual(before);

    // The send queues exactly the quoted text and charges the quoted units.
    expect((await send(tenant, period)).statusCode).toBe(201);
    expect(await scope.selectFrom('notifications').select(['recipient', 'message', 'units']).execute()).toEqual([{ recipient: PHONE, message: answer.text, units: 1 }]);
  });

  it('says what the send would refuse: no gifts in the period, a bad phone; an opted-out number costs nothing', async () => {
    const { tenant, scope, gift } = await church('Grace', 0);
    await gift('10.00', '2026-01-04', 'Zoë', 'Achieng');
    const before = await footprint(scope);
    const none = await quote(tenant, { ...period, startdate: '2024-01-01', enddate: '2024-12-31' });
    expect({ status: none.statusCode, body: none.json<unknown>() }).toEqual({ status: 400, body: { status_msg: 'There are no gifts from this number in this period' } });
    const bad = await quote(tenant, { ...period, phone: '12' });
    expect({ status: bad.statusCode, body: bad.json<unknown>() }).toEqual({
      status: 400,
      body: { status_msg: 'Phone must be a valid phone number, e.g. 0712 345 678 or +254 712 345 678' },
    });

    // 'ë' has no plain form: the text stays Unicode, and the quote says so (a short balance is the screen's to show).
    const unicode = (await quote(tenant, period)).json<GivingSmsQuote>();
    expect(unicode).toMatchObject({ encoding: 'UCS-2', segments: 2, units: 2, balance: 0 });

    await scope.insertInto('sms_opt_outs', { phone: PHONE, source: 'staff' }).execute();
    expect((await quote(tenant, period)).json<GivingSmsQuote>()).toMatchObject({ recipients: 1, optedOut: 1, units: 0 });
    expect(await footprint(scope)).toEqual(before);
  });

  it("reads only the caller's partner: another partner's contributor is not found, nor their name or text", async () => {
    const victim = await church('Victim', 5);
    await victim.gift('1000.00', '2026-01-04');
    const attacker = await church('Attacker', 5);
    const before = await footprint(victim.scope);

    const response = await quote(attacker.tenant, period);

    expect({ status: response.statusCode, body: response.json<unknown>() }).toEqual({
      status: 400,
      body: { status_msg: 'There are no gifts from this number in this period' },
    });
    expect(await footprint(victim.scope)).toEqual(before);
    expect(await footprint(attacker.scope)).toMatchObject({ sends: 0, messages: 0, units: 5 });
  });

  it("a message's quote names its first recipients with the text each gets, opted-out ones left out", async () => {
    const tenant = await m.tenantWith(20);
    const amina = await m.contact(tenant, 'Amina', 'Wanjiru', '0712345678');
    const zoe = await m.contact(tenant, 'Zoë', 'Achieng', '0722000111');
    const group = await m.group(tenant, [amina, zoe]);

    const personal = await m.quote(tenant, { recipient_type: 'Group', group, textmessage: 'Dear {firstName}, welcome' });
    expect((personal as unknown as { sample: unknown }).sample).toEqual([
      { recipient: '+254712345678', name: 'Amina Wanjiru', text: 'Dear Amina, welcome' },
      { recipient: '+254722000111', name: 'Zoë Achieng', text: 'Dear Zoë, welcome' },
    ]);

    expect((await m.post(tenant, 'smsoptouts', { phone: '0712345678' })).statusCode).toBe(201);
    const typed = await m.quote(tenant, m.typed('0799000111, 0712345678, 0722000111', 'Service at 10am'));
    expect(typed).toMatchObject({ recipients: 3, optedOut: 1 });
    expect((typed as unknown as { sample: unknown }).sample).toEqual([
      { recipient: '+254722000111', name: 'Zoë Achieng', text: 'Service at 10am' },
      { recipient: '+254799000111', name: null, text: 'Service at 10am' },
    ]);
    expect((await m.messages(tenant)).total).toBe(0);
  });
});
