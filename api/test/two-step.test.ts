import { generateSync } from 'otplib';
import {
  noPermissionText,
  PERMISSIONS,
  permissionsOf,
  type LoginChallenge,
  type LoginResponse,
  type MeResponse,
  type Role,
  type TwoStepConfirmed,
  type TwoStepEnrolment,
} from '@ushirika/shared/contract';
import { createPartner, createUser } from '../src/partners/queries';
import { TEST_PASSWORD, useTestApp, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { expectFailure } from './support/expect';

const LOGGED_OUT = 'Please log in again: your session is missing or has expired';
const CODE_WRONG = 'The code is not correct. Check the time on your phone, or use a recovery code.';

/** A code of the app for the time step `steps` after now's (the one just used at enrolment is refused a second time). */
const codeOf = (secret: string, steps = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

let counter = 0;

/** Two-step sign-in (issue 25.6): enrolment, the login's second step, recovery codes, the partner's rule. */
describe.each(testDatabases)('two-step sign-in on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  beforeAll(() => {
    t = testApp();
  });

  const login = (email: string, password = TEST_PASSWORD) => t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password } });
  const secondStep = (challenge: string, code: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/v2/login/two-step', payload: { challenge, code }, remoteAddress });
  const call = (authorization: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

  /** A staff member of a new (or the given) partner, signed in: their email and Authorization header. */
  async function member(roles: Role[] = ['owner'], partnerId?: number) {
    counter += 1;
    const partner = partnerId ?? (await createPartner(t.db, { name: `Two-step ${counter}`, product: 'general', smsUnits: 0 }));
    const email = `two-step${counter}.${Date.now()}@example.test`;
    await createUser(t.db, { partnerId: partner, email, password: TEST_PASSWORD, firstName: 'Amina', lastName: 'Otieno', roles });
    const response = await login(email);
    expect(response.statusCode).toBe(200);
    return { partnerId: partner, email, auth: `Bearer ${response.json<LoginResponse>().access_token}`, user: response.json<LoginResponse>().user };
  }

  /** Enrols the signed-in user: the secret and the recovery codes. */
  async function enrol(auth: string) {
    const started = await call(auth, 'POST', '/api/v2/me/two-step');
    expect(started.statusCode).toBe(200);
    const { secret } = started.json<TwoStepEnrolment>();
    const confirmed = await call(auth, 'POST', '/api/v2/me/two-step/confirm', { code: codeOf(secret) });
    expect(confirmed.statusCode).toBe(200);
    return { secret, recoveryCodes: confirmed.json<TwoStepConfirmed>().recoveryCodes };
  }

  /** The login's first step for a user with two-step on: the challenge. */
  async function challengeOf(email: string): Promise<string> {
    const response = await login(email);
    expect(response.statusCode).toBe(200);
    return response.json<LoginChallenge>().challenge;
  }

  describe('enrolment', () => {
    it('gives a secret, its otpauth URI and QR code; the first code turns it on and gives ten recovery codes', async () => {
      const { auth, email } = await member();
      const started = await call(auth, 'POST', '/api/v2/me/two-step');
      expect(started.statusCode).toBe(200);
      const enrolment = started.json<TwoStepEnrolment>();
      expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(enrolment.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Ushirika:Two-step%20\d+%20%2F%20two-step.*\?secret=[A-Z2-7]{32}&issuer=Ushirika$/);
      expect(enrolment.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

      // Not on until a code comes back: the login still takes one step, /me says so.
      expect((await login(email)).json<LoginResponse>().access_token).toEqual(expect.any(String));
      expect((await call(auth, 'GET', '/api/v2/me')).json<MeResponse>().user.twoStep).toBe(false);

      expectFailure(
        await call(auth, 'POST', '/api/v2/me/two-step/confirm', { code: '000000' === codeOf(enrolment.secret) ? '111111' : '000000' }),
        400,
        'The code is not correct. Scan the QR code again, check the time on your phone, and enter the newest code.',
      );
      const confirmed = await call(auth, 'POST', '/api/v2/me/two-step/confirm', { code: codeOf(enrolment.secret) });
      expect(confirmed.statusCode).toBe(200);
      const { status_msg, recoveryCodes } = confirmed.json<TwoStepConfirmed>();
      expect(status_msg).toMatch(/^Two-step sign-in is on/);
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}$/);
      // Stored only hashed.
      const stored = await t.db
        .selectFrom('user_recovery_codes')
        .innerJoin('users', 'users.id', 'user_id')
        .select('code_hash')
        .where('users.email', '=', email)
        .execute();
      expect(stored).toHaveLength(10);
      for (const { code_hash } of stored) expect(code_hash).toMatch(/^[0-9a-f]{64}$/);

      expect((await call(auth, 'GET', '/api/v2/me')).json<MeResponse>().user.twoStep).toBe(true);
      expectFailure(await call(auth, 'POST', '/api/v2/me/two-step'), 409, 'Two-step sign-in is on already. Turn it off first to move it to another phone.');
    });
  });

  describe('the login', () => {
    it('asks for a code instead of giving a token; a real code of the app then signs in, once', async () => {
      const { email, auth } = await member(['treasurer']);
      const { secret } = await enrol(auth);

      const first = await login(email);
      expect(first.statusCode).toBe(200);
      const body = first.json<LoginChallenge & { access_token?: string }>();
      expect(body).toEqual({ status_msg: 'Enter the 6-digit code from your authenticator app', two_step: true, challenge: expect.any(String) });
      // The challenge opens nothing.
      expectFailure(await call(`Bearer ${body.challenge}`, 'GET', '/api/v2/me'), 401, LOGGED_OUT);

      // The code of the next 30-second step: the one of enrolment's step was used already.
      const code = codeOf(secret, 1);
      const signedIn = await secondStep(body.challenge, code);
      expect(signedIn.statusCode).toBe(200);
      const answer = signedIn.json<LoginResponse>();
      expect(answer.user.roles).toEqual(['treasurer']);
      expect(answer.user.permissions).toEqual(permissionsOf(['treasurer']));
      expect((await call(`Bearer ${answer.access_token}`, 'GET', '/api/v2/account')).statusCode).toBe(200);

      // A code is taken once: seen over a shoulder, it is worth nothing.
      expectFailure(await secondStep(await challengeOf(email), code), 400, CODE_WRONG);
      expectFailure(await secondStep(await challengeOf(email), '123'), 400, CODE_WRONG);
    });

    it('takes a recovery code (any case, without the dash) once', async () => {
      const { email, auth } = await member();
      const { recoveryCodes } = await enrol(auth);
      const typed = recoveryCodes[3]!.replace('-', ' ').toUpperCase();

      expect((await secondStep(await challengeOf(email), typed)).statusCode).toBe(200);
      expectFailure(await secondStep(await challengeOf(email), recoveryCodes[3]!), 400, CODE_WRONG);
      expect((await secondStep(await challengeOf(email), recoveryCodes[4]!)).statusCode).toBe(200);
    });

    it('refuses a challenge that is not one, expired, or older than the last password change', async () => {
      const { email, auth } = await member();
      const { secret } = await enrol(auth);
      const challenge = await challengeOf(email);
      expectFailure(await secondStep(auth.replace('Bearer ', ''), codeOf(secret, 1)), 401, 'Sign in again: the first step has expired or is not valid');

      const iat = Math.floor(Date.now() / 1000) - 600;
      const claims = t.app.jwt.decode<{ sub: string; gen: number }>(challenge)!;
      const expired = t.app.jwt.sign({ sub: claims.sub, purpose: 'two-step', gen: claims.gen, iat, exp: iat + 300 } as never);
      expectFailure(await secondStep(expired, codeOf(secret, 1)), 401, 'Sign in again: the first step has expired or is not valid');

      expect((await call(auth, 'POST', '/api/v2/logout-all')).statusCode).toBe(200);
      expectFailure(await secondStep(challenge, codeOf(secret, 1)), 401, 'Sign in again: the first step has expired or is not valid');
    });

    it('counts codes before checking them: after 10 wrong codes, even the right one is refused with 429', async () => {
      const { email, auth } = await member();
      const { secret, recoveryCodes } = await enrol(auth);
      const challenge = await challengeOf(email);
      const right = codeOf(secret, 1);
      const wrong = right === '000000' ? '111111' : '000000';
      // From an address of its own: the other tests' codes are not counted with these.
      const address = '203.0.113.76';
      for (let i = 0; i < 10; i += 1) expectFailure(await secondStep(challenge, wrong, address), 400, CODE_WRONG);

      const refused = await secondStep(challenge, right, address);
      expectFailure(refused, 429, 'Too many wrong codes for this account. Please wait 15 minutes and try again.');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Per account, whatever the address.
      expectFailure(await secondStep(challenge, recoveryCodes[0]!, '203.0.113.77'), 429, 'Too many wrong codes for this account. Please wait 15 minutes and try again.');
    });
  });

  describe("the partner's rule", () => {
    it('only an owner reads and changes it', async () => {
      const owner = await member(['owner']);
      const admin = await member(['administrator'], owner.partnerId);
      expectFailure(await call(admin.auth, 'GET', '/api/v2/security'), 403, noPermissionText('security.manage'));
      expect((await call(admin.auth, 'PUT', '/api/v2/security', { requireTwoStep: true })).statusCode).toBe(403);
      expect((await call(owner.auth, 'GET', '/api/v2/security')).json()).toEqual({ requireTwoStep: false });
      expectFailure(await call(owner.auth, 'PUT', '/api/v2/security', { requireTwoStep: 'yes' }), 400, 'Say whether two-step sign-in is required: true or false');

      // The rule binds the owner who sets it: they enrol first.
      expectFailure(
        await call(owner.auth, 'PUT', '/api/v2/security', { requireTwoStep: true }),
        409,
        'Turn on two-step sign-in for yourself first (your menu, Two-step sign-in): the rule applies to you too.',
      );
      expect((await call(owner.auth, 'GET', '/api/v2/security')).json()).toEqual({ requireTwoStep: false });
      await enrol(owner.auth);
      const on = await call(owner.auth, 'PUT', '/api/v2/security', { requireTwoStep: true });
      expect(on.statusCode).toBe(200);
      expect(on.json()).toEqual({ status_msg: 'Owners and treasurers now sign in with a code from their authenticator app.', requireTwoStep: true });
      expect((await call(owner.auth, 'GET', '/api/v2/me')).json<MeResponse>().user).toMatchObject({ permissions: [...PERMISSIONS], mustEnrolTwoStep: false });
      expect((await call(admin.auth, 'GET', '/api/v2/me')).json<MeResponse>().user).toMatchObject({ mustEnrolTwoStep: false });
      const off = await call(owner.auth, 'PUT', '/api/v2/security', { requireTwoStep: false });
      expect(off.json()).toEqual({ status_msg: 'Two-step sign-in is now optional for owners and treasurers.', requireTwoStep: false });
    });

    it('gives an owner without two-step no permissions until they enrol, then all of them; others are not asked', async () => {
      const partnerId = await createPartner(t.db, { name: `Required ${(counter += 1)}`, product: 'general', smsUnits: 0, requireTwoStep: true });
      const owner = await member(['owner'], partnerId);
      const secretary = await member(['secretary'], partnerId);

      expect(owner.user).toMatchObject({ roles: ['owner'], permissions: [], mustEnrolTwoStep: true });
      expectFailure(await call(owner.auth, 'GET', '/api/v2/meeting_types'), 403, noPermissionText('meetings.read'));
      expect((await call(owner.auth, 'GET', '/api/v2/me')).json<MeResponse>().user).toMatchObject({ permissions: [], mustEnrolTwoStep: true, twoStep: false });
      expect(secretary.user.permissions).toEqual(permissionsOf(['secretary']));
      expect(secretary.user.mustEnrolTwoStep).toBeUndefined();

      const { secret } = await enrol(owner.auth);
      // The same token: the permissions are read on every request.
      expect((await call(owner.auth, 'GET', '/api/v2/meeting_types')).statusCode).toBe(200);
      expect((await call(owner.auth, 'GET', '/api/v2/me')).json<MeResponse>().user).toMatchObject({
        permissions: [...PERMISSIONS],
        mustEnrolTwoStep: false,
        twoStep: true,
      });
      // Required: it cannot be turned off.
      expectFailure(
        await call(owner.auth, 'DELETE', '/api/v2/me/two-step', { code: codeOf(secret, 1) }),
        400,
        'Your organisation requires two-step sign-in for owners and treasurers: it cannot be turned off.',
      );
    });
  });

  describe('turning it off', () => {
    it('takes a code; then the login is one step again', async () => {
      const { email, auth } = await member(['viewer']);
      const { secret } = await enrol(auth);
      expectFailure(await call(auth, 'DELETE', '/api/v2/me/two-step', { code: '12345x' }), 400, CODE_WRONG);
      expectFailure(await call(auth, 'DELETE', '/api/v2/me/two-step', { code: { $ne: '' } }), 400, 'The code must be text');
      const off = await call(auth, 'DELETE', '/api/v2/me/two-step', { code: codeOf(secret, 1) });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toEqual({ status_msg: 'Two-step sign-in is off.' });
      expect((await login(email)).json<LoginResponse>().access_token).toEqual(expect.any(String));
      expect(
        await t.db.selectFrom('user_recovery_codes').innerJoin('users', 'users.id', 'user_recovery_codes.user_id').where('users.email', '=', email).execute(),
      ).toEqual([]);
      expectFailure(await call(auth, 'DELETE', '/api/v2/me/two-step', { code: codeOf(secret, 1) }), 409, 'Two-step sign-in is not on.');
    });
  });

  describe('GET /api/v2/me', () => {
    it('answers the signed-in user with id, mobile, roles, permissions and two-step', async () => {
      const partnerId = await createPartner(t.db, { name: `Me ${(counter += 1)}`, product: 'general', smsUnits: 0 });
      const email = `me${counter}@example.test`;
      const id = await createUser(t.db, {
        partnerId,
        email,
        password: TEST_PASSWORD,
        firstName: 'Juma',
        lastName: 'Mwangi',
        roles: ['messaging', 'viewer'],
        phone: '+254711000111',
      });
      const auth = `Bearer ${(await login(email)).json<LoginResponse>().access_token}`;
      const me = await call(auth, 'GET', '/api/v2/me');
      expect(me.statusCode).toBe(200);
      expect(me.json<MeResponse>().user).toEqual({
        id,
        firstName: 'Juma',
        lastName: 'Mwangi',
        email,
        phone: '+254711000111',
        Partner: { id: partnerId, name: `Me ${counter}`, product: 'general', country: 'KE', timeZone: 'Africa/Nairobi' },
        roles: ['messaging', 'viewer'],
        permissions: permissionsOf(['messaging', 'viewer']),
        mustEnrolTwoStep: false,
        twoStep: false,
      });
      // Roles changed since the login show at once.
      await t.db
        .updateTable('users')
        .set({ roles: ['secretary'] })
        .where('id', '=', id)
        .execute();
      expect((await call(auth, 'GET', '/api/v2/me')).json<MeResponse>().user.permissions).toEqual(permissionsOf(['secretary']));
      expectFailure(await t.app.inject({ method: 'GET', url: '/api/v2/me' }), 401, LOGGED_OUT);
    });
  });
});
