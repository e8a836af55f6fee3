import { sql } from 'kysely';
import type { LoginResponse } from '@ushirika/shared/contract';
import { createPartner, createUser } from '../src/partners/queries';
import { TEST_PASSWORD, useTestApp, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { expectFailure } from './support/expect';

const SENT = 'If an account uses this email or mobile number, a 6-digit code has been sent to its mobile by SMS. It is valid for 10 minutes.';
const DONE = 'Your password has been changed. Sign in with your new password.';
const WRONG = 'The code is not correct or has expired. Ask for a new one.';
const LOGGED_OUT = 'Please log in again: your session is missing or has expired';
const NEW_PASSWORD = 'a brand new passphrase';

let counter = 0;
/** Each test asks from addresses of its own, so the per-address limits of one never reach another. */
let lastAddress = 0;
const newAddress = () => `198.51.100.${(lastAddress += 1)}`;

/** A forgotten password (issue 25.5): a code by SMS through the outbox, then a new password; every session ends. */
describe.each(testDatabases)('forgotten password on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  beforeAll(() => {
    t = testApp();
  });

  const ask = (login: string, remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/v2/password-reset', payload: { login }, remoteAddress });
  const confirm = (payload: object, remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/v2/password-reset/confirm', payload, remoteAddress });
  const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password } });
  const meetingTypes = (authorization: string) => t.app.inject({ method: 'GET', url: '/api/v2/meeting_types', headers: { authorization } });

  /** A staff member with a Kenyan mobile (+2547…), signed in once. */
  async function member(options: { phone?: string | null; active?: boolean } = {}) {
    counter += 1;
    const partnerId = await createPartner(t.db, { name: `Reset ${counter}`, product: 'general', smsUnits: 0 });
    const email = `reset${counter}.${Date.now()}@example.test`;
    // A Safaricom number (07 1x), unique in the database.
    const phone = options.phone === undefined ? `+25471${String((Date.now() + counter * 104_729) % 10_000_000).padStart(7, '0')}` : options.phone;
    const id = await createUser(t.db, { partnerId, email, password: TEST_PASSWORD, firstName: 'Wanjiru', lastName: 'Kamau', phone });
    if (options.active === false) await t.db.updateTable('users').set({ active: false }).where('id', '=', id).execute();
    return { id, partnerId, email, phone };
  }

  /** The staff SMS queued for `phone`, newest first: what the outbox would send. */
  const smsTo = (phone: string) =>
    t.db.selectFrom('notifications').select(['message', 'category', 'units', 'tenant_id']).where('recipient', '=', phone).orderBy('id', 'desc').execute();
  const codeSentTo = async (phone: string) => {
    const [newest] = await smsTo(phone);
    const code = /\b(\d{6})\b/.exec(newest?.message ?? '')?.[1];
    if (!code) throw new Error('no code was sent');
    return code;
  };
  const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

  it('sends a code by SMS through the outbox; the code and a new password end every session', async () => {
    const address = newAddress();
    const { email, phone: given, partnerId } = await member();
    const phone = given!;
    const sessions = await Promise.all([1, 2].map(async () => `Bearer ${(await login(email, TEST_PASSWORD)).json<LoginResponse>().access_token}`));
    for (const session of sessions) expect((await meetingTypes(session)).statusCode).toBe(200);

    // The mobile as a person types it, in the partner's country.
    const local = `0${phone.slice(4, 7)} ${phone.slice(7, 10)} ${phone.slice(10)}`;
    const asked = await ask(local, address);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ status_msg: SENT });

    const [sms] = await smsTo(phone);
    expect(sms).toMatchObject({ category: 'STAFF', units: 0, tenant_id: partnerId });
    expect(sms!.message).toMatch(/^Ushirika: \d{6} is your code to set a new password\. It is valid for 10 minutes\./);
    const code = await codeSentTo(phone);
    // Kept only as an HMAC.
    const stored = await t.db
      .selectFrom('password_resets as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select('r.code_hash')
      .where('u.email', '=', email)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.code_hash).not.toContain(code);

    expectFailure(await confirm({ login: email, code: otherThan(code), new_password: NEW_PASSWORD }, address), 400, WRONG);
    expectFailure(await confirm({ login: email, code, new_password: 'short' }, address), 400, 'The new password must have at least 8 characters');
    const done = await confirm({ login: phone, code: ` ${code} `, new_password: NEW_PASSWORD }, address);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ status_msg: DONE });

    for (const session of sessions) expectFailure(await meetingTypes(session), 401, LOGGED_OUT);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    // Used once.
    expectFailure(await confirm({ login: email, code, new_password: 'yet another passphrase' }, address), 400, WRONG);
  });

  it('answers the same for an unknown email or mobile, an account without a mobile and a deactivated one, and sends nothing', async () => {
    const address = newAddress();
    const withoutPhone = await member({ phone: null });
    const deactivated = await member({ active: false });
    const before = await t.db
      .selectFrom('notifications')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    for (const login of ['nobody@example.test', '+254 799 000 001', '0799000002', withoutPhone.email, deactivated.email, deactivated.phone!, 'not a login']) {
      const response = await ask(login, address);
      expect({ login, status: response.statusCode, body: response.json() }).toEqual({ login, status: 200, body: { status_msg: SENT } });
    }
    const after = await t.db
      .selectFrom('notifications')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expectFailure(await confirm({ login: 'nobody@example.test', code: '123456', new_password: NEW_PASSWORD }, address), 400, WRONG);
    expectFailure(await ask('', address), 400, 'Enter your email or mobile number');
  });

  it('allows 5 tries: the 6th is refused even with the right code', async () => {
    const address = newAddress();
    const { email, phone } = await member();
    await ask(email, address);
    const code = await codeSentTo(phone!);
    for (let i = 0; i < 5; i += 1) expectFailure(await confirm({ login: email, code: otherThan(code), new_password: NEW_PASSWORD }, address), 400, WRONG);
    expectFailure(await confirm({ login: email, code, new_password: NEW_PASSWORD }, address), 400, WRONG);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(200);

    // A new code works again.
    await ask(email, address);
    expect((await confirm({ login: email, code: await codeSentTo(phone!), new_password: NEW_PASSWORD }, address)).statusCode).toBe(200);
  });

  it('refuses a code after 10 minutes, and an older code once a new one is asked for', async () => {
    const address = newAddress();
    const { id, email, phone } = await member();
    await ask(email, address);
    const first = await codeSentTo(phone!);
    await t.db
      .updateTable('password_resets')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', id)
      .execute();
    expectFailure(await confirm({ login: email, code: first, new_password: NEW_PASSWORD }, address), 400, WRONG);

    await ask(email, address);
    const second = await codeSentTo(phone!);
    await ask(email, address);
    const third = await codeSentTo(phone!);
    if (second !== third) expectFailure(await confirm({ login: email, code: second, new_password: NEW_PASSWORD }, address), 400, WRONG);
    expect((await confirm({ login: email, code: third, new_password: NEW_PASSWORD }, address)).statusCode).toBe(200);
  });

  it('limits codes asked for per account whatever the address, and per address', async () => {
    const { email, phone } = await member();
    for (let i = 0; i < 3; i += 1) expect((await ask(i === 1 ? phone! : email, newAddress())).statusCode).toBe(200);
    const refused = await ask(email, newAddress());
    expectFailure(refused, 429, 'Too many codes asked for. Please wait 15 minutes and use the last code sent, or ask again then.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await smsTo(phone!)).toHaveLength(3);
    // An unknown account is refused alike.
    for (let i = 0; i < 3; i += 1) expect((await ask('ghost@example.test', newAddress())).statusCode).toBe(200);
    expect((await ask('ghost@example.test', newAddress())).statusCode).toBe(429);

    const address = newAddress();
    for (let i = 0; i < 10; i += 1) expect((await ask(`someone${i}@example.test`, address)).statusCode).toBe(200);
    expect((await ask('someone-else@example.test', address)).statusCode).toBe(429);
  });

  it('limits codes entered per address', async () => {
    const address = newAddress();
    for (let i = 0; i < 20; i += 1) expect((await confirm({ login: `x${i}@example.test`, code: '123456', new_password: NEW_PASSWORD }, address)).statusCode).toBe(400);
    expectFailure(
      await confirm({ login: 'x@example.test', code: '123456', new_password: NEW_PASSWORD }, address),
      429,
      'Too many codes entered from this network. Please wait 15 minutes and try again.',
    );
  });
});
