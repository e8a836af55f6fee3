import { sql, type SqlBool } from 'kysely';
import type { OnlineTransaction } from '@ushirika/shared/contract';
import { listPhoneSearch } from '../../contacts/member-search';
import { pagedList, type Page } from '../../db/paged-list';
import type { TenantScope } from '../../db/tenant-scope';
import type { ListParams } from '../../http/list-query';
import { withinDates } from '../../db/list-sql';
import { senderName } from './daraja';

/*
 * GET /onlinetrans and /onlinetrans/0 (spec 3, 7): the partner's M-Pesa payments, latest first (by when
 * M-Pesa says they were made), all or only those waiting for an account. Search: the TransID, the payer's
 * first or last name, what they typed as 'account' (BillRefNumber) and the MSISDN; a phone-like text finds
 * the MSISDN however it was typed ('0712 345 678' finds 254712345678). The dates are days in the partner's
 * time zone (Africa/Nairobi unless set). A payment flagged for a person (check_reason) is listed with its
 * reasons, as `checkReason`.
 */

/** The search conditions; undefined without a search text. Each is served by online_transactions_search_idx. */
async function search(scope: TenantScope, params: ListParams) {
  const { searchPattern } = params;
  if (searchPattern === undefined) return undefined;
  const phone = await listPhoneSearch(scope, params);
  const like = (column: string) => sql<SqlBool>`${sql.ref(column)} ilike ${searchPattern}`;
  return sql<SqlBool>`(${sql.join(
    [
      like('t.trans_id'),
      like('t.first_name'),
      like('t.last_name'),
      like('t.bill_ref'),
      ...(phone.phoneLike ? [] : [like('t.msisdn')]),
      // M-Pesa sends 2547…, without the +.
      ...(phone.exact !== undefined ? [sql<SqlBool>`t.msisdn in (${phone.exact}, ${phone.exact.replace(/^\+/, '')})`] : []),
      // A number's start as `phoneConditions` reads it on a trigram index, in either form.
      ...(phone.prefix !== undefined
        ? [
            sql<SqlBool>`(t.msisdn like ${phone.prefix.fragment} and (starts_with(t.msisdn, ${phone.prefix.start}) or starts_with(t.msisdn, ${phone.prefix.start.slice(1)})))`,
          ]
        : []),
      ...(phone.pattern !== undefined ? [sql<SqlBool>`t.msisdn ilike ${phone.pattern}`] : []),
    ],
    sql` or `,
  )})`;
}

async function matching(scope: TenantScope, params: ListParams, unallocatedOnly: boolean) {
  const condition = await search(scope, params);
  return scope
    .selectFrom('online_transactions as t')
    .$if(unallocatedOnly, (q) => q.where('t.account_id', 'is', null))
    .$if(condition !== undefined, (q) => q.where(condition!))
    .$call(withinDates('t.trans_time', params, scope));
}

function select(scope: TenantScope) {
  return scope
    .selectFrom('online_transactions as t')
    .leftJoin('accounts as a', (join) => join.onRef('a.tenant_id', '=', 't.tenant_id').onRef('a.id', '=', 't.account_id'))
    .select([
      't.id',
      't.trans_id',
      't.trans_time',
      sql<string>`t.amount::text`.as('amount'),
      't.msisdn',
      't.first_name',
      't.middle_name',
      't.last_name',
      't.bill_ref',
      't.account_id',
      'a.name as account_name',
      't.income_id',
      't.allocated_by',
      't.check_reason',
    ]);
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

const toTransaction = (row: Selected): OnlineTransaction => ({
  id: row.id,
  sender: senderName({ firstName: row.first_name, middleName: row.middle_name, lastName: row.last_name }),
  msisdn: row.msisdn,
  amount: row.amount,
  trxnid: row.trans_id,
  trxTime: row.trans_time.toISOString(),
  billRef: row.bill_ref,
  AccountId: row.account_id,
  Account: row.account_name === null ? null : { name: row.account_name },
  incomeId: row.income_id,
  allocatedBy: row.allocated_by,
  checkReason: row.check_reason,
});

/** One page of the partner's payments (only the unallocated ones when `unallocatedOnly`), with the total. */
export async function listTransactions(scope: TenantScope, params: ListParams, unallocatedOnly: boolean): Promise<Page<OnlineTransaction>> {
  return pagedList(params, {
    scope,
    matching: await matching(scope, params, unallocatedOnly),
    id: 't.id',
    order: [
      ['t.trans_time', 'desc'],
      ['t.id', 'desc'],
    ],
    select: select(scope),
    toRow: toTransaction,
  });
}

/** The payments list's row query and mapping, for the other lists of payments (a person's: contacts/person-queries.ts). */
export { select as transactionRowSelect, toTransaction };
