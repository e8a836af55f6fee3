import { sql } from 'kysely';
import type { Tenant, TestApp } from './app';

/**
 * Campaigns, pledges and payments written in SQL, for the tests of what reads them (reminders, thank-you messages,
 * the pledges import): the campaign screens and the pledge form are tested through the API in campaigns.test.ts and
 * pledges.test.ts, and the incomes trigger counts any writer's income alike (campaign-totals.test.ts).
 */

/** Who an income says paid it (the contact it is linked to is `memberId`). */
export interface Payer {
  firstName: string;
  lastName: string;
  phone: string;
}

const SOMEONE: Payer = { firstName: 'Payer', lastName: '', phone: '' };

export function campaignFixtures(t: TestApp) {
  return {
    /** A new income account of the partner and an open campaign over 2026 into it, counted as the API counts one; their ids. */
    async campaign(tenant: Tenant, { name = 'Jengo Fund', target = '100000' } = {}): Promise<{ id: number; account: number }> {
      const account = await t.db
        .insertInto('accounts')
        .values({ tenant_id: tenant.id, name: `Building Fund ${Math.random().toString(16).slice(2, 8)}`, type: 'CR', parent_id: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { id } = await t.db
        .insertInto('campaigns')
        .values({ tenant_id: tenant.id, name, target, start_date: '2026-01-01', end_date: '2026-12-31', account_id: account.id, created_by: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`select campaign_recount(${tenant.id}::int, ${id}::int)`.execute(t.db);
      return { id, account: account.id };
    },

    /** The contact's pledge of `amount` to the campaign, made now; its id. */
    async pledge(tenant: Tenant, campaignId: number, memberId: number, amount: string): Promise<number> {
      const { id } = await t.db
        .insertInto('pledges')
        .values({ tenant_id: tenant.id, campaign_id: campaignId, member_id: memberId, pledged: amount, pledged_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /**
     * A cash income of `amount` to the account on 2026-03-02 (within the campaign), linked to the contact: it counts
     * toward their pledge. Its receipt number is the partner's next, as the API gives one.
     */
    async pay(tenant: Tenant, account: number, memberId: number, amount: string, payer: Payer = SOMEONE): Promise<void> {
      const { last_receipt_number: receipt } = await t.db
        .updateTable('partners')
        .set((eb) => ({ last_receipt_number: eb('last_receipt_number', '+', 1) }))
        .where('id', '=', tenant.id)
        .returning('last_receipt_number')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('incomes')
        .values({
          tenant_id: tenant.id,
          receipt_number: receipt,
          first_name: payer.firstName,
          last_name: payer.lastName,
          phone: payer.phone,
          amount,
          payment_for: 'Jengo',
          account_id: account,
          date_of_transaction: '2026-03-02',
          mode: 'CASH',
          reference: '',
          member_id: memberId,
        } as never)
        .execute();
    },
  };
}
