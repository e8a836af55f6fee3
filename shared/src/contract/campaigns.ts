import * as yup from 'yup';
import { idField, instantField, partnerRef, versionField } from './common';
import { moneyField } from './finance';

/*
 * Pledges and harambee campaigns (issue 30). Amounts are exact decimal strings ("1500.00"); inputs take
 * decimal strings or numbers as elsewhere in the API. docs/api.md, "Campaigns".
 *
 * What counts: an income counts toward a campaign when it is to the campaign's account and dated within its
 * dates - cash or a cheque a treasurer records, an M-Pesa payment allocated by the campaign's code (its
 * BillRefNumber rule, made with the campaign and listed with the M-Pesa rules) or by a person, a giving-page
 * prompt - and a reversing entry takes a reversed income back out. It counts toward a contact's pledge when
 * it is also linked to that contact (an M-Pesa payer matched by phone, or linked by the treasurer). Two
 * campaigns never take one account's income over overlapping dates, so money counts once.
 *
 * Finance staff (finance.record reads and pledges; finance.manage creates, edits, closes and reminds; the
 * export is finance.reports):
 * - `GET /campaigns` (list query, `status=open|closed`) -> { campaigns, total }, newest first.
 * - `POST /campaigns` CampaignInput -> { status_msg, campaign }.
 * - `GET /campaigns/{id}` -> { campaign }.
 * - `PUT /campaigns/{id}` CampaignInput with `status` and `version` -> { status_msg, campaign }.
 * - `GET /campaigns/{id}/weeks` -> { weeks }: money in per week (Monday first), oldest first.
 * - `GET /campaigns/{id}/pledges` (list query, `sort`, `order`, `filter`) -> { pledges, total }: each contact who
 *   pledged or gave.
 * - `POST /campaigns/{id}/pledges` PledgeInput -> { status_msg, pledge }: makes the contact's pledge, or changes
 *   it (raised or lowered; each change is kept).
 * - `GET /campaigns/{id}/pledges/{contactId}` -> { pledge, changes }.
 * - `POST /campaigns/{id}/pledges/import` (the CSV file's text, `text/csv`; columns name, phone, amount)
 *   -> PledgeImportResult. All rows or none: any bad row answers 400 with every bad row's message.
 * - `GET /campaigns/{id}/pledges/export?format=csv|xlsx` (with the list's searchKey, sort, order, filter): a file.
 * - `POST /campaigns/{id}/reminders/quote` ReminderInput -> SendQuote (messaging's): what the reminder would
 *   queue and cost, with personalised samples; nothing saved.
 * - `POST /campaigns/{id}/reminders` ReminderInput -> SendResult: one SMS per contact with a balance.
 * - `GET /campaigns/thanks` -> PledgeThanks; `PUT /campaigns/thanks` PledgeThanksInput -> { status_msg, thanks }.
 * - `GET /pledges?contactId=N` -> { pledges, total }: a contact's pledges, each with its campaign (their page).
 * Dashboard (dashboard.read):
 * - `GET /dashboard/campaigns` -> { campaigns }: the open campaigns' progress, for the dashboards' cards.
 */

export const CAMPAIGNS_PATH = 'campaigns';
export const campaignPath = (id: number | string) => `campaigns/${id}`;
export const campaignWeeksPath = (id: number | string) => `campaigns/${id}/weeks`;
export const campaignPledgesPath = (id: number | string) => `campaigns/${id}/pledges`;
export const campaignPledgePath = (id: number | string, contactId: number | string) => `campaigns/${id}/pledges/${contactId}`;
export const campaignPledgesImportPath = (id: number | string) => `campaigns/${id}/pledges/import`;
export const campaignPledgesExportPath = (id: number | string) => `campaigns/${id}/pledges/export`;
export const campaignRemindersQuotePath = (id: number | string) => `campaigns/${id}/reminders/quote`;
export const campaignRemindersPath = (id: number | string) => `campaigns/${id}/reminders`;
export const PLEDGE_THANKS_PATH = 'campaigns/thanks';
export const CONTACT_PLEDGES_PATH = 'pledges';
export const DASHBOARD_CAMPAIGNS_PATH = 'dashboard/campaigns';

export const CAMPAIGN_STATUSES = ['open', 'closed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The per-contact list's orders and filters. `name`: last name, then first. */
export const PLEDGE_SORTS = ['balance', 'pledged', 'paid', 'name', 'updated'] as const;
export type PledgeSort = (typeof PLEDGE_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/** `owing`: a balance left; `fulfilled`: paid at least the pledge; `unpledged`: gave without a pledge. */
export const PLEDGE_FILTERS = ['all', 'owing', 'fulfilled', 'unpledged'] as const;
export type PledgeFilter = (typeof PLEDGE_FILTERS)[number];

export const PLEDGE_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type PledgeExportFormat = (typeof PLEDGE_EXPORT_FORMATS)[number];

/**
 * The placeholders of a reminder or thank-you SMS, filled per contact: money as the partner's currency and
 * amount ("KES 1,500", "KES 1,500.50"), `{campaign}` the campaign's name.
 */
export const PLEDGE_PLACEHOLDERS = ['{firstName}', '{lastName}', '{pledged}', '{paid}', '{balance}', '{campaign}'] as const;
export type PledgePlaceholder = (typeof PLEDGE_PLACEHOLDERS)[number];

/** The thank-you SMS the product sends when a partner has not written its own. */
export const PLEDGE_THANKS_DEFAULT_TEXT = 'Dear {firstName}, thank you for fulfilling your pledge of {pledged} to {campaign}. God bless you.';
/** The reminder text the reminder form starts with. */
export const PLEDGE_REMINDER_DEFAULT_TEXT = 'Dear {firstName}, you pledged {pledged} to {campaign} and have paid {paid}. Your balance is {balance}. Thank you.';

/** Rows a pledges CSV may have. */
export const MAX_PLEDGE_IMPORT_ROWS = 5_000;
/** The CSV text's largest size, in bytes. */
export const MAX_PLEDGE_IMPORT_BYTES = 1_000_000;

export const CAMPAIGN_SAVED = 'Campaign saved successfully!';
export const PLEDGE_SAVED = 'Pledge saved successfully!';
export const PLEDGE_THANKS_SAVED = 'Thank-you message saved successfully!';
export const CAMPAIGN_NOT_FOUND = 'Campaign not found';
export const PLEDGE_NOT_FOUND = 'Pledge not found';
export const CAMPAIGN_CLOSED = 'This campaign is closed: reopen it to take pledges or send reminders';
export const CAMPAIGN_ACCOUNT_TAKEN = "Another campaign takes this account's income over some of these dates: choose another account or other dates";
export const CAMPAIGN_CODE_TAKEN = 'This M-Pesa account code already sends payments to another account: choose another code';
export const NO_ONE_OWES = 'No one with a balance to remind';

export const campaignRow = yup.object({
  id: idField(),
  name: yup.string().defined(),
  target: moneyField(),
  /** YYYY-MM-DD, inclusive. */
  startDate: yup.string().defined(),
  endDate: yup.string().defined(),
  AccountId: idField(),
  Account: yup.object({ name: yup.string().defined() }).defined(),
  /** The M-Pesa account code as typed ('JENGO'); null when none. */
  code: yup.string().nullable().defined(),
  status: yup.mixed<CampaignStatus>().oneOf(CAMPAIGN_STATUSES).defined(),
  /** What the contacts promised. */
  pledged: moneyField(),
  /** Every income to the campaign, pledged or not, contact or not. */
  paid: moneyField(),
  /** What pledgers still owe: each pledge's balance (a pledge paid over counts 0). */
  balance: moneyField(),
  /** What is still to raise to reach the target: target − paid, at least 0. */
  remaining: moneyField(),
  /** Contacts with a pledge, and those of them who have paid it all. */
  pledgers: yup.number().integer().defined(),
  fulfilled: yup.number().integer().defined(),
  /** fulfilled ÷ pledgers × 100 to one decimal; null without pledges. */
  fulfilledShare: yup.number().nullable().defined(),
  createdAt: instantField(),
  Partner: partnerRef,
  version: versionField(),
});
export type Campaign = yup.InferType<typeof campaignRow>;

export const campaignWeek = yup.object({
  /** The Monday, YYYY-MM-DD. */
  week: yup.string().defined(),
  amount: moneyField(),
});
export type CampaignWeek = yup.InferType<typeof campaignWeek>;
export const campaignWeeks = yup.object({ weeks: yup.array(campaignWeek).defined() });

export const pledgeRow = yup.object({
  id: idField(),
  campaignId: idField(),
  contactId: idField(),
  firstName: yup.string().defined(),
  lastName: yup.string().defined(),
  phone: yup.string().defined(),
  /** "0.00" for a contact who gave without a pledge. */
  pledged: moneyField(),
  paid: moneyField(),
  /** pledged − paid, at least 0. */
  balance: moneyField(),
  /** Paid at least a pledge above 0. */
  fulfilled: yup.boolean().defined(),
  /** When the pledge was first made; null for a contact who gave without one. */
  pledgedAt: yup.string().nullable().defined(),
  updatedAt: instantField(),
});
export type Pledge = yup.InferType<typeof pledgeRow>;

/** A contact's pledge as their page lists it: with its campaign. */
export const contactPledgeRow = pledgeRow.shape({
  campaignName: yup.string().defined(),
  campaignStatus: yup.mixed<CampaignStatus>().oneOf(CAMPAIGN_STATUSES).defined(),
  campaignEndDate: yup.string().defined(),
});
export type ContactPledge = yup.InferType<typeof contactPledgeRow>;

export const pledgeChange = yup.object({
  previous: moneyField(),
  amount: moneyField(),
  /** 'screen' or 'import'. */
  source: yup.string().defined(),
  /** "First Last" of the staff member; null when unknown. */
  changedBy: yup.string().nullable().defined(),
  changedAt: instantField(),
});
export type PledgeChange = yup.InferType<typeof pledgeChange>;
export const pledgeDetail = yup.object({ pledge: pledgeRow.defined(), changes: yup.array(pledgeChange).defined() });
export type PledgeDetail = yup.InferType<typeof pledgeDetail>;

export const pledgeImportResult = yup.object({
  status_msg: yup.string().defined(),
  /** Pledges made, and pledges changed (a different amount); rows with the amount already pledged change nothing. */
  created: yup.number().integer().defined(),
  changed: yup.number().integer().defined(),
  unchanged: yup.number().integer().defined(),
  /** Contacts added for numbers that were nobody's (only for staff who may add contacts). */
  contactsCreated: yup.number().integer().defined(),
});
export type PledgeImportResult = yup.InferType<typeof pledgeImportResult>;
/** A refused import's 400: `status_msg` and each bad row's message ("Row 4: Amount must be more than 0"). */
export const pledgeImportErrors = yup.object({ status_msg: yup.string().defined(), errors: yup.array(yup.string().defined()).defined() });
export type PledgeImportErrors = yup.InferType<typeof pledgeImportErrors>;
export const PLEDGE_IMPORT_REFUSED = 'Nothing was imported: correct these rows and import the file again';

export const pledgeThanks = yup.object({
  enabled: yup.boolean().defined(),
  /** The partner's text, or PLEDGE_THANKS_DEFAULT_TEXT. */
  text: yup.string().defined(),
  /** True while the text is the product's own. */
  isDefault: yup.boolean().defined(),
  version: versionField(),
});
export type PledgeThanks = yup.InferType<typeof pledgeThanks>;
