import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { PERMISSIONS, type ErrorBody, type LoginResponse, type TokenClaims } from '@ushirika/shared/contract';
import { hashPassword } from '../src/auth/passwords';
import { createPartner, createUser } from '../src/partners/queries';
import { TEST_PASSWORD, useTestApp, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { expectFailure } from './support/expect';

const SECRET = 'test-secret-that-is-long-enough-for-hs256';

describe.each(testDatabases)('auth on %s', (_name, database) => {
  const testApp = useTestApp(database, { jwtSecret: SECRET });
  let t: TestApp;
  beforeAll(() => {
    t = testApp();
  });

  const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password } });
  const listMeetingTypes = (headers: { authorization?: string }, query = '') => t.app.inject({ method: 'GET', url: `/api/v2/meeting_types${query}`, headers });

  describe('POST /api/v2/login', () => {
    it('answers the token and the user with their partner', async () => {
      const partnerId = await createPartner(t.db, { name: 'Grace Community Church', product: 'general', smsUnits: 10 });
      await createUser(t.db, { partnerId, email: 'jane@grace.test', password: TEST_PASSWORD, firstName: 'Jane', lastName: 'Wanjiku' });

      const response = await login('Jane@Grace.test ', TEST_PASSWORD);

      expect(response.statusCode).toBe(200);
      const body = response.json<LoginResponse>();
      expect(body.user).toEqual({
        firstName: 'Jane',
        lastName: 'Wanjiku',
        email: 'jane@grace.test',
        Partner: { id: partnerId, name: 'Grace Community Church', product: 'general', country: 'KE', timeZone: 'Africa/Nairobi' },
        // The first user of a partner is its owner, who may do everything.
        roles: ['owner'],
        permissions: [...PERMISSIONS],
      });
      const claims = t.app.jwt.decode<TokenClaims>(body.access_token);
      expect(claims).toMatchObject({ tenantid: partnerId, sub: expect.any(String), gen: 0 });
      expect(claims!.exp - claims!.iat).toBe(3600);
      expect(t.app.jwt.decode<{ header: { alg: string } }>(body.access_token, { complete: true })?.header.alg).toBe('HS256');
    });

    it('answers 401 with the same message for a wrong password and for an unknown email', async () => {
      const tenant = await t.newTenant();
      for (const response of [await login(tenant.email, 'wrong-password'), await login('nobody@example.test', TEST_PASSWORD)]) {
        expectFailure(response, 401, 'Invalid email or password');
      }
    });

    it('answers 400 with a status_msg when a field is missing', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email: 'x@example.test' } });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().status_msg).toMatch(/password/);
    });

    it('refuses an email with 429 after 10 failures, even with the right password; other emails still work (more in rate-limits.test.ts)', async () => {
      const target = await t.newTenant();
      const bystander = await t.newTenant();
      for (let i = 0; i < 10; i += 1) expect((await login(target.email, `guess-${i}`)).statusCode).toBe(401);

      const blocked = await login(target.email, TEST_PASSWORD);
      expectFailure(blocked, 429, 'Too many failed logins for this email. Please wait 15 minutes and try again.');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await login(bystander.email, TEST_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('the token guard on /api/v2', () => {
    it('answers 401 without a token, with a malformed one, and with one signed by another key', async () => {
      const tenant = await t.newTenant();
      const foreign = tenant.auth.slice(0, -4) + 'AAAA';
      for (const headers of [{}, { authorization: 'Bearer not-a-token' }, { authorization: foreign }]) {
        const response = await listMeetingTypes(headers);
        expect(response.statusCode).toBe(401);
        expect(response.json<ErrorBody>().status_msg).toMatch(/log in/i);
      }
    });

    it('answers 401 for an expired token', async () => {
      const tenant = await t.newTenant();
      const now = Math.floor(Date.now() / 1000);
      const expired = t.app.jwt.sign({ sub: '1', tenantid: tenant.id, iat: now - 7200, exp: now - 60 });
      expect((await listMeetingTypes({ authorization: `Bearer ${expired}` })).statusCode).toBe(401);
    });

    it('answers 401 for a well-signed token whose user was deleted, or whose claims are not well formed', async () => {
      const tenant = await t.newTenant();
      const { sub } = t.app.jwt.decode<TokenClaims>(tenant.auth.replace(/^Bearer /, ''))!;
      const now = Math.floor(Date.now() / 1000);
      const signed = (claims: Record<string, unknown>) =>
        `Bearer ${t.app.jwt.sign({ tenantid: tenant.id, iat: now, exp: now + 600, ...claims } as unknown as TokenClaims)}`;
      expect((await listMeetingTypes({ authorization: signed({ sub }) })).statusCode).toBe(200);
      for (const claims of [
        { sub: '99999999' },
        { sub: '3000000000' },
        { sub: `${sub}.5` },
        { sub: Number(sub) },
        { sub, gen: -1 },
        { sub, gen: 'x' },
        { sub, tenantid: tenant.id + 1000 },
      ]) {
        expect({ claims, status: (await listMeetingTypes({ authorization: signed(claims) })).statusCode }).toEqual({ claims, status: 401 });
      }

      await t.db.deleteFrom('users').where('id', '=', Number(sub)).execute();
      expectFailure(await listMeetingTypes({ authorization: tenant.auth }), 401, 'Please log in again: your session is missing or has expired');
    });

    it('accepts only HS256: a token with alg none, HS512 (same secret) or RS256 is refused', async () => {
      const tenant = await t.newTenant();
      const { sub } = t.app.jwt.decode<TokenClaims>(tenant.auth.replace(/^Bearer /, ''))!;
      const now = Math.floor(Date.now() / 1000);
      const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const claims = part({ sub, tenantid: tenant.id, gen: 0, iat: now, exp: now + 600 });
      const hmac = (algorithm: string, input: string) => createHmac(algorithm, SECRET).update(input).digest('base64url');
      const token = (alg: string, signature: (input: string) => string) => {
        const input = `${part({ alg, typ: 'JWT' })}.${claims}`;
        return `Bearer ${input}.${signature(input)}`;
      };
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

      // The hand-made HS256 token passes, so the others fail for their algorithm alone.
      expect((await listMeetingTypes({ authorization: token('HS256', (input) => hmac('sha256', input)) })).statusCode).toBe(200);
      for (const [alg, signature] of [
        ['none', () => ''],
        ['HS512', (input: string) => hmac('sha512', input)],
        ['HS384', (input: string) => hmac('sha384', input)],
        ['RS256', (input: string) => sign('sha256', Buffer.from(input), privateKey).toString('base64url')],
      ] as const) {
        expect({ alg, status: (await listMeetingTypes({ authorization: token(alg, signature) })).statusCode }).toEqual({ alg, status: 401 });
      }
    });

    it('accepts the token with and without the Bearer prefix', async () => {
      const tenant = await t.newTenant();
      const bare = tenant.auth.replace(/^Bearer /, '');
      expect((await listMeetingTypes({ authorization: tenant.auth })).statusCode).toBe(200);
      expect((await listMeetingTypes({ authorization: bare })).statusCode).toBe(200);
    });

    it('accepts the own tenantid and answers 403 for another one', async () => {
      const tenant = await t.newTenant();
      const other = await t.newTenant();
      expect((await listMeetingTypes({ authorization: tenant.auth }, `?tenantid=${tenant.id}`)).statusCode).toBe(200);

      const response = await listMeetingTypes({ authorization: tenant.auth }, `?tenantid=${other.id}`);
      expect(response.statusCode).toBe(403);
      expect(response.json<ErrorBody>().status_msg).toMatch(/own organisation/);
    });
  });

  describe('failures outside the routes', () => {
    it('answers 404 with a status_msg for an unknown API route', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v2/no-such-thing' });
      expectFailure(response, 404, 'Not found: GET /api/v2/no-such-thing');
    });

    it('answers 400 with a status_msg for a body that is not JSON, and 413 for one over 1 MiB', async () => {
      const headers = { 'content-type': 'application/json' };
      const broken = await t.app.inject({ method: 'POST', url: '/api/v2/login', headers, payload: '{"email":' });
      expect(broken.statusCode).toBe(400);
      expect(Object.keys(broken.json<ErrorBody>())).toEqual(['status_msg']);

      const huge = await t.app.inject({ method: 'POST', url: '/api/v2/login', headers, payload: JSON.stringify({ email: 'x'.repeat(1_100_000), password: 'p' }) });
      expect(huge.statusCode).toBe(413);
      expect(Object.keys(huge.json<ErrorBody>())).toEqual(['status_msg']);
    });
  });

  describe('POST /api/v2/login with a mobile number (issue 25)', () => {
    /** A staff member who signs in with `phone` (and no email unless given), and their partner. */
    async function mobileUser(phone: string, country: string, password = TEST_PASSWORD, email: string | null = null) {
      const partnerId = await createPartner(t.db, { name: `Mobile ${phone}`, product: 'general', smsUnits: 0, country });
      const { id } = await t.db
        .insertInto('users')
        .values({ partner_id: partnerId, email, phone, password_hash: await hashPassword(password), first_name: 'Baraka', last_name: 'Njoroge', roles: ['secretary'] })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, partnerId };
    }

    it('signs in with the mobile in every form a person types it', async () => {
      const { partnerId } = await mobileUser('+254712345001', 'KE');
      for (const typed of ['0712 345 001', '712345001', '254712345001', '+254 712-345-001', '00254712345001', ' (0712) 345001 ']) {
        const response = await login(typed, TEST_PASSWORD);
        expect({ typed, status: response.statusCode }).toEqual({ typed, status: 200 });
        const body = response.json<LoginResponse>();
        expect(body.user).toMatchObject({ firstName: 'Baraka', email: '', roles: ['secretary'], Partner: { id: partnerId } });
        expect((await listMeetingTypes({ authorization: `Bearer ${body.access_token}` })).statusCode).toBe(200);
      }
      for (const typed of ['0712 345 002', '0712345001x', '+1 712 345 001', '12345']) expectFailure(await login(typed, TEST_PASSWORD), 401, 'Invalid email or password');
      expectFailure(await login('0712345001', 'wrong-password'), 401, 'Invalid email or password');
    });

    it("reads a local number in each partner's country: the same digits find a Kenyan and a Ugandan account", async () => {
      const kenyan = await mobileUser('+254772000123', 'KE', 'kenyan password');
      const ugandan = await mobileUser('+256772000123', 'UG', 'ugandan password');
      expect((await login('0772 000 123', 'kenyan password')).json<LoginResponse>().user.Partner.id).toBe(kenyan.partnerId);
      expect((await login('0772 000 123', 'ugandan password')).json<LoginResponse>().user.Partner.id).toBe(ugandan.partnerId);
      expect((await login('+256772000123', 'ugandan password')).json<LoginResponse>().user.Partner.id).toBe(ugandan.partnerId);
      expect((await login('+256772000123', 'kenyan password')).statusCode).toBe(401);
    });

    it('signs in with the email too when the member has both; a deactivated member fails like a wrong password', async () => {
      const { id } = await mobileUser('+254712345003', 'KE', TEST_PASSWORD, 'both.ways@grace.test');
      expect((await login('Both.Ways@grace.test', TEST_PASSWORD)).statusCode).toBe(200);
      expect((await login('0712345003', TEST_PASSWORD)).json<LoginResponse>().user.email).toBe('both.ways@grace.test');
      await t.db.updateTable('users').set({ active: false }).where('id', '=', id).execute();
      expectFailure(await login('0712345003', TEST_PASSWORD), 401, 'Invalid email or password');
    });

    it('counts failures per account whichever form of the number is typed', async () => {
      await mobileUser('+254712345004', 'KE');
      const forms = ['0712345004', '+254712345004', '712 345 004', '254712345004', '0712-345-004'];
      // From an address of its own: the other tests' failures are not counted with these.
      const from = (email: string, password: string) =>
        t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password }, remoteAddress: '203.0.113.9' });
      for (let i = 0; i < 10; i += 1) expect((await from(forms[i % forms.length]!, `guess-${i}`)).statusCode).toBe(401);
      expectFailure(await from('+254 712 345 004', TEST_PASSWORD), 429, 'Too many failed logins for this email. Please wait 15 minutes and try again.');
    });
  });
});
