import { sql } from 'kysely';
import type { Income, Meeting, Notification, OnlineTransaction, PersonGroup } from '@ushirika/shared/contract';
import { pagedList, type Page } from '../db/paged-list';
import type { TenantScope } from '../db/tenant-scope';
import type { ListParams } from '../http/list-query';
import { incomeRowSelect, toIncome } from '../finance/incomes';
import { transactionRowSelect, toTransaction } from '../finance/mpesa/transactions';
import { meetingRowSelect, toMeeting } from '../meetings/meetings';
import { notificationRowSelect, toNotification } from '../messaging/notifications';
import { STAFF_CATEGORY } from '../messaging/staff-messages';
import { partnerZone } from '../partners/time-zone';

/*
 * The person's page (issue 28.1; contract people.ts): what is linked to one contact, each list newest first and
 * paged as the lists it comes from, each row as that list answers it (their row queries and mappings, reused).
 * Every query goes through the partner's scope; the routes answer 404 first for a contact that is not the partner's.
 */

/** The partner has this contact (active, archived or erased: the page shows what GET /member/{id} shows). */
export async function contactBelongsTo(scope: TenantScope, memberId: number): Promise<boolean> {
  const row = await scope.selectFrom('members').select('id').where('id', '=', memberId).executeTakeFirst();
  return row !== undefined;
}

/** The incomes linked to the contact, on incomes_member_idx (tenant_id, member_id, date desc, id desc). */
export function listPersonIncomes(scope: TenantScope, memberId: number, params: ListParams): Promise<Page<Income>> {
  return pagedList(params, {
    scope,
    matching: scope.selectFrom('incomes as i').where('i.member_id', '=', memberId),
    id: 'i.id',
    order: [
      ['i.date_of_transaction', 'desc'],
      ['i.id', 'desc'],
    ],
    select: incomeRowSelect(scope),
    toRow: toIncome,
  });
}

/** What the contact's linked incomes add to, exactly (numeric, as text), this calendar year and last. */
export interface YearTotals {
  thisYear: string;
  lastYear: string;
}

/**
 * The sums of the contact's incomes dated this calendar year and last, the year read in the partner's time zone.
 * A reversal is an income of the amount negated, linked to the same contact, on the same date: it nets out.
 */
export async function personYearTotals(scope: TenantScope, memberId: number): Promise<YearTotals> {
  const year = sql<string>`date_trunc('year', now() at time zone ${partnerZone(scope.tenantId)})::date`;
  const row = await scope
    .selectFrom('incomes as i')
    .where('i.member_id', '=', memberId)
    .where('i.date_of_transaction', '>=', sql<string>`(${year} - interval '1 year')::date`)
    .where('i.date_of_transaction', '<', sql<string>`(${year} + interval '1 year')::date`)
    .select([
      sql<string>`round(coalesce(sum(i.amount) filter (where i.date_of_transaction >= ${year}), 0), 2)::text`.as('this_year'),
      sql<string>`round(coalesce(sum(i.amount) filter (where i.date_of_transaction < ${year}), 0), 2)::text`.as('last_year'),
    ])
    .executeTakeFirstOrThrow();
  return { thisYear: row.this_year, lastYear: row.last_year };
}

/**
 * The M-Pesa payments whose allocated income is linked to the contact, latest first as the payments list. Read from
 * the contact's incomes (incomes_member_idx) to their payments by key: an allocated income names its payment
 * (`online_transaction_id`) and the payment its income (`income_id`), and both must agree.
 */
export function listPersonPayments(scope: TenantScope, memberId: number, params: ListParams): Promise<Page<OnlineTransaction>> {
  return pagedList(params, {
    scope,
    matching: scope
      .selectFrom('online_transactions as t')
      .innerJoin('incomes as li', (join) =>
        join.onRef('li.tenant_id', '=', 't.tenant_id').onRef('li.online_transaction_id', '=', 't.id').onRef('li.id', '=', 't.income_id'),
      )
      .where('li.member_id', '=', memberId),
    id: 't.id',
    order: [
      ['t.trans_time', 'desc'],
      ['t.id', 'desc'],
    ],
    select: transactionRowSelect(scope),
    toRow: toTransaction,
  });
}

/** Every group the contact belongs to, with its type's name and when they joined; latest joined first. */
export async function listPersonGroups(scope: TenantScope, memberId: number): Promise<PersonGroup[]> {
  const rows = await scope
    .selectFrom('group_members as gm')
    .innerJoin('groups as g', (join) => join.onRef('g.tenant_id', '=', 'gm.tenant_id').onRef('g.id', '=', 'gm.group_id'))
    .innerJoin('group_types as gt', (join) => join.onRef('gt.tenant_id', '=', 'g.tenant_id').onRef('gt.id', '=', 'g.group_type_id'))
    .where('gm.member_id', '=', memberId)
    .select(['g.id', 'g.name', 'gt.name as group_type', 'gm.created_at'])
    .orderBy('gm.created_at', 'desc')
    .orderBy('g.id', 'desc')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, groupType: row.group_type, joinedAt: row.created_at.toISOString() }));
}

/** The messages sent to the contact (the outbox's rows naming them), newest first as the messages list. */
export function listPersonMessages(scope: TenantScope, memberId: number, params: ListParams): Promise<Page<Notification>> {
  return pagedList(params, {
    scope,
    matching: scope.selectFrom('notifications as n').where('n.member_id', '=', memberId).where('n.category', '<>', STAFF_CATEGORY),
    id: 'n.id',
    order: [
      ['n.created_at', 'desc'],
      ['n.id', 'desc'],
    ],
    select: notificationRowSelect(scope),
    toRow: toNotification,
  });
}

/** The meetings the contact was ticked present at (meeting_attendees_member_idx), latest meeting first. */
export function listPersonMeetings(scope: TenantScope, memberId: number, params: ListParams): Promise<Page<Meeting>> {
  const attended = scope.selectFrom('meeting_attendees as ma').select('ma.meeting_id').where('ma.member_id', '=', memberId);
  return pagedList(params, {
    scope,
    matching: scope.selectFrom('meetings as m').where('m.id', 'in', attended),
    id: 'm.id',
    order: [
      ['m.date_of_meeting', 'desc'],
      ['m.id', 'desc'],
    ],
    select: meetingRowSelect(scope),
    toRow: toMeeting,
  });
}
