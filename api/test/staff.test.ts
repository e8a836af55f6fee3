import { sql } from 'kysely';
import type { InvitationDetails, LoginResponse, Role, StaffInvited, StaffMember, StaffSaved } from '@ushirika/shared/contract';
import { claimDue } from '../src/messaging/outbox/queries';
import { queueStaffSms } from '../src/messaging/staff-messages';
import { createPartner, createUser } from '../src/partners/queries';
import { TEST_PASSWORD, useTestApp, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { expectFailure } from './support/expect';

const PUBLIC_URL = 'https://ushirika.example.org';
const LOGGED_OUT = 'Please log in again: your session is missing or has expired';
const INVALID_LINK = 'This link is not valid or has expired';
const OWNER_ROLES_REFUSED = 'Only an owner can grant or remove the owner and treasurer roles.';
const LAST_OWNER = 'The organisation must keep at least one active owner: make another staff member an owner first.';

interface Member {
  userId: number;
  email: string;
  auth: string;
}

/** Settings → Staff (issue 25.3): every rule through the HTTP API, with real tokens of users holding given roles. */
describe.each(testDatabases)('staff on %s', (_name, database) => {
  const testApp = useTestApp(database, { publicUrl: PUBLIC_URL });
  let t: TestApp;
  let counter = 0;
  beforeAll(() => {
    t = testApp();
  });

  const login = (email: string, password = TEST_PASSWORD) => t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password } });
  const signIn = async (email: string, password = TEST_PASSWORD) => {
    const response = await login(email, password);
    expect(response.statusCode).toBe(200);
    return `Bearer ${response.json<LoginResponse>().access_token}`;
  };
  const newPartner = (product = 'general') => {
    counter += 1;
    return createPartner(t.db, { name: `Partner ${counter}`, product, smsUnits: 100 });
  };
  /** A user of `partnerId` holding `roles`, signed in. */
  const member = async (partnerId: number, roles: Role[]): Promise<Member> => {
    counter += 1;
    const email = `staff${counter}.${Date.now()}@example.test`;
    const userId = await createUser(t.db, { partnerId, email, password: TEST_PASSWORD, firstName: 'Staff', lastName: `Member ${counter}`, roles });
    return { userId, email, auth: await signIn(email) };
  };
  const call = (who: Member | string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v2/${url}`, headers: { authorization: typeof who === 'string' ? who : who.auth }, ...(payload ? { payload } : {}) });
  /** A distinct Kenyan mobile per call, as typed on a form. */
  const mobile = () => {
    counter += 1;
    return `07${String(20_000_000 + counter).padStart(8, '0')}`;
  };
  const e164 = (local: string) => `+254${local.slice(1)}`;
  const add = async (by: Member, body: { name?: string; phone?: string; email?: string; roles: string[] }) => {
    const response = await call(by, 'POST', 'staff', { name: 'Mary Achieng Otieno', phone: mobile(), ...body });
    return response;
  };
  const added = async (by: Member, body: { name?: string; phone?: string; email?: string; roles: string[] }) => {
    const response = await add(by, body);
    expect(response.statusCode).toBe(201);
    return response.json<StaffInvited>();
  };
  const tokenOf = (url: string) => url.slice(url.indexOf('#') + 1);
  const rolesOf = async (id: number) => await t.db.selectFrom('users').select(['roles', 'active']).where('id', '=', id).executeTakeFirstOrThrow();

  describe('GET /api/v2/staff', () => {
    it('lists the partner’s staff, active ones first, to those who manage staff only', async () => {
      const partner = await newPartner();
      const owner = await member(partner, ['owner']);
      const secretary = await member(partner, ['secretary']);
      const admin = await member(partner, ['administrator']);
      await call(owner, 'PUT', `staff/${secretary.userId}`, { active: false });
      await member(await newPartner(), ['owner']);

      const response = await call(admin, 'GET', 'staff?page=1&pagesize=10');
      expect(response.statusCode).toBe(200);
      const { staff, total } = response.json<{ staff: StaffMember[]; total: number }>();
      expect(total).toBe(3);
      // Active first (then by name), the deactivated member last.
      expect(
        staff
          .map((row) => row.id)
          .slice(0, 2)
          .sort(),
      ).toEqual([owner.userId, admin.userId].sort());
      expect(staff.find((row) => row.id === owner.userId)).toEqual({
        id: owner.userId,
        name: expect.stringMatching(/^Staff Member \d+$/),
        phone: null,
        email: owner.email,
        roles: ['owner'],
        active: true,
        invitationPending: false,
        invitationExpiresAt: null,
        twoStep: false,
        lastSeenAt: expect.any(String),
        createdAt: expect.any(String),
      });
      expect(staff.at(-1)).toMatchObject({ id: secretary.userId, active: false });

      expect((await call(owner, 'GET', `staff?searchKey=${encodeURIComponent(admin.email)}`)).json()).toMatchObject({ total: 1, staff: [{ id: admin.userId }] });
      expectFailure(await call(await member(partner, ['viewer']), 'GET', 'staff'), 403, 'You do not have permission to manage staff.');
    });
  });

  describe('POST /api/v2/staff', () => {
    it('adds a member without a password, answers the link, and queues the invitation SMS: not charged, not the partner’s message', async () => {
      const partner = await newPartner();
      const owner = await member(partner, ['owner']);
      const phone = mobile();
      const before = Date.now();
      const body = await added(owner, { name: '  Mary   Achieng Otieno ', phone, email: 'Mary.Achieng@example.test', roles: ['secretary', 'messaging', 'secretary'] });

      expect(body.status_msg).toBe('Staff member added. Their invitation link has been sent to their mobile by SMS.');
      expect(body.staff).toMatchObject({
        name: 'Mary Achieng Otieno',
        phone: e164(phone),
        email: 'Mary.Achieng@example.test',
        roles: ['secretary', 'messaging'],
        active: true,
        invitationPending: true,
        twoStep: false,
        lastSeenAt: null,
      });
      const expires = Date.parse(body.staff.invitationExpiresAt!);
      expect(expires - before).toBeGreaterThanOrEqual(48 * 3600_000 - 1000);
      expect(expires - Date.now()).toBeLessThanOrEqual(48 * 3600_000);
      expect(body.invitationUrl).toMatch(new RegExp(`^${PUBLIC_URL}/invitation#[A-Za-z0-9_-]{43}$`));
      const user = await t.db.selectFrom('users').selectAll().where('id', '=', body.staff.id).executeTakeFirstOrThrow();
      expect(user).toMatchObject({ first_name: 'Mary', last_name: 'Achieng Otieno', password_hash: null, partner_id: partner });
      // Only the link's hash is stored.
      expect(user.invitation_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(user.invitation_hash).not.toContain(tokenOf(body.invitationUrl));

      const sms = await t.db
        .selectFrom('notifications as n')
        .innerJoin('message_sends as s', (join) => join.onRef('s.tenant_id', '=', 'n.tenant_id').onRef('s.id', '=', 'n.send_id'))
        .select(['n.id', 'n.recipient', 'n.message', 'n.units', 'n.state', 's.recipient_type', 's.units as send_units', 's.created_by'])
        .where('n.tenant_id', '=', partner)
        .execute();
      expect(sms).toEqual([
        expect.objectContaining({ recipient: e164(phone), units: 0, state: 'queued', recipient_type: 'Staff', send_units: 0, created_by: owner.userId }),
      ]);
      expect(sms[0]!.message).toContain(body.invitationUrl);
      // Not charged, not listed, not counted, not resendable.
      expect((await t.db.selectFrom('partners').select('sms_units').where('id', '=', partner).executeTakeFirstOrThrow()).sms_units).toBe(100);
      expect(await t.db.selectFrom('sms_unit_entries').select('reason').where('tenant_id', '=', partner).execute()).toEqual([{ reason: 'opening' }]);
      for (const url of ['notification', 'notification/2', 'notification?searchKey=invit']) {
        expect((await call(owner, 'GET', url)).json()).toMatchObject({ notifications: [], total: 0 });
      }
      const counted = await t.db.selectFrom('day_totals').select('amount').where('tenant_id', '=', partner).where('source', '=', 'message').execute();
      expect(counted.every((row) => Number(row.amount) === 0)).toBe(true);
      expectFailure(await call(owner, 'PUT', `notification/${sms[0]!.id}`, {}), 404, 'Message not found');
    });

    it('reads the mobile in the partner’s country and refuses an email or mobile another account uses, of any partner', async () => {
      const partner = await newPartner();
      const owner = await member(partner, ['owner']);
      const other = await member(await newPartner(), ['owner']);
      const phone = mobile();
      await added(other, { phone, roles: ['viewer'] });

      expectFailure(
        await add(owner, { phone, roles: ['viewer'] }),
        409,
        'Another account already uses this mobile number. Each person signs in with their own mobile number.',
      );
      expectFailure(
        await add(owner, { email: other.email.toUpperCase(), roles: ['viewer'] }),
        409,
        'Another account already uses this email. Each person signs in with their own email.',
      );
      expect((await call(owner, 'GET', 'staff')).json()).toMatchObject({ total: 1 });
    });

    it.each([
      [{ name: 'x'.repeat(101), roles: ['viewer'] }, 'Name must be at most 100 characters'],
      [{ name: '', roles: ['viewer'] }, 'Name is required'],
      [{ phone: '0201234567', roles: ['viewer'] }, 'Mobile must be a valid mobile number, e.g. 0712 345 678 or +254 712 345 678'],
      [{ phone: '9'.repeat(41), roles: ['viewer'] }, 'Mobile must be a valid mobile number, e.g. 0712 345 678 or +254 712 345 678'],
      [{ email: 'not-an-email', roles: ['viewer'] }, 'Email must be a valid email address, e.g. name@example.com'],
      [{ roles: [] }, 'Choose at least one role'],
      [{ roles: ['boss'] }, 'Roles must be chosen from owner, administrator, treasurer, finance_clerk, secretary, messaging, viewer'],
      [{ roles: 'owner' }, 'Roles must be chosen from owner, administrator, treasurer, finance_clerk, secretary, messaging, viewer'],
    ])('refuses %j with 400 and adds nobody', async (body, message) => {
      const partner = await newPartner();
      const owner = await member(partner, ['owner']);
      expectFailure(await add(owner, body as { roles: string[] }), 400, message);
      expect((await call(owner, 'GET', 'staff')).json()).toMatchObject({ total: 1 });
    });

    it('offers an etracker partner only its roles', async () => {
      const owner = await member(await newPartner('etracker'), ['owner']);
      expectFailure(await add(owner, { roles: ['secretary'] }), 400, 'This product offers only the roles owner, treasurer, finance_clerk, viewer.');
      expect((await add(owner, { roles: ['finance_clerk', 'viewer'] })).statusCode).toBe(201);
    });
  });

  describe('invitations', () => {
    it('greets the invited member, sets their password once, and they sign in with their email or mobile', async () => {
      const partner = await newPartner();
      const owner = await member(partner, ['owner']);
      const phone = mobile();
      const { invitationUrl, staff } = await added(owner, { name: 'Peter Kamau', phone, roles: ['viewer'] });
      const token = tokenOf(invitationUrl);

      const details = await t.app.inject({ method: 'GET', url: `/api/v2/invitation/${token}` });
      expect(details.statusCode).toBe(200);
      const { name } = await t.db.selectFrom('partners').select('name').where('id', '=', partner).executeTakeFirstOrThrow();
      expect(details.json<InvitationDetails>()).toEqual({ name: 'Peter Kamau', partner: name, login: e164(phone) });
      // The invitation waits: no sign-in yet, whatever the password.
      expect((await login(e164(phone), 'a chosen passphrase')).statusCode).toBe(401);

      const accept = await t.app.inject({ method: 'POST', url: '/api/v2/invitation', payload: { token, password: 'a chosen passphrase' } });
      expect(accept.statusCode).toBe(200);
      expect(accept.json()).toEqual({ status_msg: 'Your password is set. Sign in with your email or mobile number.', login: e164(phone) });
      expect(await t.db.selectFrom('users').select(['invitation_hash', 'invitation_expires_at']).where('id', '=', staff.id).executeTakeFirstOrThrow()).toEqual({
        invitation_hash: null,
        invitation_expires_at: null,
      });

      // Single use.
      expectFailure(await t.app.inject({ method: 'GET', url: `/api/v2/invitation/${token}` }), 404, INVALID_LINK);
      expectFailure(await t.app.inject({ method: 'POST', url: '/api/v2/invitation', payload: { token, password: 'another passphrase' } }), 400, INVALID_LINK);
      const listed = (await call(owner, 'GET', 'staff')).json<{ staff: StaffMember[] }>().staff.find((row) => row.id === staff.id);
      expect(listed).toMatchObject({ invitationPending: false, invitationExpiresAt: null });
      // A new link for someone with a password: Forgot password? instead.
      expectFailure(
        await call(owner, 'POST', `staff/${staff.id}/invitation`),
        409,
        "Peter Kamau has already set a password: they can use 'Forgot password?' on the sign-in screen.",
      );
    });

    it('signs in with the email when one was given', async () => {
      const owner = await member(await newPartner(), ['owner']);
      const email = `invited${counter}@example.test`;
      const { invitationUrl } = await added(owner, { email, roles: ['viewer'] });
      const token = tokenOf(invitationUrl);
      expect((await t.app.inject({ method: 'GET', url: `/api/v2/invitation/${token}` })).json()).toMatchObject({ login: email });
      const accept = await t.app.inject({ method: 'POST', url: '/api/v2/invitation', payload: { token, password: 'a chosen passphrase' } });
      expect(accept.json()).toMatchObject({ login: email });
      expect((await login(email, 'a chosen passphrase')).statusCode).toBe(200);
    });

    it('a new link voids the old one', async () => {
      const owner = await member(await newPartner(), ['owner']);
      const first = await added(owner, { roles: ['secretary'] });
      const again = await call(owner, 'POST', `staff/${first.staff.id}/invitation`);
      expect(again.statusCode).toBe(200);
      const second = again.json<StaffInvited>();
      expect(second.status_msg).toBe('A new invitation link has been sent to their mobile by SMS. The previous link no longer works.');
      expect(second.invitationUrl).not.toBe(first.invitationUrl);
      expect(second.staff.invitationPending).toBe(true);

      expectFailure(await t.app.inject({ method: 'GET', url: `/api/v2/invitation/${tokenOf(first.invitationUrl)}` }), 404, INVALID_LINK);
      expectFailure(
        await t.app.inject({ method: 'POST', url: '/api/v2/invitation', payload: { token: tokenOf(first.invitationUrl), password: 'a chosen passphrase' } }),
        400,
        INVALID_LINK,
      );
      expect((await t.app.inject({ method: 'GET', url: `/api/v2/invitation/${tokenOf(second.invitationUrl)}` })).statusCode).toBe(200);
      const texts = await t.db.selectFrom('notifications').select('message').where('recipient', '=', second.staff.phone!).orderBy('id').execute();
      expect(texts.map((row) => row.message.includes(second.invitationUrl))).toEqual([false, true]);
    });

    it('an expired link is not valid', async () => {
      const owner = await member(await newPartner(), ['owner']);
      const { invitationUrl, staff } = await added(owner, { roles: ['viewer'] });
      await t.db
        .updateTable('users')
        .set({ invitation_expires_at: sql<Date>`now() - interval '1 second'` })
        .where('id', '=', staff.id)
        .execute();
      const token = tokenOf(invitationUrl);
      expectFailure(await t.app.inject({ method: 'GET', url: `/api/v2/invitation/${token}` }), 404, INVALID_LINK);
      expectFailure(await t.app.inject({ method: 'POST', url: '/api/v2/invitation', payload: { token, password: 'a chosen passphrase' } }), 400, INVALID_LINK);
      expect((await t.db.selectFrom('users').select('password_hash').where('id', '=', staff.id).executeTakeFirstOrThrow()).password_hash).toBeNull();
    });

    it.each([['x'], ['A'.repeat(43)], ['a'.repeat(99)]])('an unknown token %# is not valid', async (token) => {
      expectFailure(await t.app.inject({ method: 'GET', url: `/api/v2/invitation/${token}` }), 404, INVALID_LINK);
    });

    it('refuses a short password and keeps the link', async () => {
      const owner = await member(await newPartner(), ['owner']);
      const { invitationUrl } = await added(owner, { roles: ['viewer'] });
      const token = tokenOf(invitationUrl);
      expectFailure(
        await t.app.inject({ method: 'POST', url: '/api/v2/invitation', payload: { token, password: 'short' } }),
        400,
        'The password must have at least 8 characters',
      );
      expect((await t.app.inject({ method: 'GET', url: `/api/v2/invitation/${token}` })).statusCode).toBe(200);
    });
  });

  describe('PUT /api/v2/staff/{id}', () => {
    it('changes roles, which apply from the member’s next request', async () => {
      const partner = await newPartner();
      const owner = await member(partner, ['owner']);
      const viewer = await member(partner, ['viewer']);
      expect((await call(viewer, 'GET', 'staff')).statusCode).toBe(403);
      const response = await call(owner, 'PUT', `staff/${viewer.userId}`, { roles: ['administrator'] });
      expect(response.statusCode).toBe(200);
      expect(response.json<StaffSaved>()).toMatchObject({ status_msg: 'Staff member saved.', staff: { id: viewer.userId, roles: ['administrator'], active: true } });
      expect((await call(viewer, 'GET', 'staff')).statusCode).toBe(200);
      expectFailure(await call(owner, 'PUT', `staff/${viewer.userId}`, {}), 400, 'Send the roles, or whether the member is active');
    });

    it('deactivating ends the member’s sessions at once; reactivating lets them sign in again', async () => {
      const partner = await newPartner();
      const owner = await member(partner, ['owner']);
      const viewer = await member(partner, ['viewer']);
      const otherDevice = await signIn(viewer.email);
      expect((await call(viewer, 'GET', 'meeting_types')).statusCode).toBe(200);

      const response = await call(owner, 'PUT', `staff/${viewer.userId}`, { active: false });
      expect(response.statusCode).toBe(200);
      expect(response.json<StaffSaved>()).toMatchObject({ status_msg: 'Staff member deactivated: they have been signed out everywhere.', staff: { active: false } });
      expectFailure(await call(viewer, 'GET', 'meeting_types'), 401, LOGGED_OUT);
      expectFailure(await call(otherDevice, 'GET', 'meeting_types'), 401, LOGGED_OUT);
      const open = await t.db.selectFrom('user_sessions').select('id').where('user_id', '=', viewer.userId).where('ended_at', 'is', null).execute();
      expect(open).toEqual([]);
      expect((await login(viewer.email)).statusCode).toBe(401);

      const back = await call(owner, 'PUT', `staff/${viewer.userId}`, { active: true });
      expect(back.json<StaffSaved>()).toMatchObject({ status_msg: 'Staff member reactivated: they can sign in again.', staff: { active: true } });
      expectFailure(await call(viewer, 'GET', 'meeting_types'), 401, LOGGED_OUT);
      expect((await call(await signIn(viewer.email), 'GET', 'meeting_types')).statusCode).toBe(200);
    });

    it('keeps at least one active owner', async () => {
      const partner = await newPartner();
      const owner = await member(partner, ['owner']);
      expectFailure(await call(owner, 'PUT', `staff/${owner.userId}`, { roles: ['administrator'] }), 409, LAST_OWNER);
      expectFailure(await call(owner, 'PUT', `staff/${owner.userId}`, { active: false }), 409, LAST_OWNER);
      expect(await rolesOf(owner.userId)).toEqual({ roles: ['owner'], active: true });

      const second = await member(partner, ['owner', 'treasurer']);
      expect((await call(owner, 'PUT', `staff/${second.userId}`, { active: false })).statusCode).toBe(200);
      // A deactivated owner is no owner that counts.
      expectFailure(await call(owner, 'PUT', `staff/${owner.userId}`, { roles: ['viewer'] }), 409, LAST_OWNER);
      expect((await call(owner, 'PUT', `staff/${second.userId}`, { active: true })).statusCode).toBe(200);
      expect((await call(owner, 'PUT', `staff/${owner.userId}`, { roles: ['treasurer'] })).statusCode).toBe(200);
    });

    it('two owners removing each other at once: one of them stays an owner', async () => {
      const partner = await newPartner();
      const [first, second] = [await member(partner, ['owner']), await member(partner, ['owner'])];
      const answers = await Promise.all([
        call(first, 'PUT', `staff/${second.userId}`, { roles: ['viewer'] }),
        call(second, 'PUT', `staff/${first.userId}`, { roles: ['viewer'] }),
      ]);
      // The second waits for the first's lock, then is no owner any more (403), or is the last one (409).
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      const owners = await t.db
        .selectFrom('users')
        .select('id')
        .where('partner_id', '=', partner)
        .where(sql<boolean>`'owner' = any(roles)`)
        .execute();
      expect(owners).toHaveLength(1);
    });

    it('an administrator manages staff but never owners and treasurers', async () => {
      const partner = await newPartner();
      const owner = await member(partner, ['owner']);
      const admin = await member(partner, ['administrator']);
      const treasurer = await member(partner, ['treasurer']);
      const secretary = await member(partner, ['secretary']);

      expectFailure(await add(admin, { roles: ['treasurer'] }), 403, OWNER_ROLES_REFUSED);
      expectFailure(await add(admin, { roles: ['viewer', 'owner'] }), 403, OWNER_ROLES_REFUSED);
      expectFailure(await call(admin, 'PUT', `staff/${secretary.userId}`, { roles: ['treasurer'] }), 403, OWNER_ROLES_REFUSED);
      expectFailure(await call(admin, 'PUT', `staff/${treasurer.userId}`, { roles: ['viewer'] }), 403, OWNER_ROLES_REFUSED);
      expectFailure(await call(admin, 'PUT', `staff/${owner.userId}`, { active: false }), 403, 'Only an owner can deactivate or reactivate an owner or a treasurer.');
      expectFailure(await call(admin, 'PUT', `staff/${treasurer.userId}`, { active: false }), 403, 'Only an owner can deactivate or reactivate an owner or a treasurer.');
      const pendingTreasurer = await added(owner, { roles: ['treasurer'] });
      expectFailure(
        await call(admin, 'POST', `staff/${pendingTreasurer.staff.id}/invitation`),
        403,
        'Only an owner can send a new invitation link to an owner or a treasurer.',
      );
      expectFailure(
        await call(admin, 'DELETE', `staff/${treasurer.userId}/two-step`),
        403,
        'You do not have permission to manage owners, treasurers and two-step sign-in.',
      );
      // Nothing changed.
      expect(await rolesOf(owner.userId)).toEqual({ roles: ['owner'], active: true });
      expect(await rolesOf(treasurer.userId)).toEqual({ roles: ['treasurer'], active: true });
      expect(await rolesOf(secretary.userId)).toEqual({ roles: ['secretary'], active: true });
      expect((await call(treasurer, 'GET', 'meeting_types')).statusCode).toBe(403);
      expect((await call(await signIn(treasurer.email), 'GET', 'income?page=1')).statusCode).toBe(200);

      // Everyone else is theirs to manage, a treasurer's other roles included.
      expect((await call(admin, 'PUT', `staff/${treasurer.userId}`, { roles: ['treasurer', 'viewer'] })).statusCode).toBe(200);
      expect((await call(admin, 'PUT', `staff/${secretary.userId}`, { roles: ['secretary', 'messaging'], active: false })).statusCode).toBe(200);
      expect((await add(admin, { roles: ['secretary'] })).statusCode).toBe(201);
      // What only an owner may do.
      expect((await call(owner, 'PUT', `staff/${secretary.userId}`, { roles: ['treasurer'] })).statusCode).toBe(200);
      expect((await add(owner, { roles: ['owner'] })).statusCode).toBe(201);
    });

    it('another partner’s member is not found', async () => {
      const partner = await newPartner();
      const viewer = await member(partner, ['viewer']);
      const stranger = await member(await newPartner(), ['owner']);
      for (const [method, url, payload] of [
        ['PUT', `staff/${viewer.userId}`, { active: false }],
        ['POST', `staff/${viewer.userId}/invitation`, undefined],
        ['DELETE', `staff/${viewer.userId}/two-step`, undefined],
      ] as const) {
        expectFailure(await call(stranger, method, url, payload), 404, 'Staff member not found');
      }
      expect(await rolesOf(viewer.userId)).toEqual({ roles: ['viewer'], active: true });
      expect((await call(viewer, 'GET', 'meeting_types')).statusCode).toBe(200);
    });
  });

  describe('DELETE /api/v2/staff/{id}/two-step', () => {
    it('an owner resets a member’s second step: the secret and recovery codes go and their sessions end', async () => {
      const partner = await newPartner();
      const owner = await member(partner, ['owner']);
      const treasurer = await member(partner, ['treasurer']);
      await t.db.updateTable('users').set({ totp_secret: 'JBSWY3DPEHPK3PXP', totp_enabled_at: new Date() }).where('id', '=', treasurer.userId).execute();
      await t.db
        .insertInto('user_recovery_codes')
        .values({ user_id: treasurer.userId, code_hash: 'a'.repeat(64) })
        .execute();
      expect((await call(owner, 'GET', 'staff')).json<{ staff: StaffMember[] }>().staff.find((row) => row.id === treasurer.userId)?.twoStep).toBe(true);

      const response = await call(owner, 'DELETE', `staff/${treasurer.userId}/two-step`);
      expect(response.statusCode).toBe(200);
      expect(response.json<StaffSaved>()).toMatchObject({ staff: { id: treasurer.userId, twoStep: false } });
      expect(
        await t.db.selectFrom('users').select(['totp_secret', 'totp_pending_secret', 'totp_enabled_at']).where('id', '=', treasurer.userId).executeTakeFirstOrThrow(),
      ).toEqual({
        totp_secret: null,
        totp_pending_secret: null,
        totp_enabled_at: null,
      });
      expect(await t.db.selectFrom('user_recovery_codes').select('code_hash').where('user_id', '=', treasurer.userId).execute()).toEqual([]);
      expectFailure(await call(treasurer, 'GET', 'income?page=1'), 401, LOGGED_OUT);
      expectFailure(await call(owner, 'DELETE', `staff/${treasurer.userId}/two-step`), 409, 'This staff member does not use two-step sign-in.');
    });
  });

  describe('staff SMS in the outbox', () => {
    it('is claimed and sent like any message, even to a number opted out of the partner’s messages', async () => {
      const partner = await newPartner();
      const phone = '+254722000999';
      await t.db.insertInto('sms_opt_outs').values({ tenant_id: partner, phone, source: 'reply' }).execute();
      await queueStaffSms(t.db, { tenantId: partner, phone, text: 'Your code is 123456', userId: null });
      const claimed = await claimDue(t.db, `staff-test-${partner}`, 1000);
      expect(claimed.filter((message) => message.tenantId === partner)).toEqual([expect.objectContaining({ recipient: phone, message: 'Your code is 123456' })]);
    });
  });
});

describe.each(testDatabases)('invitation links without PUBLIC_URL on %s', (_name, database) => {
  const testApp = useTestApp(database);

  it('point at the address the inviting request came to', async () => {
    const t = testApp();
    const partnerId = await createPartner(t.db, { name: 'No public address', product: 'general', smsUnits: 0 });
    const email = `owner.${Date.now()}@example.test`;
    await createUser(t.db, { partnerId, email, password: TEST_PASSWORD, firstName: 'Owner', lastName: 'One' });
    const login = await t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password: TEST_PASSWORD } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/staff',
      headers: { authorization: `Bearer ${login.json<LoginResponse>().access_token}`, host: 'church.example.test:8080' },
      payload: { name: 'Ann Njeri', phone: '0733 000 111', roles: ['viewer'] },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<StaffInvited>().invitationUrl).toMatch(/^http:\/\/church\.example\.test:8080\/invitation#[A-Za-z0-9_-]{43}$/);
  });
});
