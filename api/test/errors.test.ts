import { buildApp } from '../src/app';
import { oneDatabase } from './support/databases';
import { expectFailure } from './support/expect';

const config = { jwtSecret: 'errors', tokenTtlSeconds: 60, webRoot: undefined };

describe('health and server failures', () => {
  it('reports healthy without a token while the database answers', async () => {
    const handle = await oneDatabase.open();
    const app = await buildApp({ db: handle.db, config, logger: false });
    const response = await app.inject({ method: 'GET', url: '/api/v2/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    await app.close();
    await handle.close();
  }, 60_000);

  it('answers 503 from health and a plain 500 from any route once the database is gone', async () => {
    const handle = await oneDatabase.open();
    const app = await buildApp({ db: handle.db, config, logger: false });
    await handle.close(); // every query now fails inside the driver

    const health = await app.inject({ method: 'GET', url: '/api/v2/health' });
    const login = await app.inject({ method: 'POST', url: '/api/v2/login', payload: { email: 'a@b.test', password: 'whatever' } });

    expectFailure(health, 503, 'The database is not reachable just now. Please try again in a moment.');
    expectFailure(login, 500, 'Something went wrong on the server. Please try again.');
    await app.close();
  }, 60_000);
});
