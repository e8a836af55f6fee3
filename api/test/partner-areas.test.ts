import { permissionsOf, type LoginResponse, type MeResponse, type PartnerArea, type Permission, type Role } from '@ushirika/shared/contract';
import { DEFAULT_MPESA_CALLBACK_PREFIX, DEFAULT_MSISDN_HASH_FORMS } from '../src/config';
import { NO_GIVING_STATEMENTS } from '../src/finance/reports/routes';
import { COMMANDS, UsageError, type OpsConfig } from '../src/ops/commands';
import { createPartner, createUser } from '../src/partners/queries';
import { TEST_PASSWORD, useTestApp, type TestApp } from './support/app';
import { testDatabases } from './support/databases';

const OPS_CONFIG: OpsConfig = { mpesaCallbackPrefix: DEFAULT_MPESA_CALLBACK_PREFIX, mpesaMsisdnHashForms: DEFAULT_MSISDN_HASH_FORMS };

/** The permissions of each area an etracker partner may turn on (the contract's AREA_PERMISSIONS, written out). */
const CONTACTS_AREA: Permission[] = [
  'contacts.read',
  'contacts.write',
  'contacts.transfer',
  'groups.read',
  'groups.write',
  'meetings.read',
  'meetings.write',
  'contacts.erase',
];
const MESSAGING_AREA: Permission[] = ['messaging.read', 'messaging.send', 'messaging.configure'];

/** A list route of each area: what a member of the partner may open, or is refused. */
const AREA_LISTS = {
  contacts: '/api/v2/member',
  groups: '/api/v2/groups',
  meetings: '/api/v2/meetings',
  messaging: '/api/v2/notification',
} as const;

/**
 * Issue 28.7: an etracker partner (money only) has contacts (with groups and meetings) and messaging only when
 * turned on with `pnpm ops set-partner-areas`; its staff then hold those permissions as their roles give them, and
 * the server refuses the rest. An etracker partner has no giving statement whatever its areas.
 */
describe.each(testDatabases)('an etracker partner’s areas on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  let counter = 0;
  beforeAll(() => {
    t = testApp();
  });

  const ops = (command: string, options: Record<string, string>) => COMMANDS[command]!.run(t.db, options, OPS_CONFIG);

  /** A new partner of `product` with one member holding `roles`, signed in. */
  async function member(product: string, roles: Role[], areas?: PartnerArea[]) {
    counter += 1;
    const partnerId = await createPartner(t.db, { name: `Areas ${product} ${counter}`, product, smsUnits: 10, areas });
    const email = `areas${counter}.${Date.now()}@example.test`;
    await createUser(t.db, { partnerId, email, password: TEST_PASSWORD, firstName: 'Staff', lastName: 'Member', roles });
    const login = await t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const body = login.json<LoginResponse>();
    const auth = `Bearer ${body.access_token}`;
    const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, payload, headers: { authorization: auth } });
    const me = async () => (await call('GET', '/api/v2/me')).json<MeResponse>().user;
    /** Which of the areas' lists answer 200 (the others must answer 403). */
    const opened = async () => {
      const statuses = await Promise.all(Object.entries(AREA_LISTS).map(async ([area, url]) => [area, (await call('GET', url)).statusCode] as const));
      for (const [, status] of statuses) expect([200, 403]).toContain(status);
      return statuses.filter(([, status]) => status === 200).map(([area]) => area);
    };
    return { partnerId, login: body, call, me, opened };
  }

  const setAreas = (partnerId: number, areas: string) => ops('set-partner-areas', { 'partner-id': String(partnerId), areas });

  it('gives an etracker owner finance only until areas are turned on, then those areas, at once', async () => {
    const owner = await member('etracker', ['owner']);
    const financeOnly = permissionsOf(['owner']).filter((permission) => !CONTACTS_AREA.includes(permission) && !MESSAGING_AREA.includes(permission));
    expect(owner.login.user.permissions).toEqual(financeOnly);
    expect(owner.login.user.Partner.areas).toEqual([]);
    expect(await owner.opened()).toEqual([]);
    // Finance answers as ever.
    expect((await owner.call('GET', '/api/v2/income')).statusCode).toBe(200);

    expect(await setAreas(owner.partnerId, 'contacts')).toBe(`Partner ${owner.partnerId} now has finance and contacts`);
    // The same sign-in: the next request holds the new permissions.
    expect(await owner.opened()).toEqual(['contacts', 'groups', 'meetings']);
    const withContacts = await owner.me();
    expect(withContacts.Partner.areas).toEqual(['contacts']);
    expect(withContacts.permissions).toEqual(permissionsOf(['owner']).filter((permission) => !MESSAGING_AREA.includes(permission)));

    await setAreas(owner.partnerId, 'Messaging, contacts');
    expect(await owner.opened()).toEqual(['contacts', 'groups', 'meetings', 'messaging']);
    expect((await owner.me()).permissions).toEqual(permissionsOf(['owner']));
    expect((await owner.me()).Partner.areas).toEqual(['contacts', 'messaging']);

    await setAreas(owner.partnerId, 'messaging');
    expect(await owner.opened()).toEqual(['messaging']);

    await setAreas(owner.partnerId, 'none');
    expect(await owner.opened()).toEqual([]);
    expect((await owner.me()).permissions).toEqual(financeOnly);
    // The refusal says what is not allowed, like any other.
    expect((await owner.call('GET', AREA_LISTS.contacts)).json()).toEqual({ status_msg: 'You do not have permission to see contacts.' });
  });

  it('keeps the roles deciding within an area: an etracker viewer reads, never writes; a finance clerk gets nothing of it', async () => {
    const viewer = await member('etracker', ['viewer']);
    expect(viewer.login.user.permissions).toEqual(['dashboard.read']);
    await setAreas(viewer.partnerId, 'contacts,messaging');
    expect(await viewer.opened()).toEqual(['contacts', 'groups', 'meetings']);
    expect((await viewer.me()).permissions).toEqual(permissionsOf(['viewer']));
    expect((await viewer.call('POST', '/api/v2/member', { firstName: 'A', lastName: 'B', gender: 'F', mobile: '0712345678' })).statusCode).toBe(403);

    const clerk = await member('etracker', ['finance_clerk']);
    await setAreas(clerk.partnerId, 'contacts,messaging');
    expect(await clerk.opened()).toEqual([]);
  });

  it('gives a partner created with areas (the demo data’s) those areas', async () => {
    const owner = await member('etracker', ['owner'], ['contacts']);
    expect(owner.login.user.Partner.areas).toEqual(['contacts']);
    expect(await owner.opened()).toEqual(['contacts', 'groups', 'meetings']);
  });

  it('leaves a general partner every area its roles give, whatever is stored', async () => {
    const owner = await member('general', ['owner']);
    expect(owner.login.user.permissions).toEqual(permissionsOf(['owner']));
    expect(await owner.opened()).toEqual(['contacts', 'groups', 'meetings', 'messaging']);
    await expect(setAreas(owner.partnerId, 'none')).rejects.toThrow(new UsageError(`Partner ${owner.partnerId} is a general partner: it has every area already`));
    expect(await owner.opened()).toEqual(['contacts', 'groups', 'meetings', 'messaging']);
  });

  it('refuses an etracker partner every giving statement route, whatever its areas; a general partner has them', async () => {
    const query = '/api/v2/statements/giving?phone=0712345678&startdate=2026-01-01&enddate=2026-03-31';
    const payload = { phone: '0712345678', startdate: '2026-01-01', enddate: '2026-03-31' };
    const owner = await member('etracker', ['owner']);
    await setAreas(owner.partnerId, 'contacts,messaging');
    const calls = [
      await owner.call('GET', query),
      await owner.call('POST', '/api/v2/statements/giving/send/quote', payload),
      await owner.call('POST', '/api/v2/statements/giving/send', payload),
    ];
    for (const answer of calls) {
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 403, body: { status_msg: NO_GIVING_STATEMENTS } });
    }
    // Nothing was queued nor charged.
    expect(await t.db.selectFrom('message_sends').select('id').where('tenant_id', '=', owner.partnerId).execute()).toEqual([]);
    // The other reports stay.
    expect((await owner.call('GET', '/api/v2/budgets')).statusCode).toBe(200);

    const church = await member('general', ['owner']);
    expect((await church.call('GET', query)).statusCode).toBe(200);
  });

  it('checks the command line: the partner, the areas, and writes one activity event per change', async () => {
    const owner = await member('etracker', ['owner']);
    const id = String(owner.partnerId);
    await expect(ops('set-partner-areas', { 'partner-id': id })).rejects.toThrow('--areas is required');
    await expect(ops('set-partner-areas', { 'partner-id': id, areas: 'contacts,pledges' })).rejects.toThrow('not "pledges"');
    await expect(ops('set-partner-areas', { 'partner-id': '999999', areas: 'contacts' })).rejects.toThrow('There is no partner 999999');
    expect((await owner.me()).Partner.areas).toEqual([]);

    const events = () =>
      t.db
        .selectFrom('activity_events')
        .select(['actor_type', 'action', 'entity', 'entity_id', 'changes'])
        .where('tenant_id', '=', owner.partnerId)
        .where('entity', '=', 'partner')
        .orderBy('id')
        .execute();
    const before = (await events()).length;
    await setAreas(owner.partnerId, 'messaging,contacts');
    await setAreas(owner.partnerId, 'contacts, messaging'); // no change: no event
    await setAreas(owner.partnerId, 'none');
    expect((await events()).slice(before)).toEqual([
      expect.objectContaining({
        actor_type: 'ops',
        action: 'update',
        entity: 'partner',
        entity_id: id,
        changes: [{ field: 'areas', old: null, new: 'contacts, messaging' }],
      }),
      expect.objectContaining({
        actor_type: 'ops',
        action: 'update',
        entity: 'partner',
        entity_id: id,
        changes: [{ field: 'areas', old: 'contacts, messaging', new: null }],
      }),
    ]);

    const listed = await ops('list-partners', {});
    expect(listed.split('\n')[0]).toMatch(/^id\s+name\s+product\s+areas\s+country/);
    await setAreas(owner.partnerId, 'contacts');
    expect((await ops('list-partners', {})).split('\n').find((line) => line.startsWith(`${id} `))).toMatch(/etracker\s+contacts\s+KE/);
  });
});

/** The areas' permissions as the contract gives them (a unit check of the one rule the server and screens follow). */
describe('permissionsOf with a partner', () => {
  it.each<[PartnerArea[], Permission[]]>([
    [[], [...CONTACTS_AREA, ...MESSAGING_AREA]],
    [['contacts'], MESSAGING_AREA],
    [['messaging'], CONTACTS_AREA],
    [['contacts', 'messaging'], []],
  ])('an etracker owner with %j lacks %j', (areas, lacking) => {
    const held = permissionsOf(['owner'], { product: 'etracker', areas });
    expect(
      permissionsOf(['owner'])
        .filter((permission) => !held.includes(permission))
        .sort(),
    ).toEqual([...lacking].sort());
    expect(permissionsOf(['owner'], { product: 'general', areas: [] })).toEqual(permissionsOf(['owner']));
  });
});
