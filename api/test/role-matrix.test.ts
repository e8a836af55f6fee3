import type { LightMyRequestResponse } from 'fastify';
import { noPermissionText, permissionsOf, ROLE_PERMISSIONS, ROLES, type LoginResponse, type Permission, type Role, type RouteAccess } from '@ushirika/shared/contract';
import { createUser } from '../src/partners/queries';
import { TEST_PASSWORD, useTestApp, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { createPartnerRecords, partnerSnapshot, TENANT_REQUESTS, type PartnerRecords } from './support/partner-records';

/**
 * Roles on the server (issue 25.2), route by route: every /api/v2 route the server registers (its own route
 * table, so a new route is tried without a line here, and one this file does not list fails it) is
 *
 * - compared with what a reviewer expects it to need (PERMISSION_OF below, written from the role table
 *   and independent of the route's declaration, so a wrong `needs(...)` shows);
 * - called, with a realistic request (TENANT_REQUESTS, the isolation matrix's), as a staff member of each of
 *   the seven roles: 403 `{ status_msg: "You do not have permission to …" }` exactly when the role's
 *   permissions (ROLE_PERMISSIONS, the shared contract's) lack what the route needs, and neither a 403 nor a
 *   500 when they have it ('signed-in' routes: every role);
 * - and a snapshot of every row of the partner is the same after each route's refused calls as before them:
 *   every refused call is sent before any allowed one, so nothing else could have changed it.
 *
 * Then a few sentences of the table, checked as written, so the table's meaning is tested and not only
 * its copy.
 */

const SMS_SECRET = 'role-matrix-sms-secret';

/**
 * What each route should need, route by route, from the role table (and the lead's design notes):
 * 'public' routes carry no token (their secret, their code or nothing guards them) and are not called here.
 */
const PERMISSION_OF: Record<string, RouteAccess> = {
  'GET /api/v2/health': 'public',
  'POST /api/v2/login': 'public',
  // The second step of a login, a forgotten password, an invitation: their challenge, code or link guards them.
  'POST /api/v2/login/two-step': 'public',
  'POST /api/v2/password-reset': 'public',
  'POST /api/v2/password-reset/confirm': 'public',
  'GET /api/v2/invitation/:token': 'public',
  'POST /api/v2/invitation': 'public',
  'POST /api/v2/callbacks/sms/:secret/delivery': 'public',
  'POST /api/v2/callbacks/sms/:secret/incoming': 'public',
  'POST /api/v2/callbacks/sms/:secret/optout': 'public',
  'POST /api/v2/c2b/:secret/validation': 'public',
  'POST /api/v2/c2b/:secret/confirmation': 'public',
  'POST /api/v2/mpesa/c2b/:secret/validation': 'public',
  'POST /api/v2/mpesa/c2b/:secret/confirmation': 'public',
  // Issue 29: Daraja's other callbacks (a prompt's result, a look-up's), under both prefixes; the public giving page,
  // which its giving code guards (and its limits per phone and per address).
  'POST /api/v2/c2b/:secret/stk': 'public',
  'POST /api/v2/c2b/:secret/status-result': 'public',
  'POST /api/v2/c2b/:secret/status-timeout': 'public',
  'POST /api/v2/mpesa/c2b/:secret/stk': 'public',
  'POST /api/v2/mpesa/c2b/:secret/status-result': 'public',
  'POST /api/v2/mpesa/c2b/:secret/status-timeout': 'public',
  'GET /api/v2/give/:code': 'public',
  'POST /api/v2/give/:code': 'public',
  'GET /api/v2/give/:code/:checkoutRequestId': 'public',

  // The signed-in user's own account: every role.
  'POST /api/v2/password': 'signed-in',
  'POST /api/v2/logout-all': 'signed-in',
  'POST /api/v2/logout': 'signed-in',
  'GET /api/v2/me': 'signed-in',
  'GET /api/v2/me/sessions': 'signed-in',
  'DELETE /api/v2/me/sessions/:id': 'signed-in',
  'POST /api/v2/me/two-step': 'signed-in',
  'POST /api/v2/me/two-step/confirm': 'signed-in',
  'DELETE /api/v2/me/two-step': 'signed-in',

  // Staff: the owner's and the administrator's; another's second step and the partner's two-step rule: the owner's alone.
  'GET /api/v2/staff': 'staff.manage',
  'POST /api/v2/staff': 'staff.manage',
  'PUT /api/v2/staff/:id': 'staff.manage',
  'POST /api/v2/staff/:id/invitation': 'staff.manage',
  'DELETE /api/v2/staff/:id/two-step': 'security.manage',
  'GET /api/v2/security': 'security.manage',
  'PUT /api/v2/security': 'security.manage',

  // The dashboards, their money totals included ("no finance beyond the dashboard's totals").
  'GET /api/v2/partner-home': 'dashboard.read',
  'GET /api/v2/etracker-home': 'dashboard.read',

  'GET /api/v2/member': 'contacts.read',
  'GET /api/v2/member/:id': 'contacts.read',
  'GET /api/v2/member/:id/giving': 'finance.record',
  'GET /api/v2/member/:id/payments': 'finance.record',
  'GET /api/v2/member/:id/groups': 'groups.read',
  'GET /api/v2/member/:id/messages': 'messaging.read',
  'GET /api/v2/member/:id/meetings': 'meetings.read',
  'GET /api/v2/meetings/:id/attendees': 'meetings.read',
  'PUT /api/v2/meetings/:id/attendees': 'meetings.write',
  'GET /api/v2/groups/:id/absentees': 'meetings.read',
  'POST /api/v2/member': 'contacts.write',
  'PUT /api/v2/member/:id': 'contacts.write',
  // Import and export: the secretary's, never the viewer's.
  'POST /api/v2/member/import/preview': 'contacts.transfer',
  'POST /api/v2/member/import': 'contacts.transfer',
  'GET /api/v2/member/export': 'contacts.transfer',
  'GET /api/v2/member/imports': 'contacts.transfer',
  'POST /api/v2/member/imports/:id/undo': 'contacts.transfer',
  'GET /api/v2/member/import/presets': 'contacts.transfer',
  'POST /api/v2/member/import/presets': 'contacts.transfer',
  'DELETE /api/v2/member/import/presets/:id': 'contacts.transfer',

  'GET /api/v2/group_types': 'groups.read',
  'GET /api/v2/group_types/:id': 'groups.read',
  'POST /api/v2/group_types': 'groups.write',
  'PUT /api/v2/group_types/:id': 'groups.write',
  'GET /api/v2/groups': 'groups.read',
  'GET /api/v2/groups/:id': 'groups.read',
  'POST /api/v2/groups': 'groups.write',
  'PUT /api/v2/groups/:id': 'groups.write',
  'GET /api/v2/groupmembers/:groupId': 'groups.read',
  'POST /api/v2/groupmembers': 'groups.write',

  'GET /api/v2/meeting_types': 'meetings.read',
  'GET /api/v2/meeting_types/:id': 'meetings.read',
  'POST /api/v2/meeting_types': 'meetings.write',
  'PUT /api/v2/meeting_types/:id': 'meetings.write',
  'GET /api/v2/meetings': 'meetings.read',
  'GET /api/v2/meetings/:id': 'meetings.read',
  'POST /api/v2/meetings': 'meetings.write',
  'PUT /api/v2/meetings/:id': 'meetings.write',
  'GET /api/v2/meetings/attendance': 'meetings.read',

  // Messages sent, failed, uploaded files, opt-outs, units, the gateway: seen by messaging.read.
  'GET /api/v2/notification': 'messaging.read',
  'GET /api/v2/notification/2': 'messaging.read',
  'GET /api/v2/uploadedfiles': 'messaging.read',
  'GET /api/v2/uploadedfiles/:id/download': 'messaging.read',
  'GET /api/v2/smsunits': 'messaging.read',
  'GET /api/v2/smsgateway': 'messaging.read',
  'GET /api/v2/smsoptouts': 'messaging.read',
  // Sending costs units: send, quote, cancel, resend, opt out and in; the saved texts are read to send.
  'POST /api/v2/notifymany': 'messaging.send',
  'POST /api/v2/notifymany/quote': 'messaging.send',
  'POST /api/v2/notifyuploaded': 'messaging.send',
  'POST /api/v2/notifyuploaded/quote': 'messaging.send',
  'POST /api/v2/notification/sends/:id/cancel': 'messaging.send',
  'PUT /api/v2/notification/:id': 'messaging.send',
  'POST /api/v2/smsoptouts': 'messaging.send',
  'DELETE /api/v2/smsoptouts/:id': 'messaging.send',
  'GET /api/v2/messageconfig': 'messaging.send',
  'GET /api/v2/messageconfig/:id': 'messaging.send',
  // Changing the saved texts: not the messaging volunteer's.
  'POST /api/v2/messageconfig': 'messaging.configure',
  'PUT /api/v2/messageconfig/:id': 'messaging.configure',

  // The finance clerk: income and expense lists, record and correct; the accounts only for the pickers.
  'GET /api/v2/income': 'finance.record',
  'GET /api/v2/income/:id': 'finance.record',
  'POST /api/v2/income': 'finance.record',
  'PUT /api/v2/income/:id': 'finance.record',
  'GET /api/v2/expense': 'finance.record',
  'GET /api/v2/expense/:id': 'finance.record',
  'POST /api/v2/expense': 'finance.record',
  'PUT /api/v2/expense/:id': 'finance.record',
  'GET /api/v2/account': 'finance.record',
  'GET /api/v2/account/:id': 'finance.record',
  // ... and waiting M-Pesa payments: allocate them, link an income to its payer.
  'GET /api/v2/onlinetrans': 'finance.allocate',
  'GET /api/v2/onlinetrans/0': 'finance.allocate',
  'POST /api/v2/allocateaccounts': 'finance.allocate',
  'GET /api/v2/income/:id/contactsuggestions': 'finance.allocate',
  'PUT /api/v2/income/:id/contact': 'finance.allocate',
  // The treasurer's alone: accounts set-up, M-Pesa rules, budgets; statements and giving statements.
  'POST /api/v2/account': 'finance.manage',
  'PUT /api/v2/account/:id': 'finance.manage',
  'GET /api/v2/mpesarules': 'finance.manage',
  'GET /api/v2/mpesarules/:id': 'finance.manage',
  'POST /api/v2/mpesarules': 'finance.manage',
  'PUT /api/v2/mpesarules/:id': 'finance.manage',
  'DELETE /api/v2/mpesarules/:id': 'finance.manage',
  'PUT /api/v2/budgets/:year': 'finance.manage',
  'GET /api/v2/budgets': 'finance.reports',
  'GET /api/v2/statements/account': 'finance.reports',
  'GET /api/v2/statements/account.csv': 'finance.reports',
  'GET /api/v2/statements/account.xlsx': 'finance.reports',
  'GET /api/v2/statements/giving': 'finance.reports',
  'POST /api/v2/statements/giving/send': 'finance.reports',
  'POST /api/v2/statements/giving/send/quote': 'finance.reports',

  // Issue 26. Reversing is recording (the clerk's), with a reason; the months: seen by who records, closed by
  // the treasurer, reopened by the owner alone; the correction SMS is the treasurer's setting.
  'POST /api/v2/income/:id/reverse': 'finance.record',
  'POST /api/v2/expense/:id/reverse': 'finance.record',
  'GET /api/v2/periods': 'finance.record',
  'POST /api/v2/periods/:month/close': 'finance.close',
  'POST /api/v2/periods/:month/reopen': 'finance.reopen',
  'GET /api/v2/ledger-settings': 'finance.record',
  'PUT /api/v2/ledger-settings': 'finance.manage',
  // Archiving is editing; erasing a person's data is the owner's alone.
  'POST /api/v2/member/:id/archive': 'contacts.write',
  'POST /api/v2/member/:id/restore': 'contacts.write',
  'POST /api/v2/member/:id/erase': 'contacts.erase',
  // The activity log: the finance events for the treasurer (the owner sees every area); a record's own history
  // for whoever may read the record.
  'GET /api/v2/activity': 'activity.finance',
  'GET /api/v2/activity.csv': 'activity.finance',
  'GET /api/v2/member/:id/activity': 'contacts.read',
  'GET /api/v2/households': 'contacts.read',
  'GET /api/v2/households/:id': 'contacts.read',
  'POST /api/v2/households': 'contacts.write',
  'PUT /api/v2/households/:id': 'contacts.write',
  'DELETE /api/v2/households/:id': 'contacts.write',
  'GET /api/v2/households/:id/activity': 'contacts.read',
  'GET /api/v2/account/:id/activity': 'finance.record',
  'GET /api/v2/income/:id/activity': 'finance.record',
  'GET /api/v2/expense/:id/activity': 'finance.record',
  'GET /api/v2/meeting_types/:id/activity': 'meetings.read',
  'GET /api/v2/meetings/:id/activity': 'meetings.read',
  'GET /api/v2/group_types/:id/activity': 'groups.read',
  'GET /api/v2/groups/:id/activity': 'groups.read',
  'GET /api/v2/messageconfig/:id/activity': 'messaging.send',

  // Issue 29. 'Request payment' is recording (the clerk's), and so is following a prompt; looking up a code a
  // member reports is allocating; the Daraja set-up, its test and registration, the callbacks a person replays:
  // owners and treasurers (mpesa.configure).
  'POST /api/v2/mpesa/express': 'finance.record',
  'GET /api/v2/mpesa/express': 'finance.record',
  'GET /api/v2/mpesa/express/:checkoutRequestId': 'finance.record',
  'POST /api/v2/mpesa/lookups': 'finance.allocate',
  'GET /api/v2/mpesa/lookups': 'finance.allocate',
  'GET /api/v2/mpesa/setup': 'mpesa.configure',
  'PUT /api/v2/mpesa/setup': 'mpesa.configure',
  'POST /api/v2/mpesa/setup/test': 'mpesa.configure',
  'POST /api/v2/mpesa/setup/register': 'mpesa.configure',
  'GET /api/v2/mpesa/callbacks': 'mpesa.configure',
  'POST /api/v2/mpesa/callbacks/:id/replay': 'mpesa.configure',

  // Issue 30. Campaigns and pledges: read, pledge and import pledges with who records (the clerk's); create, change,
  // close, remind and set the thank-you SMS up: the treasurer's; the download: with the reports; the dashboards' cards.
  'GET /api/v2/campaigns': 'finance.record',
  'GET /api/v2/campaigns/:id': 'finance.record',
  'GET /api/v2/campaigns/:id/weeks': 'finance.record',
  'GET /api/v2/campaigns/:id/pledges': 'finance.record',
  'POST /api/v2/campaigns/:id/pledges': 'finance.record',
  'GET /api/v2/campaigns/:id/pledges/:contactId': 'finance.record',
  'POST /api/v2/campaigns/:id/pledges/import': 'finance.record',
  'GET /api/v2/pledges': 'finance.record',
  'POST /api/v2/campaigns': 'finance.manage',
  'PUT /api/v2/campaigns/:id': 'finance.manage',
  'POST /api/v2/campaigns/:id/reminders/quote': 'finance.manage',
  'POST /api/v2/campaigns/:id/reminders': 'finance.manage',
  'GET /api/v2/campaigns/thanks': 'finance.manage',
  'PUT /api/v2/campaigns/thanks': 'finance.manage',
  'GET /api/v2/campaigns/:id/pledges/export': 'finance.reports',
  'GET /api/v2/dashboard/campaigns': 'dashboard.read',
};

/** Routes that end the caller's session: each role calls them last, when nothing else is left to send. */
const ENDS_THE_SESSION = ['POST /api/v2/logout', 'POST /api/v2/logout-all'];

/** Sentences of the role table, each checked as written: [who, what, route, may they]. */
const IN_WORDS: Array<[role: Role, sentence: string, route: string, allowed: boolean]> = [
  ['viewer', 'a viewer cannot export contacts', 'GET /api/v2/member/export', false],
  ['viewer', 'a viewer cannot import contacts', 'POST /api/v2/member/import', false],
  ['viewer', 'a viewer cannot add a contact', 'POST /api/v2/member', false],
  ['viewer', 'a viewer cannot see incomes', 'GET /api/v2/income', false],
  ['viewer', 'a viewer reads the contacts list', 'GET /api/v2/member', true],
  ['viewer', 'a viewer reads the groups list', 'GET /api/v2/groups', true],
  ['viewer', 'a viewer reads the meetings list', 'GET /api/v2/meetings', true],
  ['viewer', "a viewer reads the dashboard's totals", 'GET /api/v2/etracker-home', true],
  ['finance_clerk', 'a finance clerk cannot read an account statement', 'GET /api/v2/statements/account', false],
  ['finance_clerk', 'a finance clerk cannot read a giving statement', 'GET /api/v2/statements/giving', false],
  ['finance_clerk', 'a finance clerk cannot create an account', 'POST /api/v2/account', false],
  ['finance_clerk', 'a finance clerk cannot see the M-Pesa rules', 'GET /api/v2/mpesarules', false],
  ['finance_clerk', 'a finance clerk cannot see the budgets', 'GET /api/v2/budgets', false],
  ['finance_clerk', 'a finance clerk sees the income list', 'GET /api/v2/income', true],
  ['finance_clerk', 'a finance clerk sees the expense list', 'GET /api/v2/expense', true],
  ['finance_clerk', 'a finance clerk picks an account (reads the accounts)', 'GET /api/v2/account', true],
  ['finance_clerk', 'a finance clerk records an expense', 'POST /api/v2/expense', true],
  ['finance_clerk', 'a finance clerk sees the waiting M-Pesa payments', 'GET /api/v2/onlinetrans', true],
  ['messaging', 'a messaging user cannot see incomes', 'GET /api/v2/income', false],
  ['messaging', 'a messaging user cannot change a contact', 'PUT /api/v2/member/:id', false],
  ['messaging', 'a messaging user cannot change the saved messages', 'POST /api/v2/messageconfig', false],
  ['messaging', 'a messaging user reads the contacts', 'GET /api/v2/member', true],
  ['messaging', 'a messaging user reads the groups', 'GET /api/v2/groups', true],
  ['messaging', 'a messaging user sees the messages sent', 'GET /api/v2/notification', true],
  ['messaging', 'a messaging user prices a message', 'POST /api/v2/notifymany/quote', true],
  ['messaging', 'a messaging user sees the opt-outs', 'GET /api/v2/smsoptouts', true],
  ['administrator', 'an administrator cannot see incomes', 'GET /api/v2/income', false],
  ['administrator', 'an administrator cannot see expenses', 'GET /api/v2/expense', false],
  ['administrator', 'an administrator cannot see the accounts', 'GET /api/v2/account', false],
  ['administrator', 'an administrator cannot see M-Pesa payments', 'GET /api/v2/onlinetrans', false],
  ['administrator', 'an administrator cannot read a statement', 'GET /api/v2/statements/account', false],
  ['administrator', 'an administrator exports contacts', 'GET /api/v2/member/export', true],
  ['administrator', 'an administrator changes the saved messages', 'PUT /api/v2/messageconfig/:id', true],
  ['administrator', 'an administrator changes a meeting', 'PUT /api/v2/meetings/:id', true],
  ['treasurer', 'a treasurer reads contacts', 'GET /api/v2/member', true],
  ['treasurer', 'a treasurer cannot change a contact', 'PUT /api/v2/member/:id', false],
  ['treasurer', 'a treasurer cannot see the messages', 'GET /api/v2/notification', false],
  ['treasurer', 'a treasurer reads a statement', 'GET /api/v2/statements/account', true],
  ['treasurer', 'a treasurer changes a budget', 'PUT /api/v2/budgets/:year', true],
  ['treasurer', 'a treasurer changes an M-Pesa rule', 'PUT /api/v2/mpesarules/:id', true],
  ['secretary', 'a secretary exports contacts', 'GET /api/v2/member/export', true],
  ['secretary', 'a secretary changes group membership', 'POST /api/v2/groupmembers', true],
  ['secretary', 'a secretary records a meeting', 'PUT /api/v2/meetings/:id', true],
  ['secretary', 'a secretary cannot send messages', 'POST /api/v2/notifymany', false],
  ['secretary', 'a secretary cannot see incomes', 'GET /api/v2/income', false],
  ['owner', 'an owner reads a statement', 'GET /api/v2/statements/account', true],
  ['owner', 'an owner changes the saved messages', 'PUT /api/v2/messageconfig/:id', true],
  ['owner', "an owner resets another's second step", 'DELETE /api/v2/staff/:id/two-step', true],
  ['owner', 'an owner sets the two-step rule', 'PUT /api/v2/security', true],
  ['administrator', 'an administrator lists the staff', 'GET /api/v2/staff', true],
  ['administrator', 'an administrator adds a staff member', 'POST /api/v2/staff', true],
  ['administrator', "an administrator cannot reset another's second step", 'DELETE /api/v2/staff/:id/two-step', false],
  ['administrator', 'an administrator cannot change the two-step rule', 'PUT /api/v2/security', false],
  ['treasurer', 'a treasurer cannot manage staff', 'GET /api/v2/staff', false],
  ['secretary', 'a secretary cannot manage staff', 'PUT /api/v2/staff/:id', false],
  ['viewer', 'a viewer sees their own sign-ins', 'GET /api/v2/me/sessions', true],
  // Issue 26: the log, the months, erasure.
  ['treasurer', 'a treasurer reads the finance activity', 'GET /api/v2/activity', true],
  ['treasurer', 'a treasurer closes a month', 'POST /api/v2/periods/:month/close', true],
  ['treasurer', 'a treasurer cannot reopen a closed month', 'POST /api/v2/periods/:month/reopen', false],
  ['finance_clerk', 'a finance clerk cannot close a month', 'POST /api/v2/periods/:month/close', false],
  ['finance_clerk', 'a finance clerk sees which months are closed', 'GET /api/v2/periods', true],
  ['finance_clerk', "a finance clerk reads an income's history", 'GET /api/v2/income/:id/activity', true],
  ['finance_clerk', 'a finance clerk cannot read the activity log', 'GET /api/v2/activity', false],
  ['finance_clerk', 'a finance clerk cannot turn the correction SMS on', 'PUT /api/v2/ledger-settings', false],
  ['secretary', 'a secretary archives a contact', 'POST /api/v2/member/:id/archive', true],
  ['secretary', "a secretary cannot erase a person's data", 'POST /api/v2/member/:id/erase', false],
  ['secretary', 'a secretary cannot read the activity log', 'GET /api/v2/activity', false],
  ['administrator', "an administrator cannot erase a person's data", 'POST /api/v2/member/:id/erase', false],
  ['viewer', "a viewer reads a contact's history", 'GET /api/v2/member/:id/activity', true],
  ['viewer', 'a viewer cannot archive a contact', 'POST /api/v2/member/:id/archive', false],
  ['owner', "an owner erases a person's data", 'POST /api/v2/member/:id/erase', true],
  ['owner', 'an owner reopens a closed month', 'POST /api/v2/periods/:month/reopen', true],
  // Issue 29: credentials are entered by an owner or a treasurer; prompts and look-ups are the finance clerk's work too.
  ['treasurer', 'a treasurer enters the M-Pesa credentials', 'PUT /api/v2/mpesa/setup', true],
  ['owner', "an owner registers the partner's callback URLs", 'POST /api/v2/mpesa/setup/register', true],
  ['finance_clerk', 'a finance clerk cannot see the M-Pesa set-up', 'GET /api/v2/mpesa/setup', false],
  ['finance_clerk', 'a finance clerk cannot replay an M-Pesa callback', 'POST /api/v2/mpesa/callbacks/:id/replay', false],
  ['administrator', 'an administrator cannot change the M-Pesa set-up', 'PUT /api/v2/mpesa/setup', false],
  ['finance_clerk', "a finance clerk requests a payment from a contact's phone", 'POST /api/v2/mpesa/express', true],
  ['finance_clerk', 'a finance clerk looks up a reported M-Pesa code', 'POST /api/v2/mpesa/lookups', true],
  ['secretary', 'a secretary cannot send an M-Pesa prompt', 'POST /api/v2/mpesa/express', false],
  ['viewer', 'a viewer cannot see the M-Pesa prompts', 'GET /api/v2/mpesa/express', false],
  // Issue 30: the clerk takes pledges, the treasurer runs the campaign; the dashboard's cards are every reader's.
  ['finance_clerk', "a finance clerk records a contact's pledge", 'POST /api/v2/campaigns/:id/pledges', true],
  ['finance_clerk', 'a finance clerk imports a pledges file', 'POST /api/v2/campaigns/:id/pledges/import', true],
  ['finance_clerk', 'a finance clerk cannot create a campaign', 'POST /api/v2/campaigns', false],
  ['finance_clerk', 'a finance clerk cannot close a campaign', 'PUT /api/v2/campaigns/:id', false],
  ['finance_clerk', 'a finance clerk cannot send pledge reminders', 'POST /api/v2/campaigns/:id/reminders', false],
  ['finance_clerk', 'a finance clerk cannot download the pledges list', 'GET /api/v2/campaigns/:id/pledges/export', false],
  ['treasurer', 'a treasurer creates a campaign', 'POST /api/v2/campaigns', true],
  ['treasurer', 'a treasurer sends pledge reminders', 'POST /api/v2/campaigns/:id/reminders', true],
  ['treasurer', 'a treasurer sets the thank-you SMS up', 'PUT /api/v2/campaigns/thanks', true],
  ['treasurer', 'a treasurer downloads the pledges list', 'GET /api/v2/campaigns/:id/pledges/export', true],
  ['messaging', 'a messaging user cannot send pledge reminders', 'POST /api/v2/campaigns/:id/reminders', false],
  ['secretary', "a secretary cannot see a contact's pledges", 'GET /api/v2/pledges', false],
  ['administrator', 'an administrator cannot see the campaigns', 'GET /api/v2/campaigns', false],
  ['viewer', "a viewer reads the dashboard's campaign cards", 'GET /api/v2/dashboard/campaigns', true],
];

const brief = (response: LightMyRequestResponse) => `${response.statusCode} ${response.body.slice(0, 160)}`;
const allows = (role: Role, needed: RouteAccess) => needed === 'signed-in' || ROLE_PERMISSIONS[role].includes(needed as Permission);

describe.each(testDatabases)('every role on every route, on %s', (_name, database) => {
  const testApp = useTestApp(database, { smsCallbackSecret: SMS_SECRET });
  let t: TestApp;
  let victim: PartnerRecords;
  /** Each role's staff member of the victim's partner: the `Authorization` header of their own login. */
  const staff = {} as Record<Role, string>;
  const emails = {} as Record<Role, string>;
  /** route -> what it declared (config.permission), from the server's own table. */
  let declared: Map<string, RouteAccess | undefined>;
  /** `answered`: allowed calls answered 2xx (the others refused for what they asked: a second cancel, a wrong password …). */
  const counts = { pairs: 0, refused: 0, allowed: 0, answered: 0, unexpected: 0, changedAfter403: 0 };
  let problems: string[] = [];
  beforeEach(() => {
    problems = [];
  });

  const send = (role: Role, route: string) => {
    const request = TENANT_REQUESTS[route]!(victim);
    return t.app.inject({ ...request, headers: { ...request.headers, authorization: staff[role] } });
  };
  /** A new sign-in of the role's staff member: their token from now on. */
  async function signIn(role: Role) {
    const login = await t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email: emails[role], password: TEST_PASSWORD } });
    expect({ role, status: login.statusCode }).toEqual({ role, status: 200 });
    const body = login.json<LoginResponse>();
    // What the screens are given to hide what the user may not do: the role's permissions, as the table has them.
    expect({ role, permissions: body.user.permissions }).toEqual({ role, permissions: permissionsOf([role]) });
    staff[role] = `Bearer ${body.access_token}`;
  }
  /** The routes behind the token, in the server's order: each with what it needs (this file's table). */
  const guarded = () => [...declared.keys()].filter((route) => PERMISSION_OF[route] !== undefined && PERMISSION_OF[route] !== 'public');

  beforeAll(async () => {
    t = testApp();
    victim = await createPartnerRecords(t, 'Vashti', 1);
    for (const role of ROLES) {
      emails[role] = `${role}.${Date.now()}@example.test`;
      await createUser(t.db, { partnerId: victim.tenant.id, email: emails[role], password: TEST_PASSWORD, firstName: 'Staff', lastName: role, roles: [role] });
      await signIn(role);
    }
    declared = new Map(
      t.app.routeTable.filter((route) => route.url.startsWith('/api/v2/') && route.method !== 'HEAD').map((route) => [`${route.method} ${route.url}`, route.permission]),
    );
  }, 120_000);

  it('lists every /api/v2 route the server registers, each declaring what the table says it needs', () => {
    const registered = [...declared.keys()];
    expect(registered.length).toBeGreaterThan(60);
    expect(registered.filter((route) => !(route in PERMISSION_OF))).toEqual([]);
    expect(Object.keys(PERMISSION_OF).filter((route) => !declared.has(route))).toEqual([]);
    const wrong = registered.filter((route) => declared.get(route) !== PERMISSION_OF[route]);
    expect(wrong.map((route) => `${route} declares ${declared.get(route)}, the table says ${PERMISSION_OF[route]}`)).toEqual([]);
    // Every route behind the token has a realistic request to send.
    expect(guarded().filter((route) => !(route in TENANT_REQUESTS))).toEqual([]);
  });

  it('refuses every role whose permissions lack what the route needs with 403, and the refused calls change nothing', async () => {
    let before = await partnerSnapshot(t, victim.tenant.id);
    for (const route of guarded()) {
      const needed = PERMISSION_OF[route]!;
      const refused = ROLES.filter((role) => !allows(role, needed));
      if (refused.length === 0) continue;
      await Promise.all(
        refused.map(async (role) => {
          counts.pairs += 1;
          counts.refused += 1;
          const response = await send(role, route);
          const expected = { status_msg: noPermissionText(needed as Permission) };
          if (response.statusCode !== 403 || JSON.stringify(response.json()) !== JSON.stringify(expected)) {
            counts.unexpected += 1;
            problems.push(`${role}: ${route} -> ${brief(response)} (expected 403 ${expected.status_msg})`);
          }
        }),
      );
      const after = await partnerSnapshot(t, victim.tenant.id);
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (changed.length > 0) {
        counts.changedAfter403 += 1;
        problems.push(`${route}: refused to ${refused.join(', ')}, yet ${changed.join(', ')} changed`);
      }
      before = after;
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('reads the issue’s table as written', async () => {
    for (const [role, sentence, route, allowed] of IN_WORDS) {
      expect(PERMISSION_OF[route]).toBeDefined();
      const response = await send(role, route);
      const refused = response.statusCode === 403;
      if (refused === allowed || response.statusCode >= 500) problems.push(`${sentence}: ${route} -> ${brief(response)}`);
    }
    expect(problems).toEqual([]);
  });

  it('lets an administrator manage staff but never grant or remove owner or treasurer', async () => {
    const member = () => t.db.selectFrom('users').select('roles').where('id', '=', victim.staffMember).executeTakeFirstOrThrow();
    const before = await member();
    for (const roles of [['treasurer'], ['secretary', 'owner']]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/v2/staff/${victim.staffMember}`,
        payload: { roles },
        headers: { authorization: staff.administrator },
      });
      expect({ roles, status: response.statusCode }).toEqual({ roles, status: 403 });
      expect(response.json<{ status_msg: string }>().status_msg).toMatch(/owner|treasurer/i);
    }
    expect(await member()).toEqual(before);
  });

  it('lets every role whose permissions hold what the route needs through: never a 403, never a 500', async () => {
    // The session's own end last: after it the role's token is refused (401) on every route.
    const routes = guarded().sort((a, b) => Number(ENDS_THE_SESSION.includes(a)) - Number(ENDS_THE_SESSION.includes(b)));
    const before = await partnerSnapshot(t, victim.tenant.id);
    for (const route of routes) {
      // Each ends the session the one before ended: a new sign-in for each.
      if (ENDS_THE_SESSION.includes(route)) for (const role of ROLES) await signIn(role);
      for (const role of ROLES.filter((each) => allows(each, PERMISSION_OF[route]!))) {
        counts.pairs += 1;
        counts.allowed += 1;
        const response = await send(role, route);
        if (response.statusCode < 300) counts.answered += 1;
        if (response.statusCode === 403 || response.statusCode === 401 || response.statusCode >= 500) {
          counts.unexpected += 1;
          problems.push(`${role}: ${route} -> ${brief(response)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // The control: the same snapshot sees what the allowed calls saved, so its sameness after the 403s means something.
    expect(await partnerSnapshot(t, victim.tenant.id)).not.toEqual(before);
  }, 120_000);

  it('adds up: every route behind the token tried as every role', () => {
    const routes = guarded();
    expect(counts.pairs).toBe(routes.length * ROLES.length);
    expect(counts.refused + counts.allowed).toBe(counts.pairs);
    expect(counts.refused).toBeGreaterThan(0);
    expect(counts.unexpected).toBe(0);
    expect(counts.changedAfter403).toBe(0);
    const publicRoutes = [...declared.keys()].length - routes.length;
    // The numbers the closing note quotes.
    console.log(
      `role matrix (${database.name}): ${routes.length} routes × ${ROLES.length} roles = ${counts.pairs} calls (${publicRoutes} public routes not called): ` +
        `${counts.refused} refused with 403, ${counts.allowed} allowed (${counts.answered} answered 2xx), ${counts.unexpected} unexpected, ${counts.changedAfter403} changes after a 403`,
    );
  });
});
