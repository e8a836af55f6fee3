import { topUpUnits, unitsHistory } from '../src/messaging/units';
import { createPartner } from '../src/partners/queries';
import { useTestApp, type TestApp } from './support/app';
import { testDatabases } from './support/databases';

/** What `pnpm ops top-up-units` and `pnpm ops units-history` do (src/ops/cli.ts only parses and prints). */
describe.each(testDatabases)('SMS units top-up and history on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  beforeAll(() => {
    t = testApp();
  });

  it('adds units as a ledger entry, answers the new balance, and the partner sees it', async () => {
    const tenant = await t.newTenant();

    expect(await topUpUnits(t.db, tenant.id, 500, 'Invoice 2026-041')).toBe(500);
    expect(await topUpUnits(t.db, tenant.id, 250)).toBe(750);

    const history = await unitsHistory(t.db, tenant.id);
    expect(history.map(({ change, balanceAfter, reason, sendId, note }) => ({ change, balanceAfter, reason, sendId, note }))).toEqual([
      { change: 250, balanceAfter: 750, reason: 'top-up', sendId: null, note: '' },
      { change: 500, balanceAfter: 500, reason: 'top-up', sendId: null, note: 'Invoice 2026-041' },
    ]);
    expect((await t.as(tenant, { method: 'GET', url: '/api/v2/smsunits' })).json()).toEqual({ balance: 750 });
  });

  it('starts the ledger with the opening balance of a partner created with units, and keeps the newest entries', async () => {
    const partnerId = await createPartner(t.db, { name: 'Opening Balance Church', product: 'general', smsUnits: 40 });
    for (let i = 0; i < 3; i += 1) await topUpUnits(t.db, partnerId, 10);

    expect((await unitsHistory(t.db, partnerId)).map((entry) => [entry.reason, entry.balanceAfter])).toEqual([
      ['top-up', 70],
      ['top-up', 60],
      ['top-up', 50],
      ['opening', 40],
    ]);
    expect((await unitsHistory(t.db, partnerId, 2)).map((entry) => entry.balanceAfter)).toEqual([70, 60]);
  });

  it('changes nothing for an unknown partner, and refuses a top-up that is not a whole number from 1', async () => {
    const tenant = await t.newTenant();
    expect(await topUpUnits(t.db, 999_999, 10)).toBeUndefined();
    await expect(topUpUnits(t.db, tenant.id, 0)).rejects.toThrow(RangeError);
    await expect(topUpUnits(t.db, tenant.id, -5)).rejects.toThrow(RangeError);
    await expect(topUpUnits(t.db, tenant.id, 1.5)).rejects.toThrow(RangeError);
    expect(await unitsHistory(t.db, tenant.id)).toEqual([]);
  });

  it("keeps each partner's history to itself", async () => {
    const a = await t.newTenant();
    const b = await t.newTenant();
    await topUpUnits(t.db, a.id, 5);
    expect(await unitsHistory(t.db, b.id)).toEqual([]);
    expect((await t.as(b, { method: 'GET', url: '/api/v2/smsunits' })).json()).toEqual({ balance: 0 });
  });
});
