import { sql } from 'kysely';
import { incomesEndpoint, type Income, type PaymentChannel } from '@ushirika/shared/contract';
import { incomeSchema, type IncomeInput } from '@ushirika/shared/validation';
import { phoneSearch, searchNeedsCountry } from '../contacts/member-search';
import { searchTextMatches } from '../db/search-text';
import { pagedList } from '../db/paged-list';
import { recordQueries } from '../db/record-queries';
import type { TenantScope } from '../db/tenant-scope';
import type { CrudResource, SaveContext } from '../http/crud-routes';
import type { ListParams } from '../http/list-query';
import { partnerCountry } from '../partners/queries';
import { accountsFor } from './accounts';
import { INCOME_ACCOUNT_REFUSED, insertIncome } from './ledger-records';
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
    .$if(endDate !== undefined, (q) => q.where('i.date_of_transaction', '<=', endDate!));
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
      'i.created_at',
      'p.name as partner_name',
      'i.version',
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
  version: row.version,
});

const columns = (input: IncomeInput) => ({
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

const records = recordQueries({ table: 'incomes', id: 'i.id', order: ORDER, matching, select, toRow: toIncome, columns });

/**
 * The partner's number of incomes from income_counts when the list selects all of them: no search, and
 * the dates (if any) hold the first and the last date of transaction (two probes of incomes_list_idx).
 * Undefined otherwise: then the matching rows are counted.
 */
async function countedTotal(scope: TenantScope, { searchKey, startDate, endDate }: ListParams): Promise<number | undefined> {
  if (searchKey !== undefined) return undefined;
  return scope.raw(async (db, tenantId) => {
    const bound = (edge: 'min' | 'max') => sql`(select ${sql.raw(edge)}(date_of_transaction) from incomes where tenant_id = ${tenantId}::int)`;
    const conditions = [
      sql`c.tenant_id = ${tenantId}::int`,
      ...(startDate !== undefined ? [sql`${bound('min')} >= ${startDate}::date`] : []),
      ...(endDate !== undefined ? [sql`${bound('max')} <= ${endDate}::date`] : []),
    ];
    const { rows } = await sql<{ total: number }>`select c.total::int as total from income_counts c where ${sql.join(conditions, sql` and `)}`.execute(db);
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
 * Runs an income save in one transaction with its receipt, when the form asks for one (`sendMessage`):
 * both are saved or neither (not enough units refuses the whole save). The outbox is woken after the
 * commit. `save` answers the income's id, or undefined when there is no such income (nothing is sent).
 */
async function savingWithReceipt(
  scope: TenantScope,
  input: IncomeInput,
  { userId, outbox }: SaveContext,
  save: (trx: TenantScope) => Promise<number | undefined>,
): Promise<number | undefined> {
  const saved = await scope.transaction(async (trx) => {
    const id = await save(trx);
    const queued = id !== undefined && input.sendMessage ? await sendReceipt(trx, id, userId) : 0;
    return { id, queued };
  });
  if (saved.queued > 0) outbox.wake();
  return saved.id;
}

/** A new income takes the partner's next receipt number (insertIncome), which an edit never changes. */
export const incomeQueries = {
  ...records,
  list: listIncomes,
  async insert(scope: TenantScope, input: IncomeInput, context: SaveContext): Promise<number> {
    const id = await savingWithReceipt(scope, input, context, async (trx) => (await insertIncome(trx, { ...columns(input), created_by: context.userId })).id);
    return id!;
  },
  /**
   * With sendMessage the payer gets the corrected receipt, under the same number. A linked income whose phone
   * is changed away from its contact's is no longer linked (income-contact.ts: linked means it has their phone).
   */
  async update(scope: TenantScope, id: number, input: IncomeInput, context: SaveContext): Promise<boolean> {
    const saved = await savingWithReceipt(scope, input, context, async (trx) => {
      const result = await trx
        .updateTable('incomes')
        .set({
          ...columns(input),
          member_id: sql<number | null>`(select m.id from members m where m.tenant_id = incomes.tenant_id and m.id = incomes.member_id and m.phone = ${input.phone})`,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n ? id : undefined;
    });
    return saved !== undefined;
  },
};

/**
 * Income (spec 2.10, 3, 7): `GET/POST /income`, `PUT /income/{id}`. Recorded on the partner's income
 * accounts (CR; ROOT too for the etracker product); the phone is read in the partner's country; each
 * income has a receipt number, sequential per partner and never reused; with sendMessage the payer gets
 * an SMS receipt through the outbox.
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
  references: { account: accountsFor('income') },
  validationContext: async (scope) => ({ country: await scope.raw(partnerCountry) }),
};
