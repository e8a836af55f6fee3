import type { ChangePasswordResponse, LoginResponse, SessionsResponse, TokenClaims } from '@ushirika/shared/contract';
import { TEST_PASSWORD, useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { expectFailure } from './support/expect';

const LOGGED_OUT = 'Please log in again: your session is missing or has expired';

/** Changing the password and logging out everywhere end every session issued before (issue 10, deliver 6). */
describe.each(testDatabases)('sessions on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  beforeAll(() => {
    t = testApp();
  });

  const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password } });
  const session = async (email: string, password = TEST_PASSWORD) => {
    const response = await login(email, password);
    expect(response.statusCode).toBe(200);
    return `Bearer ${response.json<LoginResponse>().access_token}`;
  };
  const listMeetingTypes = (authorization: string) => t.app.inject({ method: 'GET', url: '/api/v2/meeting_types', headers: { authorization } });
  const changePassword = (authorization: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/v2/password', headers: { authorization }, payload });
  const logoutAll = (authorization: string) => t.app.inject({ method: 'POST', url: '/api/v2/logout-all', headers: { authorization } });

  describe('POST /api/v2/password', () => {
    let tenant: Tenant;
    beforeEach(async () => {
      tenant = await t.newTenant();
    });

    it('changes the password, answers a token that works at once, and ends every other session', async () => {
      const otherBrowser = await session(tenant.email);
      expect((await listMeetingTypes(otherBrowser)).statusCode).toBe(200);

      const response = await changePassword(tenant.auth, { current_password: TEST_PASSWORD, new_password: 'a new passphrase 2026' });
      expect(response.statusCode).toBe(200);
      const body = response.json<ChangePasswordResponse>();
      expect(body.status_msg).toBe('Your password has been changed. You have been logged out everywhere else.');
      const fresh = `Bearer ${body.access_token}`;
      // In the same second as the change: the generation, not the time, tells old tokens from new.
      expect((await listMeetingTypes(fresh)).statusCode).toBe(200);
      expect(t.app.jwt.decode<TokenClaims>(body.access_token)).toMatchObject({ sub: expect.any(String), tenantid: tenant.id, gen: 1 });

      expectFailure(await listMeetingTypes(tenant.auth), 401, LOGGED_OUT);
      expectFailure(await listMeetingTypes(otherBrowser), 401, LOGGED_OUT);
      expect((await login(tenant.email, TEST_PASSWORD)).statusCode).toBe(401);
      expect((await listMeetingTypes(await session(tenant.email, 'a new passphrase 2026'))).statusCode).toBe(200);
      expect((await listMeetingTypes(fresh)).statusCode).toBe(200);
    });

    it('answers 400 for a wrong current password and changes nothing', async () => {
      const response = await changePassword(tenant.auth, { current_password: 'not-the-password', new_password: 'a new passphrase 2026' });
      expectFailure(response, 400, 'The current password is not correct.');
      expect((await listMeetingTypes(tenant.auth)).statusCode).toBe(200);
      expect((await login(tenant.email, TEST_PASSWORD)).statusCode).toBe(200);
      expect((await login(tenant.email, 'a new passphrase 2026')).statusCode).toBe(401);
    });

    it.each([
      [{ new_password: 'long enough 123' }, 'Current password is required'],
      [{ current_password: TEST_PASSWORD }, 'New password is required'],
      [{ current_password: TEST_PASSWORD, new_password: '' }, 'New password is required'],
      [{ current_password: TEST_PASSWORD, new_password: 'short7!' }, 'The new password must have at least 8 characters'],
      [{ current_password: TEST_PASSWORD, new_password: 'x'.repeat(129) }, 'The new password must have at most 128 characters'],
      [{ current_password: TEST_PASSWORD, new_password: TEST_PASSWORD }, 'The new password must be different from the current one.'],
    ])('answers 400 for %j: %s', async (payload, message) => {
      expectFailure(await changePassword(tenant.auth, payload), 400, message);
      expect((await listMeetingTypes(tenant.auth)).statusCode).toBe(200);
    });

    it('takes any character, spaces kept, from 8 to 128 characters', async () => {
      const exotic = ' pässwörd \u0000 🔐 ';
      const first = await changePassword(tenant.auth, { current_password: TEST_PASSWORD, new_password: exotic });
      expect(first.statusCode).toBe(200);
      expect((await login(tenant.email, exotic.trim())).statusCode).toBe(401);
      const auth = await session(tenant.email, exotic);

      const longest = 'y'.repeat(128);
      expect((await changePassword(auth, { current_password: exotic, new_password: longest })).statusCode).toBe(200);
      expect((await login(tenant.email, longest)).statusCode).toBe(200);
    });

    it('refuses a change with an old token even when it knows the password', async () => {
      const old = tenant.auth;
      expect((await changePassword(old, { current_password: TEST_PASSWORD, new_password: 'first new password' })).statusCode).toBe(200);
      expectFailure(await changePassword(old, { current_password: 'first new password', new_password: 'second new password' }), 401, LOGGED_OUT);
    });

    it('counts attempts per user before checking: the 11th in 15 minutes is refused with 429, even with the right password', async () => {
      for (let i = 0; i < 10; i += 1) {
        expect((await changePassword(tenant.auth, { current_password: `guess-${i}`, new_password: 'a new passphrase 2026' })).statusCode).toBe(400);
      }
      const refused = await changePassword(tenant.auth, { current_password: TEST_PASSWORD, new_password: 'a new passphrase 2026' });
      expectFailure(refused, 429, 'Too many attempts to change the password. Please wait 15 minutes and try again.');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // The session itself goes on.
      expect((await listMeetingTypes(tenant.auth)).statusCode).toBe(200);
    });

    it('answers 401 without a token', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/v2/password', payload: { current_password: TEST_PASSWORD, new_password: 'whatever123' } });
      expectFailure(response, 401, LOGGED_OUT);
    });
  });

  describe('POST /api/v2/logout-all', () => {
    it('ends every session of the user, this one included; a login afterwards (even in the same second) works', async () => {
      const tenant = await t.newTenant();
      const otherBrowser = await session(tenant.email);
      const bystander = await t.newTenant();

      const response = await logoutAll(tenant.auth);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status_msg: 'You have been logged out everywhere.' });

      expectFailure(await listMeetingTypes(tenant.auth), 401, LOGGED_OUT);
      expectFailure(await listMeetingTypes(otherBrowser), 401, LOGGED_OUT);
      expectFailure(await logoutAll(otherBrowser), 401, LOGGED_OUT);
      expect((await listMeetingTypes(bystander.auth)).statusCode).toBe(200);
      expect((await listMeetingTypes(await session(tenant.email))).statusCode).toBe(200);
    });

    it('answers 401 without a token', async () => {
      expectFailure(await t.app.inject({ method: 'POST', url: '/api/v2/logout-all' }), 401, LOGGED_OUT);
    });
  });

  describe('where you are signed in (issue 25.7)', () => {
    const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 13; SM-A146P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
    const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
    const WINDOWS_EDGE = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.67';

    /** A sign-in from a device and address: its Authorization header. */
    const signIn = async (email: string, userAgent: string, remoteAddress: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/login',
        payload: { email, password: TEST_PASSWORD },
        headers: { 'user-agent': userAgent },
        remoteAddress,
      });
      expect(response.statusCode).toBe(200);
      return `Bearer ${response.json<LoginResponse>().access_token}`;
    };
    const listSessions = (authorization: string) => t.app.inject({ method: 'GET', url: '/api/v2/me/sessions', headers: { authorization } });
    const endSession = (authorization: string, id: string) => t.app.inject({ method: 'DELETE', url: `/api/v2/me/sessions/${id}`, headers: { authorization } });
    const logout = (authorization: string) => t.app.inject({ method: 'POST', url: '/api/v2/logout', headers: { authorization } });

    it("lists the user's open sessions, last used first, with device, address and which is this one", async () => {
      const tenant = await t.newTenant();
      // The sign-in newTenant made is left out: two devices of the user's remain.
      await t.db
        .updateTable('user_sessions')
        .set({ ended_at: new Date() })
        .where('user_id', '=', t.db.selectFrom('users').select('id').where('email', '=', tenant.email))
        .execute();
      const phone = await signIn(tenant.email, ANDROID_CHROME, '198.51.100.20');
      const laptop = await signIn(tenant.email, WINDOWS_EDGE, '198.51.100.21');
      const bystander = await t.newTenant();

      const response = await listSessions(phone);
      expect(response.statusCode).toBe(200);
      const { sessions } = response.json<SessionsResponse>();
      expect(sessions).toEqual([
        { id: expect.any(String), device: 'Edge on Windows', address: '198.51.100.21', createdAt: expect.any(String), lastSeenAt: expect.any(String), current: false },
        { id: expect.any(String), device: 'Chrome on Android', address: '198.51.100.20', createdAt: expect.any(String), lastSeenAt: expect.any(String), current: true },
      ]);
      expect(new Date(sessions[0]!.lastSeenAt).getTime()).toBeGreaterThanOrEqual(new Date(sessions[1]!.lastSeenAt).getTime());
      expect((await listSessions(laptop)).json<SessionsResponse>().sessions.map((session) => session.current)).toEqual([true, false]);
      expect((await listSessions(bystander.auth)).json<SessionsResponse>().sessions).toHaveLength(1);
    });

    it('ends one session: its token is refused from its next request, the others go on; only the user’s own', async () => {
      const tenant = await t.newTenant();
      const phone = await signIn(tenant.email, ANDROID_CHROME, '198.51.100.22');
      const tablet = await signIn(tenant.email, IPHONE_SAFARI, '198.51.100.23');
      const stranger = await t.newTenant();
      const tabletId = (await listSessions(tablet)).json<SessionsResponse>().sessions.find((session) => session.current)!.id;

      expectFailure(await endSession(stranger.auth, tabletId), 404, 'This session does not exist or has ended already.');
      expect((await listMeetingTypes(tablet)).statusCode).toBe(200);
      expectFailure(await endSession(phone, 'not-a-session'), 404, 'This session does not exist or has ended already.');

      const ended = await endSession(phone, tabletId);
      expect(ended.statusCode).toBe(200);
      expect(ended.json()).toEqual({ status_msg: 'That session has ended: its device must sign in again.' });
      expectFailure(await listMeetingTypes(tablet), 401, LOGGED_OUT);
      expect((await listMeetingTypes(phone)).statusCode).toBe(200);
      expect((await listMeetingTypes(tenant.auth)).statusCode).toBe(200);
      expect((await listSessions(phone)).json<SessionsResponse>().sessions.map((session) => session.id)).not.toContain(tabletId);
      expectFailure(await endSession(phone, tabletId), 404, 'This session does not exist or has ended already.');
    });

    it('logs out of this session only', async () => {
      const tenant = await t.newTenant();
      const phone = await signIn(tenant.email, ANDROID_CHROME, '198.51.100.24');
      const response = await logout(phone);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status_msg: 'You have been logged out.' });
      expectFailure(await listMeetingTypes(phone), 401, LOGGED_OUT);
      expect((await listMeetingTypes(tenant.auth)).statusCode).toBe(200);
      expectFailure(await logout(phone), 401, LOGGED_OUT);
    });

    it('lists only the current session after a password change, and none is left open after logging out everywhere', async () => {
      const tenant = await t.newTenant();
      await signIn(tenant.email, ANDROID_CHROME, '198.51.100.25');
      const changed = await changePassword(tenant.auth, { current_password: TEST_PASSWORD, new_password: 'a new passphrase 2026' });
      const fresh = `Bearer ${changed.json<ChangePasswordResponse>().access_token}`;
      const { sessions } = (await listSessions(fresh)).json<SessionsResponse>();
      expect(sessions.map((session) => session.current)).toEqual([true]);

      expect((await logoutAll(fresh)).statusCode).toBe(200);
      const open = await t.db
        .selectFrom('user_sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select('s.id')
        .where('u.email', '=', tenant.email)
        .where('s.ended_at', 'is', null)
        .execute();
      expect(open).toEqual([]);
    });
  });
});
