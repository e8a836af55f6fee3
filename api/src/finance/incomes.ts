import { sql } from 'kysely';
import { incomesEndpoint, type Income, type PaymentChannel } from '@ushirika/shared/contract';
import { CONTACT_CHOICE_INVALID, incomeSchema, MEETING_CHOICE_INVALID, type IncomeInput } from '@ushirika/shared/validation';
import { phoneSearch, searchNeedsCountry } from '../contacts/member-search';
import { searchTextMatches } from '../db/search-text';
import { pagedList } from '../db/paged-list';
import { recordQueries } from '../db/record-queries';
import type { TenantScope } from '../db/tenant-scope';
import type { CrudResource, SaveContext } from '../http/crud-routes';
import { badRequest } from '../http/errors';
import type { ListParams } from '../http/list-query';
import { partnerCountry } from '../partners/queries';
import { accountsFor } from './accounts';
import { ledgerSum, listTotalAmount } from './list-total';
import { INCOME_ACCOUNT_REFUSED, insertIncome, ledgerListQuery, ledgerStatus, type LedgerListParams } from './ledger-records';
import { sendReceipt } from './receipts';

export const INCOME_NOT_FOUND = 'Income not found';

/** A search of digits only may be a receipt number (at most 9 digits: an int). */
const RECEIPT_NUMBER = /^\d{1,9}$/;

/**
 * Search: the payer's names, phone, reference and 'payment for' (`search_text`, migration 0009, and its
 * trigram index), and a receipt number when the text is all digits (equality on the unique (tenant_id,
 * receipt_number) key). A phone-like text matches the phone as the contacts search reads it (`phoneSearch`:
 * a whole number in any spelling by equality, a fragment of three digits or more by its national digits);
 * one or two digits search no phone. Dates filter the date of transaction.
 */
async function matching(scope: TenantScope, params: ListParams) {
  const { searchKey, searchPattern, startDate, endDate } = params;
  const { hideReversals } = params as Partial<LedgerListParams>;
  const country = searchNeedsCountry(params) ? await scope.raw(partnerCountry) : undefined;
  const receiptNumber = searchKey !== undefined && RECEIPT_NUMBER.test(searchKey) ? Number(searchKey) : undefined;
  return scope
    .selectFrom('incomes as i')
    .$if(searchPattern !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          searchTextMatches('i.search_text', searchPattern!, { column: 'i.phone', search: phoneSearch(searchKey, country) }),
          ...(receiptNumber !== undefined ? [eb('i.receipt_number', '=', receiptNumber)] : []),
        ]),
      ),
    )
    .$if(startDate !== undefined, (q) => q.where('i.date_of_transaction', '>=', startDate!))
    .$if(endDate !== undefined, (q) => q.where('i.date_of_transaction', '<=', endDate!))
    .$if(hideReversals === true, (q) => q.where('i.reversal_of_id', 'is', null).where('i.reversed_by_id', 'is', null));
}

/** date and numeric leave the database as text: no time-zone shift, no float. */
function select(scope: TenantScope) {
  return scope
    .selectFrom('incomes as i')
    .innerJoin('accounts as a', (join) => join.onRef('a.tenant_id', '=', 'i.tenant_id').onRef('a.id', '=', 'i.account_id'))
    .innerJoin('partners as p', 'p.id', 'i.tenant_id')
    .leftJoin('members as m', (join) => join.onRef('m.tenant_id', '=', 'i.tenant_id').onRef('m.id', '=', 'i.member_id'))
    .select([
      'i.id',
      'i.receipt_number',
      'i.first_name',
      'i.last_name',
      'i.phone',
      sql<string>`i.amount::text`.as('amount'),
      'i.payment_for',
      'i.account_id',
      'a.name as account_name',
      sql<string>`to_char(i.date_of_transaction, 'YYYY-MM-DD')`.as('date_of_transaction'),
      'i.mode',
      'i.reference',
      'i.online_transaction_id',
      'i.member_id',
      'm.first_name as member_first_name',
      'm.last_name as member_last_name',
      'm.phone as member_phone',
      'i.meeting_id',
      'i.created_at',
      'p.name as partner_name',
      'i.version',
      'i.reversal_of_id',
      'i.reversed_by_id',
      'i.correction_of_id',
      'i.reason',
    ]);
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

const toIncome = (row: Selected): Income => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  phone: row.phone,
  amount: row.amount,
  paymentFor: row.payment_for,
  Account: { name: row.account_name },
  AccountId: row.account_id,
  dateOfTransaction: row.date_of_transaction,
  mode: row.mode,
  reference: row.reference,
  createdAt: row.created_at.toISOString(),
  Partner: { name: row.partner_name },
  receiptNumber: row.receipt_number,
  onlineTransactionId: row.online_transaction_id,
  MemberId: row.member_id,
  Member: row.member_id === null ? null : { firstName: row.member_first_name ?? '', lastName: row.member_last_name ?? '', phone: row.member_phone ?? '' },
  MeetingId: row.meeting_id,
  version: row.version,
  status: ledgerStatus(row),
  reversalOfId: row.reversal_of_id,
  reversedById: row.reversed_by_id,
  correctionOfId: row.correction_of_id,
  reason: row.reason,
});

/** The income's columns a form fills (its reason goes only on a correction's entries: corrections.ts). */
export const incomeColumns = (input: IncomeInput) => ({
  first_name: input.firstname,
  last_name: input.lastname,
  phone: input.phone,
  amount: input.amount,
  payment_for: input.paymentFor,
  account_id: input.account,
  date_of_transaction: input.dateOfTransaction,
  mode: input.mode as PaymentChannel,
  reference: input.reference,
});

const ORDER = [
  ['i.date_of_transaction', 'desc'],
  ['i.id', 'desc'],
] as const;

// No update: an income's money is never rewritten (corrections.ts serves PUT /income/{id}).
const { update: _noUpdate, ...records } = recordQueries({ table: 'incomes', id: 'i.id', order: ORDER, matching, select, toRow: toIncome, columns: incomeColumns });

/**
 * The partner's number of incomes from income_counts when the list selects all of them: no search, and
 * the dates (if any) hold the first and the last date of transaction (two probes of incomes_list_idx).
 * Without the reversals (`hideReversals`), two fewer for each reversing entry (the entry and the one it reverses,
 * both on the same date; counted on incomes_reversal_of_key). Undefined otherwise: then the matching rows are counted.
 */
async function countedTotal(scope: TenantScope, params: ListParams): Promise<number | undefined> {
  const { searchKey, startDate, endDate } = params;
  const { hideReversals } = params as Partial<LedgerListParams>;
  if (searchKey !== undefined) return undefined;
  return scope.raw(async (db, tenantId) => {
    const bound = (edge: 'min' | 'max') => sql`(select ${sql.raw(edge)}(date_of_transaction) from incomes where tenant_id = ${tenantId}::int)`;
    const conditions = [
      sql`c.tenant_id = ${tenantId}::int`,
      ...(startDate !== undefined ? [sql`${bound('min')} >= ${startDate}::date`] : []),
      ...(endDate !== undefined ? [sql`${bound('max')} <= ${endDate}::date`] : []),
    ];
    const hidden = hideReversals ? sql`2 * (select count(*) from incomes r where r.tenant_id = ${tenantId}::int and r.reversal_of_id is not null)` : sql`0`;
    const { rows } = await sql<{ total: number }>`
      select (c.total - ${hidden})::int as total from income_counts c where ${sql.join(conditions, sql` and `)}`.execute(db);
    return rows[0]?.total;
  });
}

/**
 * Latest date of transaction first: the page's ids are chosen on incomes_list_idx (tenant_id,
 * date_of_transaction, id), or the search index, before joining; the total of the unfiltered list is read
 * from income_counts (`countedTotal`).
 */
async function listIncomes(scope: TenantScope, params: ListParams) {
  const matches = await matching(scope, params);
  return pagedList(params, { scope, matching: matches, id: 'i.id', order: ORDER, select: select(scope), toRow: toIncome, counted: () => countedTotal(scope, params) });
}

/**
 * What a new income's form links it to (issue 28): the contact chosen (`memberId`, one of the partner's contacts
 * not archived: the income takes their phone) and the meeting whose offering it records (`meetingId`). Read in the
 * save's transaction and locked, so neither goes before the commit; 400 for another partner's, an unknown or an
 * archived one (nothing is saved).
 */
async function incomeLinks(trx: TenantScope, { memberId, meetingId }: Pick<IncomeInput, 'memberId' | 'meetingId'>) {
  const contact =
    memberId === null || memberId === undefined
      ? null
      : await trx
          .selectFrom('members')
          .select(['id', 'phone'])
          .where('id', '=', memberId)
          .where('archived_at', 'is', null)
          .where('erased_at', 'is', null)
          .forShare()
          .executeTakeFirst();
  if (contact === undefined) throw badRequest(CONTACT_CHOICE_INVALID);
  const meeting =
    meetingId === null || meetingId === undefined ? null : await trx.selectFrom('meetings').select('id').where('id', '=', meetingId).forShare().executeTakeFirst();
  if (meeting === undefined) throw badRequest(MEETING_CHOICE_INVALID);
  return { member_id: contact?.id ?? null, meeting_id: meeting?.id ?? null, ...(contact ? { phone: contact.phone } : {}) };
}

/**
 * A new income takes the partner's next receipt number (insertIncome), refused in a closed month. With
 * `sendMessage` its SMS receipt is queued in the same transaction: both are saved or neither (not enough units
 * refuses the whole save); the outbox is woken after the commit. Its money is never changed afterwards: a
 * correction or a reversal records new entries (corrections.ts), so there is no update here.
 */
export const incomeQueries = {
  ...records,
  list: listIncomes,
  async insert(scope: TenantScope, input: IncomeInput, { userId, outbox }: SaveContext): Promise<number> {
    return scope.transaction(async (trx) => {
      const links = await incomeLinks(trx, input);
      const { id } = await insertIncome(trx, { ...incomeColumns(input), ...links, created_by: userId });
      if (input.sendMessage && (await sendReceipt(trx, id, userId)) > 0) outbox.wake();
      return id;
    });
  },
};

/**
 * Income (spec 2.10, 3, 7): `GET/POST /income` here; `PUT /income/{id}` and `POST /income/{id}/reverse` are
 * corrections (corrections.ts, issue 26.3). Recorded on the partner's income accounts (CR; ROOT too for the
 * etracker product); the phone is read in the partner's country; each income has a receipt number, sequential
 * per partner and never reused; with sendMessage the payer gets an SMS receipt through the outbox.
 */
export const incomes: CrudResource<typeof incomeSchema, Income> = {
  endpoint: incomesEndpoint,
  table: 'incomes',
  tag: 'Finance',
  entity: 'income',
  permissions: { read: 'finance.record', write: 'finance.record' },
  body: incomeSchema,
  example: {
    firstname: 'Jane',
    lastname: 'Wanjiku',
    phone: '0712 345 678',
    amount: '1250.00',
    account: 1,
    mode: 'CASH',
    dateOfTransaction: '2026-03-01',
    paymentFor: 'Tithe',
    reference: 'Envelope 12',
    sendMessage: false,
  },
  texts: { notFound: INCOME_NOT_FOUND, unknownReference: INCOME_ACCOUNT_REFUSED },
  queries: incomeQueries,
  listQuery: ledgerListQuery,
  listSummary: listTotalAmount(
    ledgerSum('income', async (scope, params) => (await matching(scope, params)).select(sql<string>`round(coalesce(sum(i.amount), 0), 2)::text`.as('total'))),
  ),
  references: { account: accountsFor('income') },
  validationContext: async (scope) => ({ country: await scope.raw(partnerCountry) }),
};

/** The income list's row query and mapping, for the other lists of incomes (a person's giving: contacts/person-queries.ts). */
export { select as incomeRowSelect, toIncome };
