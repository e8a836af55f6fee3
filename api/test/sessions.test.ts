import type { ChangePasswordResponse, LoginResponse, TokenClaims } from '@ushirika/shared/contract';
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
});
