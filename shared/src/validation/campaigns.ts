import * as yup from 'yup';
import { CAMPAIGN_STATUSES, PLEDGE_FILTERS, PLEDGE_SORTS, SORT_ORDERS } from '@ushirika/shared/contract';
import { MAX_MESSAGE_LENGTH } from './messaging';
import { booleanInput, choice, idInput, isoDate, money, optionalOption, text, TEXT_LIMITS, textInput } from './rules';

/*
 * Campaigns and pledges (issue 30; contract/campaigns.ts). Field order is the form's order, so the server's
 * "first failing message" is the one the user would see first.
 */

const positive = (required: string, invalid: string, label: string) =>
  money(required, invalid, label).test('positive', `${label} must be more than 0`, (value) => !value || /[1-9]/.test(value));

/** The M-Pesa account code payers type (BillRefNumber): 2 to 20 letters or digits; '' for none. */
export const CAMPAIGN_CODE = /^[A-Za-z0-9]{2,20}$/;
const CODE_INVALID = 'Code must be 2 to 20 letters or digits, e.g. JENGO';

/** Campaign form, POST /campaigns and PUT /campaigns/{id} (`status` and `version` on a save of one that exists). */
export const campaignSchema = yup.object({
  name: text('Name is required', { label: 'Name', max: TEXT_LIMITS.name }, { length: 2, message: 'Name must be at least 2 characters' }),
  target: positive('Target is required', 'Target must be a positive amount with at most two decimals', 'Target'),
  startDate: isoDate('Start date is required', 'Start date must be a valid date in the format YYYY-MM-DD', 'Start date'),
  endDate: isoDate('End date is required', 'End date must be a valid date in the format YYYY-MM-DD', 'End date').test(
    'after-start',
    'End date must not be before the start date',
    function check(value) {
      const start = this.parent.startDate as string | undefined;
      return !value || !start || value >= start;
    },
  ),
  account: choice('Account is required'),
  code: textInput('Code')
    .transform((value: unknown) => (value === null || value === undefined ? '' : value))
    .default('')
    .max(20, CODE_INVALID)
    .test('code', CODE_INVALID, (value) => !value || CAMPAIGN_CODE.test(value)),
  status: optionalOption(CAMPAIGN_STATUSES, 'Status must be open or closed', 'Status'),
});
export type CampaignInput = yup.InferType<typeof campaignSchema>;

/** Pledge form, POST /campaigns/{id}/pledges: the contact and what they promise (the whole pledge, not an addition). */
export const pledgeSchema = yup.object({
  contactId: choice('Choose a contact from the list'),
  amount: positive('Amount is required', 'Amount must be a positive amount with at most two decimals', 'Amount'),
});
export type PledgeInput = yup.InferType<typeof pledgeSchema>;

/** Reminder form, POST /campaigns/{id}/reminders and its quote: the text, and a group (none: everyone with a balance). */
export const reminderSchema = yup.object({
  message: text('Message is required', { label: 'Message', max: MAX_MESSAGE_LENGTH }, { length: 2, message: 'Message must be at least 2 characters' }),
  group: idInput('Choose a group from the list')
    .transform((value: unknown) => (value === '' || value === 0 || value === '0' ? undefined : value))
    .optional(),
});
export type ReminderInput = yup.InferType<typeof reminderSchema>;

/** Thank-you message form, PUT /campaigns/thanks. */
export const pledgeThanksSchema = yup.object({
  enabled: booleanInput('Send a thank-you must be true or false').required('Send a thank-you must be true or false'),
  text: text('Message is required', { label: 'Message', max: MAX_MESSAGE_LENGTH }, { length: 2, message: 'Message must be at least 2 characters' }),
});
export type PledgeThanksInput = yup.InferType<typeof pledgeThanksSchema>;

/** The per-contact list's own query fields, beside the list query's page, pagesize and searchKey. */
export const pledgeListSchema = yup.object({
  sort: optionalOption(PLEDGE_SORTS, `Sort must be one of ${PLEDGE_SORTS.join(', ')}`, 'Sort'),
  order: optionalOption(SORT_ORDERS, 'Order must be asc or desc', 'Order'),
  filter: optionalOption(PLEDGE_FILTERS, `Filter must be one of ${PLEDGE_FILTERS.join(', ')}`, 'Filter'),
});
export type PledgeListInput = yup.InferType<typeof pledgeListSchema>;
