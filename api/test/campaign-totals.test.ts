import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/db/schema';
import type { DatabaseHandle } from '../src/db/connection';
import { createPartner } from '../src/partners/queries';
import { bothDatabases } from './support/databases';

/*
 * The campaign totals the database keeps (migration 0029): whatever writes an income - a form, an M-Pesa
 * allocation, a reversal, plain SQL - a campaign's paid, its weeks and each contact's paid follow in the same
 * transaction, and its pledged, owed, pledgers and fulfilled follow its pledges. Here through SQL alone, so no
 * writer of the application can be what makes them right.
 */

interface Totals {
  paid: string;
  pledged: string;
  owed: string;
  pledgers: number;
  fulfilled: number;
  unpledged: number;
}

describe.each(bothDatabases)('campaign totals on %s', (_name, database) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let tenant: number;
  let fund: number;
  let other: number;
  let [amina, baraka, chebet] = [0, 0, 0];

  beforeAll(async () => {
    handle = await database.open();
    db = handle.db;
    tenant = await createPartner(db, { name: 'Harambee Church', product: 'general', smsUnits: 0 });
    const account = async (name: string) =>
      (await db.insertInto('accounts').values({ tenant_id: tenant, name, type: 'CR', parent_id: null }).returning('id').executeTakeFirstOrThrow()).id;
    fund = await account('Building Fund');
    other = await account('Tithe');
    const member = async (first: string, phone: string) =>
      (
        await db
          .insertInto('members')
          .values({ tenant_id: tenant, first_name: first, last_name: 'Test', gender: 'F', phone, residence: '' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    [amina, baraka, chebet] = [await member('Amina', '+254711000001'), await member('Baraka', '+254711000002'), await member('Chebet', '+254711000003')];
  }, 60_000);

  afterAll(async () => handle?.close());

  let receipt = 0;
  async function income(accountId: number, date: string, amount: string, memberId: number | null, reversalOf?: number): Promise<number> {
    receipt += 1;
    const { id } = await db
      .insertInto('incomes')
      .values({
        tenant_id: tenant,
        receipt_number: receipt,
        first_name: 'Payer',
        last_name: '',
        phone: '',
        amount,
        payment_for: 'Jengo',
        account_id: accountId,
        date_of_transaction: date,
        mode: 'CASH',
        reference: '',
        member_id: memberId,
        reversal_of_id: reversalOf ?? null,
        reason: reversalOf ? 'Recorded twice' : null,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async function campaign(start: string, end: string): Promise<number> {
    const { id } = await db
      .insertInto('campaigns')
      .values({ tenant_id: tenant, name: 'Sanctuary', target: '100000', start_date: start, end_date: end, account_id: fund, created_by: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`select campaign_recount(${tenant}::int, ${id}::int)`.execute(db);
    return id;
  }

  const totals = async (id: number): Promise<Totals> =>
    db
      .selectFrom('campaigns')
      .select([sql<string>`paid::text`.as('paid'), sql<string>`pledged::text`.as('pledged'), sql<string>`owed::text`.as('owed'), 'pledgers', 'fulfilled', 'unpledged'])
      .where('tenant_id', '=', tenant)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  const paidBy = async (id: number) =>
    Object.fromEntries(
      (
        await db
          .selectFrom('pledges')
          .select(['member_id', sql<string>`paid::text`.as('paid'), sql<string>`balance::text`.as('balance')])
          .where('tenant_id', '=', tenant)
          .where('campaign_id', '=', id)
          .execute()
      ).map((row) => [row.member_id, `${row.paid}/${row.balance}`]),
    );

  const weeks = async (id: number) =>
    (
      await db
        .selectFrom('campaign_weeks')
        .select([sql<string>`week::text`.as('week'), sql<string>`amount::text`.as('amount')])
        .where('tenant_id', '=', tenant)
        .where('campaign_id', '=', id)
        .orderBy('week')
        .execute()
    ).map((row) => `${row.week} ${row.amount}`);

  const pledge = async (id: number, memberId: number, amount: string) =>
    db
      .insertInto('pledges')
      .values({ tenant_id: tenant, campaign_id: id, member_id: memberId, pledged: amount, pledged_at: new Date() })
      .onConflict((oc) => oc.columns(['tenant_id', 'campaign_id', 'member_id']).doUpdateSet({ pledged: amount }))
      .execute();

  it('counts what was given before the campaign was made, within its dates and to its account only', async () => {
    await income(fund, '2026-02-27', '500.00', amina); // before the start
    await income(fund, '2026-03-02', '1000.50', amina);
    await income(fund, '2026-03-04', '250.00', null); // a loose offering: the campaign's, nobody's pledge
    await income(other, '2026-03-04', '9999.00', baraka); // another account
    const id = await campaign('2026-03-01', '2026-06-30');

    expect(await totals(id)).toEqual({ paid: '1250.50', pledged: '0.00', owed: '0.00', pledgers: 0, fulfilled: 0, unpledged: 1 });
    expect(await paidBy(id)).toEqual({ [amina]: '1000.50/0.00' });
    expect(await weeks(id)).toEqual([`${monday('2026-03-02')} 1250.50`]);
  });

  it('follows pledges and payments as they come, a reversal taking its income back out', async () => {
    const id = await campaign('2027-01-01', '2027-12-31');
    await pledge(id, amina, '3000');
    await pledge(id, baraka, '2000');
    expect(await totals(id)).toEqual({ paid: '0.00', pledged: '5000.00', owed: '5000.00', pledgers: 2, fulfilled: 0, unpledged: 0 });

    await income(fund, '2027-01-05', '2000.00', baraka);
    const mistaken = await income(fund, '2027-01-12', '1200.00', amina);
    expect(await totals(id)).toEqual({ paid: '3200.00', pledged: '5000.00', owed: '1800.00', pledgers: 2, fulfilled: 1, unpledged: 0 });
    expect(await paidBy(id)).toEqual({ [amina]: '1200.00/1800.00', [baraka]: '2000.00/0.00' });

    await income(fund, '2027-01-13', '-1200.00', amina, mistaken);
    expect(await totals(id)).toEqual({ paid: '2000.00', pledged: '5000.00', owed: '3000.00', pledgers: 2, fulfilled: 1, unpledged: 0 });
    // The week whose only payment was reversed stays, at 0.
    expect(await weeks(id)).toEqual([`${monday('2027-01-05')} 2000.00`, `${monday('2027-01-12')} 0.00`]);

    // Linking a loose offering to a contact (the treasurer's 'Link to contact') makes it theirs.
    const loose = await income(fund, '2027-02-01', '500.00', null);
    await db.updateTable('incomes').set({ member_id: chebet }).where('id', '=', loose).execute();
    expect(await paidBy(id)).toMatchObject({ [chebet]: '500.00/0.00' });
    expect(await totals(id)).toMatchObject({ paid: '2500.00', unpledged: 1 });

    // Lowering a pledge to what is paid fulfils it; a contact who gave without pledging owes nothing.
    await pledge(id, amina, '0.50');
    expect(await totals(id)).toEqual({ paid: '2500.00', pledged: '2000.50', owed: '0.50', pledgers: 2, fulfilled: 1, unpledged: 1 });
  });

  it("keeps each pledge's contact name for the list's name order, whichever statement made the row and when the name changes", async () => {
    const id = await campaign('2029-01-01', '2029-12-31');
    await pledge(id, amina, '100');
    await income(fund, '2029-03-01', '50.00', chebet);
    const names = async () =>
      (await db.selectFrom('pledges').select(['member_id', 'name_key']).where('tenant_id', '=', tenant).where('campaign_id', '=', id).orderBy('name_key').execute()).map(
        (row) => row.name_key,
      );
    expect(await names()).toEqual(['test amina', 'test chebet']);
    await db.updateTable('members').set({ last_name: 'Achieng' }).where('tenant_id', '=', tenant).where('id', '=', chebet).execute();
    expect(await names()).toEqual(['achieng chebet', 'test amina']);
  });

  it('counts again when a campaign moves to other dates', async () => {
    const id = await campaign('2028-01-01', '2028-01-31');
    await income(fund, '2028-01-10', '100.00', amina);
    await income(fund, '2028-02-10', '300.00', amina);
    expect((await totals(id)).paid).toBe('100.00');
    await db.updateTable('campaigns').set({ end_date: '2028-02-29' }).where('tenant_id', '=', tenant).where('id', '=', id).execute();
    await sql`select campaign_recount(${tenant}::int, ${id}::int)`.execute(db);
    expect((await totals(id)).paid).toBe('400.00');
    expect(await paidBy(id)).toEqual({ [amina]: '400.00/0.00' });
    expect(await weeks(id)).toEqual([`${monday('2028-01-10')} 100.00`, `${monday('2028-02-10')} 300.00`]);
  });
});

/** The Monday of `day`'s week, YYYY-MM-DD. */
function monday(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}
