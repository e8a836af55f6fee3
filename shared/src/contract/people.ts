import * as yup from 'yup';
import { idField, instantField } from './common';
import { incomeRow, onlineTransactionRow } from './finance';
import { meetingRow } from './meetings';
import { notificationRow } from './messaging';

/*
 * The person's page (ours; issue 28.1): `/contacts/people/{id}` in the browser. The contact itself is
 * `GET /member/{id}` (contacts.ts); its household is in that row. Each section below is its own call, so the page
 * shows what the user may read (giving needs finance.read, messages messaging.read, and so on) and each section
 * loads and fails on its own. Lists take the standard `page` and `pagesize` and answer `total`, newest first.
 *
 * - `GET /member/{id}/giving` -> PersonGiving: the incomes linked to the contact (`incomes.member_id`), with the
 *   exact totals of this calendar year and last (the partner's time zone; reversals net out).
 * - `GET /member/{id}/payments` -> { transactions, total }: the M-Pesa payments whose income is linked to them.
 * - `GET /member/{id}/groups` -> PersonGroups: every group they belong to (adding and removing go through the
 *   group members routes, as on the group's screen).
 * - `GET /member/{id}/messages` -> { notifications, total }: the SMS sent to them, with their state.
 * - `GET /member/{id}/meetings` -> { meetings, total }: the meetings they were ticked present at.
 * A contact that is not the partner's is 404 on each.
 */
export const personPath = (memberId: number) => `member/${memberId}`;
export const personGivingPath = (memberId: number) => `member/${memberId}/giving`;
export const personPaymentsPath = (memberId: number) => `member/${memberId}/payments`;
export const personGroupsPath = (memberId: number) => `member/${memberId}/groups`;
export const personMessagesPath = (memberId: number) => `member/${memberId}/messages`;
export const personMeetingsPath = (memberId: number) => `member/${memberId}/meetings`;
export { PERSON_PAGE_PATH, personPagePath } from './constants';

const money = () => yup.string().defined();

export const personGiving = yup.object({
  incomes: yup.array(incomeRow).defined(),
  total: yup.number().integer().defined(),
  /** Exact decimals, e.g. "12500.00": what the linked incomes add to this calendar year, and last. */
  thisYear: money(),
  lastYear: money(),
});
export type PersonGiving = yup.InferType<typeof personGiving>;

export const personPayments = yup.object({ transactions: yup.array(onlineTransactionRow).defined(), total: yup.number().integer().defined() });
export type PersonPayments = yup.InferType<typeof personPayments>;

export const personGroupRow = yup.object({
  id: idField(),
  name: yup.string().defined(),
  /** The group type's name. */
  groupType: yup.string().defined(),
  /** When they joined the group. */
  joinedAt: instantField(),
});
export type PersonGroup = yup.InferType<typeof personGroupRow>;
export const personGroups = yup.object({ groups: yup.array(personGroupRow).defined() });
export type PersonGroups = yup.InferType<typeof personGroups>;

export const personMessages = yup.object({ notifications: yup.array(notificationRow).defined(), total: yup.number().integer().defined() });
export type PersonMessages = yup.InferType<typeof personMessages>;

export const personMeetings = yup.object({ meetings: yup.array(meetingRow).defined(), total: yup.number().integer().defined() });
export type PersonMeetings = yup.InferType<typeof personMeetings>;
