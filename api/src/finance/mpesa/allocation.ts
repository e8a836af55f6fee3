import { sql } from 'kysely';
import { recordActivity } from '../../activity/record';
import type { TenantScope } from '../../db/tenant-scope';
import { conflict } from '../../http/errors';
import { partnerZone } from '../../partners/time-zone';
import { partnerCountry } from '../../partners/queries';
import { insertIncome } from '../ledger-records';
import type { MsisdnHashForm } from '../../config';
import { matchPayer } from './payer-match';

/*
 * Allocation: an M-Pesa payment gets an account and one income record (mode M-PESA, reference = TransID),
 * by a person (POST /allocateaccounts) or by a BillRefNumber rule as it arrives. All selected payments or
 * none, and never one twice: the payments are locked (`for update`) while still unallocated, so a second
 * allocation of the same payment waits for the first and then finds it allocated; the incomes' unique
 * (tenant_id, online_transaction_id) would refuse a second income even so.
 *
 * The income keeps the payer's names as M-Pesa gave them (often the first name only) and is linked to the
 * partner's contact who paid when one is found (payer-match.ts): its phone is then the contact's, which puts
 * it on that contact's giving statement. Otherwise a treasurer links it by hand (income-contact.ts).
 *
 * Each income writes one `allocate` event (issue 26) in the allocation's transaction, as the scope's actor:
 * the staff member, or M-Pesa for a rule's allocation as the payment arrives. A payment dated in a closed month
 * is refused by `insertIncome` (ClosedPeriodError, 409 to a person; a rule leaves the payment waiting).
 */

export const ALLOCATION_CONFLICT = 'Some of the selected payments were already allocated or are not yours; reload the list and choose again';
/** paymentFor of an income allocated from a payment whose payer typed no account. */
export const DEFAULT_PAYMENT_FOR = 'M-Pesa payment';

export type AllocatedBy = 'rule' | 'staff';

/** Who allocates (a rule, or the signed-in person `userId`), and the forms a hashed payer number may be in (MPESA_MSISDN_HASH_FORMS). */
export interface Allocation {
  by: AllocatedBy;
  userId: number | null;
  hashForms: readonly MsisdnHashForm[];
}

/**
 * Allocates the partner's payments `ids` (in this order, repeats ignored) to `accountId` inside `trx`, one
 * income each, and answers the incomes' ids in the same order. The account must already be checked
 * (requireAccount). 409 ALLOCATION_CONFLICT, with nothing written, when any of them is allocated already,
 * unknown or another partner's; ClosedPeriodError (409 naming the month) when one is dated in a closed month.
 */
export async function allocatePayments(trx: TenantScope, accountId: number, ids: readonly number[], allocation: Allocation): Promise<number[]> {
  const { by, userId, hashForms } = allocation;
  const wanted = [...new Set(ids)];
  const payments = await trx
    .selectFrom('online_transactions')
    .select([
      'id',
      'trans_id',
      sql<string>`amount::text`.as('amount'),
      sql<string>`to_char(trans_time at time zone ${partnerZone(trx.tenantId)}, 'YYYY-MM-DD')`.as('date'),
      'bill_ref',
      'msisdn',
      'first_name',
      'middle_name',
      'last_name',
    ])
    .where('id', 'in', wanted)
    .where('account_id', 'is', null)
    // Locked in id order, so two allocations of overlapping payments wait for each other instead of deadlocking.
    .orderBy('id')
    .forUpdate()
    .execute();
  if (payments.length < wanted.length) throw conflict(ALLOCATION_CONFLICT);

  const country = await trx.raw((db, tenantId) => partnerCountry(db, tenantId));
  const byId = new Map(payments.map((payment) => [payment.id, payment]));
  const incomeIds: number[] = [];
  for (const id of wanted) {
    const payment = byId.get(id)!;
    const payer = await matchPayer(trx, { msisdn: payment.msisdn, firstName: payment.first_name }, country, hashForms);
    const income = await insertIncome(trx, {
      first_name: payment.first_name,
      last_name: payment.last_name || payment.middle_name,
      // A hashed or masked MSISDN is no phone number: the income gets the contact's, or none.
      phone: payer.phone,
      member_id: payer.memberId,
      amount: payment.amount,
      payment_for: payment.bill_ref || DEFAULT_PAYMENT_FOR,
      account_id: accountId,
      date_of_transaction: payment.date,
      mode: 'M-PESA',
      reference: payment.trans_id,
      online_transaction_id: id,
      created_by: userId,
    });
    await trx
      .updateTable('online_transactions')
      .set({ account_id: accountId, income_id: income.id, allocated_by: by, allocated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    // Ids only: the payer's names and number are the income's, not the log's.
    await recordActivity(trx, { action: 'allocate', entity: 'income', entityId: income.id, details: { paymentId: id, account: accountId } });
    incomeIds.push(income.id);
  }
  return incomeIds;
}
