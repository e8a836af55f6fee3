import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../src/app';
import { loggableError } from '../src/db/errors';
import { createPartner, createUser, setPartnerMpesa } from '../src/partners/queries';
import { testDatabases } from './support/databases';

/**
 * What the server logs holds no personal data, token, password or secret (issue 10): a member's phone typed
 * into a search, a password, the token a login answers, the M-Pesa callback secret in its path, and the values
 * a failing database query carried. The log is read line by line as pino writes it, at level info.
 */
const PHONE = '0712345678';
const PASSWORD = 'Sup3r-secret-pass!';
const SECRET = 'log-privacy-c2b-secret';

jest.setTimeout(60_000);

describe.each(testDatabases)('the log on %s', (_name, kind) => {
  it('names routes and query parameters, never the values, the token, the password or the callback secret', async () => {
    const lines: string[] = [];
    const handle = await kind.open();
    const app = await buildApp({
      db: handle.db,
      config: { jwtSecret: 'log-privacy-secret-long-enough-for-hs256', tokenTtlSeconds: 600, webRoot: undefined },
      logger: { level: 'info', stream: { write: (line) => void lines.push(line) } },
    });
    try {
      const partner = await createPartner(handle.db, { name: 'Log Church', product: 'general', smsUnits: 0 });
      await setPartnerMpesa(handle.db, partner, { shortCode: '600900', secret: SECRET });
      await createUser(handle.db, { partnerId: partner, email: 'logger@example.test', password: PASSWORD, firstName: 'Log', lastName: 'Ger' });
      const wrong = await app.inject({ method: 'POST', url: '/api/v2/login', payload: { email: 'logger@example.test', password: `${PASSWORD}x` } });
      expect(wrong.statusCode).toBe(401);
      const login = await app.inject({ method: 'POST', url: '/api/v2/login', payload: { email: 'logger@example.test', password: PASSWORD } });
      const token = login.json<{ access_token: string }>().access_token;
      const authorization = `Bearer ${token}`;
      const search = await app.inject({ method: 'GET', url: `/api/v2/member?action=display&page=1&pagesize=15&searchKey=${PHONE}`, headers: { authorization } });
      expect(search.statusCode).toBe(200);
      const saved = { firstname: 'Amina', lastname: 'Wanjiru', phone: PHONE, gender: 'F' };
      await app.inject({ method: 'POST', url: '/api/v2/member', headers: { authorization }, payload: saved });
      await app.inject({ method: 'POST', url: '/api/v2/member', headers: { authorization }, payload: saved });
      const callback = await app.inject({ method: 'POST', url: `/api/v2/mpesa/c2b/${SECRET}/confirmation`, payload: { TransID: 'X', MSISDN: '254712345678' } });
      expect(callback.statusCode).toBeLessThan(500);

      const log = lines.join('');
      expect(lines.filter((line) => line.includes('"incoming request"')).length).toBeGreaterThanOrEqual(5);
      expect(log).toContain('/api/v2/member?action=…&page=…&pagesize=…&searchKey=…');
      for (const secret of [PHONE, '712345678', PASSWORD, token, token.split('.')[1]!, SECRET, 'logger@example.test']) expect(log).not.toContain(secret);
    } finally {
      await app.close();
      await handle.close();
    }
  });
});

describe('a database error in the log', () => {
  it('keeps the SQLSTATE and names, and drops the parameters, the detail and the quoted value', async () => {
    const pglite = await PGlite.create();
    try {
      const error = await pglite.query('select $1::int', ['+254712345678']).catch((caught: unknown) => caught);
      const logged = JSON.stringify(loggableError(error));
      expect(logged).toMatch(/"code":"22\w{3}"/);
      expect(logged).not.toContain('712345678');
    } finally {
      await pglite.close();
    }
  });
});
