import type { LightMyRequestResponse } from 'fastify';
import { TEST_PASSWORD, useTestApp, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { createPartnerRecords, daraja, TENANT_REQUESTS, type PartnerRecords, type Request } from './support/partner-records';

/**
 * Security review: authenticated API answers carried no `Cache-Control: no-store`, so a browser (a shared
 * computer's) or a proxy could keep a partner's records. Every /api/v2 route of the server's own route table
 * is sent, with the partner's token (answered, or refused for what it asks) and without one (401): every answer
 * says no-store. So do the public API answers (the login's token above all) and an unknown API path. The
 * front ends' files and /remotes.json keep their own caching (web.test.ts).
 */

const SMS_SECRET = 'no-store-sms-secret-5d1c';

describe.each(testDatabases)('Cache-Control: no-store on every API answer, on %s', (_name, database) => {
  const testApp = useTestApp(database, { smsCallbackSecret: SMS_SECRET });
  let t: TestApp;
  let own: PartnerRecords;
  beforeAll(async () => {
    t = testApp();
    own = await createPartnerRecords(t, 'Nostore', 4);
  }, 120_000);

  /** The routes behind the token: every /api/v2 route but those that declare themselves public (issue 25). */
  const tenantApiRoutes = () => [
    ...new Set(
      t.app.routeTable
        .filter((route) => route.url.startsWith('/api/v2/') && route.method !== 'HEAD' && route.permission !== 'public')
        .map((route) => `${route.method} ${route.url}`),
    ),
  ];

  /** What is wrong with an answer's caching, or nothing. */
  const problem = (label: string, response: LightMyRequestResponse) => {
    const cacheControl = String(response.headers['cache-control'] ?? '');
    return /(^|,\s*)no-store(\s*,|$)/.test(cacheControl) ? [] : [`${label} -> ${response.statusCode} with cache-control "${cacheControl}"`];
  };

  it('on every route behind the token: answered with the token, refused without it', async () => {
    const tenantRoutes = tenantApiRoutes();
    expect(tenantRoutes.length).toBeGreaterThan(60);
    // A route this test cannot send (no request in TENANT_REQUESTS) fails it, so a new route is covered or noticed.
    expect(tenantRoutes.filter((route) => !(route in TENANT_REQUESTS))).toEqual([]);
    // Logging out last: it ends the token.
    const endsTheToken = ['POST /api/v2/logout', 'POST /api/v2/logout-all'];
    const ordered = [...tenantRoutes.filter((route) => !endsTheToken.includes(route)), ...endsTheToken];

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const route of ordered) {
      const request: Request = TENANT_REQUESTS[route]!(own);
      const signed = await t.as(own.tenant, request);
      statuses.set(signed.statusCode, (statuses.get(signed.statusCode) ?? 0) + 1);
      if (signed.statusCode >= 500) failures.push(`${route} -> ${signed.statusCode} ${signed.body.slice(0, 120)}`);
      failures.push(...problem(`${route} with the token`, signed));
      const anonymous = await t.app.inject(request);
      expect(anonymous.statusCode).toBe(401);
      failures.push(...problem(`${route} without a token`, anonymous));
    }
    expect(failures).toEqual([]);
    // Most were answered, not refused: the header is on the partner's data, not only on errors.
    expect([...statuses].filter(([status]) => status < 300).reduce((sum, [, count]) => sum + count, 0)).toBeGreaterThan(tenantRoutes.length * 0.8);
  });

  it('on the public API answers: the login and its token, a failed login, health, callbacks and unknown paths', async () => {
    const failures: string[] = [];
    const send = async (label: string, request: Request) => failures.push(...problem(label, await t.app.inject(request)));
    const login = await t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email: own.tenant.email, password: TEST_PASSWORD } });
    expect(login.json()).toHaveProperty('access_token');
    failures.push(...problem('a login', login));
    await send('a failed login', { method: 'POST', url: '/api/v2/login', payload: { email: own.tenant.email, password: 'not the password' } });
    await send('health', { method: 'GET', url: '/api/v2/health' });
    await send('a forgotten password', { method: 'POST', url: '/api/v2/password-reset', payload: { login: own.tenant.email } });
    await send('an invitation link that is not valid', { method: 'GET', url: '/api/v2/invitation/not-a-link' });
    await send('an SMS delivery report', {
      method: 'POST',
      url: `/api/v2/callbacks/sms/${SMS_SECRET}/delivery`,
      payload: { id: 'ATXid_none', status: 'Success' },
    });
    await send('an M-Pesa confirmation', {
      method: 'POST',
      url: `/api/v2/mpesa/c2b/${own.mpesa.secret}/validation`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(daraja(own.mpesa.shortCode, own.marker, `NS${Date.now() % 1e6}`)),
    });
    await send('an unknown API path', { method: 'GET', url: '/api/v2/nothing-here' });
    await send('an unknown API version', { method: 'GET', url: '/api/v1/member' });
    expect(failures).toEqual([]);
    // Not the API: the probes and the documentation keep what they send.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).headers['cache-control']).toBeUndefined();
    expect(String((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).headers['cache-control'] ?? '')).not.toContain('no-store');
  });
});
