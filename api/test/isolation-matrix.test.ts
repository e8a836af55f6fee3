import { createHmac } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { CAMPAIGN_NOT_FOUND } from '@ushirika/shared/contract';
import { simulatedCallbackBody, simulatedReceipt } from '../src/finance/mpesa/express/simulator';
import { STK_CHECK_REASONS } from '../src/finance/mpesa/express/stk-callback';
import { createUser } from '../src/partners/queries';
import { TEST_PASSWORD, useTestApp, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import {
  bodyText,
  campaignBody,
  createPartnerRecords,
  daraja,
  partnerSnapshot,
  statusResult,
  TENANT_REQUESTS,
  type PartnerRecords,
  type Request,
} from './support/partner-records';

/**
 * The tenant wall (issue 10), route by route: every /api/v2 route the server registers (its own route
 * table, so a new route is attacked without a line here, and one this file cannot classify fails it) is
 * sent, aimed at one partner's records (the victim):
 *
 * - with no token, a token signed with another key, an expired token, an `alg: none` token and the token
 *   of a user who has since been deleted: 401, every one;
 * - with the other partner's (the attacker's) valid token and the victim's `tenantid`: 403;
 * - with the attacker's token and the victim's ids in the path, the query or the body: refused (400, 404
 *   or 409), or, where the route reads only the caller's own data, answered without a trace of the victim;
 * - the attacker's own records mixed with the victim's ids inside bodies (group members, account pickers,
 *   allocation lists, budget lines, resend): refused;
 * - the callbacks with a wrong secret, and M-Pesa's with the attacker's secret for the victim's paybill, the
 *   victim's prompt and the victim's look-up (issue 29);
 * - the giving pages (issue 29): a partner's page never shows, follows or prompts for another's fund or prompt.
 *
 * Never a 500, never a 2xx that reveals or changes the victim's data, and a snapshot of every victim row is
 * the same after all of it.
 */

const JWT_SECRET = 'isolation-matrix-secret-long-enough-for-hs256';
const SMS_SECRET = 'isolation-matrix-sms-secret';

type Route =
  /** No token needed and nothing of a partner's served: health, login. */
  | { access: 'public' }
  /** A gateway's callback: the secret in the path guards it. */
  | { access: 'callback' }
  /**
   * Behind the token. `read`: the request only reads (sent with the attacker's token it must show nothing
   * of the victim); `write`: it saves (sent with the attacker's token only when `aimed`); `self`: the
   * signed-in user's own account, never sent with a valid token here. `aimed`: the request names the
   * victim's records (path, query or body), so the attacker's token must be refused.
   */
  | { access: 'tenant'; kind: 'read' | 'write' | 'self'; aimed?: boolean; check?: Check };

/** What else the attacker's answer must (not) show: a problem to report, or undefined. */
type Check = (
  response: LightMyRequestResponse,
  parties: { victim: PartnerRecords; attacker: PartnerRecords; t: TestApp },
) => Promise<string | undefined> | string | undefined;

const read = (aimed = false): Route => ({ access: 'tenant', kind: 'read', aimed });
const write = (aimed = false): Route => ({ access: 'tenant', kind: 'write', aimed });

/** Every route the server may register, classified. A route missing here fails the first test. */
const ROUTES: Record<string, Route> = {
  'GET /api/v2/health': { access: 'public' },
  'POST /api/v2/login': { access: 'public' },
  // No token yet: the login's challenge, the SMS code or the invitation's link guards them (issue 25).
  'POST /api/v2/login/two-step': { access: 'public' },
  'POST /api/v2/password-reset': { access: 'public' },
  'POST /api/v2/password-reset/confirm': { access: 'public' },
  'GET /api/v2/invitation/:token': { access: 'public' },
  'POST /api/v2/invitation': { access: 'public' },
  'POST /api/v2/callbacks/sms/:secret/delivery': { access: 'callback' },
  'POST /api/v2/callbacks/sms/:secret/incoming': { access: 'callback' },
  'POST /api/v2/callbacks/sms/:secret/optout': { access: 'callback' },
  'POST /api/v2/c2b/:secret/validation': { access: 'callback' },
  'POST /api/v2/c2b/:secret/confirmation': { access: 'callback' },
  // The former default prefix, served beside the default one (finance/mpesa/callbacks.ts mpesaCallbackPrefixes).
  'POST /api/v2/mpesa/c2b/:secret/validation': { access: 'callback' },
  'POST /api/v2/mpesa/c2b/:secret/confirmation': { access: 'callback' },
  // Issue 29: a prompt's result and a look-up's, under both prefixes.
  'POST /api/v2/c2b/:secret/stk': { access: 'callback' },
  'POST /api/v2/c2b/:secret/status-result': { access: 'callback' },
  'POST /api/v2/c2b/:secret/status-timeout': { access: 'callback' },
  'POST /api/v2/mpesa/c2b/:secret/stk': { access: 'callback' },
  'POST /api/v2/mpesa/c2b/:secret/status-result': { access: 'callback' },
  'POST /api/v2/mpesa/c2b/:secret/status-timeout': { access: 'callback' },
  // The giving page: no token, the giving code names the partner (attacked in a test of its own below).
  'GET /api/v2/give/:code': { access: 'public' },
  'POST /api/v2/give/:code': { access: 'public' },
  'GET /api/v2/give/:code/:checkoutRequestId': { access: 'public' },
  'POST /api/v2/password': { access: 'tenant', kind: 'self' },
  'POST /api/v2/logout-all': { access: 'tenant', kind: 'self' },
  'POST /api/v2/logout': { access: 'tenant', kind: 'self' },
  'GET /api/v2/me': { access: 'tenant', kind: 'self' },
  'GET /api/v2/me/sessions': { access: 'tenant', kind: 'self' },
  'DELETE /api/v2/me/sessions/:id': { access: 'tenant', kind: 'self' },
  'POST /api/v2/me/two-step': { access: 'tenant', kind: 'self' },
  'POST /api/v2/me/two-step/confirm': { access: 'tenant', kind: 'self' },
  'DELETE /api/v2/me/two-step': { access: 'tenant', kind: 'self' },
  'GET /api/v2/staff': read(),
  'POST /api/v2/staff': write(),
  'PUT /api/v2/staff/:id': write(true),
  'POST /api/v2/staff/:id/invitation': write(true),
  'DELETE /api/v2/staff/:id/two-step': write(true),
  // The partner's own rule: a boolean, no marker (UNMARKED_READS); the attacker's call sets the attacker's.
  'GET /api/v2/security': read(),
  'PUT /api/v2/security': write(),
  'GET /api/v2/meeting_types': read(),
  'POST /api/v2/meeting_types': write(),
  'GET /api/v2/meeting_types/:id': read(true),
  'PUT /api/v2/meeting_types/:id': write(true),
  'GET /api/v2/meetings': read(),
  'POST /api/v2/meetings': write(true),
  'GET /api/v2/meetings/:id': read(true),
  'PUT /api/v2/meetings/:id': write(true),
  // Numbers only: the attacker's one meeting (120 people), not the victim's as well.
  'GET /api/v2/meetings/attendance': {
    access: 'tenant',
    kind: 'read',
    check: (response) => {
      const people = response.json<{ attendance: Array<{ actual: number }> }>().attendance.reduce((sum, point) => sum + point.actual, 0);
      return people === 120 ? undefined : `attendance counts ${people} people, the attacker's meetings have 120`;
    },
  },
  // Counts and sums carry no marker: the attacker has two contacts, two accounts (createPartnerRecords).
  'GET /api/v2/partner-home': {
    access: 'tenant',
    kind: 'read',
    check: (response) => {
      const contacts = response.json<{ data: { contacts: number } }>().data.contacts;
      return contacts === 2 ? undefined : `the dashboard counts ${contacts} contacts, the attacker has 2`;
    },
  },
  'GET /api/v2/etracker-home': {
    access: 'tenant',
    kind: 'read',
    check: (response) => {
      const accounts = response.json<{ data: { accounts: number } }>().data.accounts;
      return accounts === 2 ? undefined : `the money dashboard counts ${accounts} accounts, the attacker has 2`;
    },
  },
  'GET /api/v2/member': read(),
  'POST /api/v2/member': write(),
  'GET /api/v2/member/:id': read(true),
  'GET /api/v2/member/:id/giving': read(true),
  'GET /api/v2/member/:id/payments': read(true),
  'GET /api/v2/member/:id/groups': read(true),
  'GET /api/v2/member/:id/messages': read(true),
  'GET /api/v2/member/:id/meetings': read(true),
  'GET /api/v2/meetings/:id/attendees': read(true),
  'PUT /api/v2/meetings/:id/attendees': write(true),
  'GET /api/v2/groups/:id/absentees': read(true),
  'PUT /api/v2/member/:id': write(true),
  // The victim's mobile in the attacker's file: a new person for the attacker, never a match with the victim's contact.
  'POST /api/v2/member/import/preview': {
    access: 'tenant',
    kind: 'read',
    check: (response) => {
      const { counts } = response.json<{ counts: { new: number; update: number; unchanged: number; conflict: number } }>();
      return counts.new === 1 && counts.update + counts.unchanged + counts.conflict === 0 ? undefined : "the victim's contact was matched";
    },
  },
  'POST /api/v2/member/import': write(),
  'GET /api/v2/member/export': read(),
  'GET /api/v2/member/imports': read(),
  'POST /api/v2/member/imports/:id/undo': write(true),
  'GET /api/v2/member/import/presets': read(),
  'POST /api/v2/member/import/presets': write(),
  'DELETE /api/v2/member/import/presets/:id': write(true),
  'GET /api/v2/households': read(),
  'GET /api/v2/households/:id': read(true),
  'POST /api/v2/households': write(),
  'PUT /api/v2/households/:id': write(true),
  'DELETE /api/v2/households/:id': write(true),
  'GET /api/v2/households/:id/activity': read(true),
  'GET /api/v2/group_types': read(),
  'POST /api/v2/group_types': write(),
  'GET /api/v2/group_types/:id': read(true),
  'PUT /api/v2/group_types/:id': write(true),
  'GET /api/v2/groups': read(),
  'POST /api/v2/groups': write(true),
  'GET /api/v2/groups/:id': read(true),
  'PUT /api/v2/groups/:id': write(true),
  'GET /api/v2/groupmembers/:groupId': read(true),
  'POST /api/v2/groupmembers': write(true),
  'GET /api/v2/messageconfig': read(),
  'POST /api/v2/messageconfig': write(),
  'GET /api/v2/messageconfig/:id': read(true),
  'PUT /api/v2/messageconfig/:id': write(true),
  'POST /api/v2/notifymany': write(true),
  'POST /api/v2/notifymany/quote': read(true),
  'POST /api/v2/notifyuploaded': write(),
  'POST /api/v2/notifyuploaded/quote': read(),
  'POST /api/v2/notification/sends/:id/cancel': write(true),
  'GET /api/v2/notification': read(),
  'GET /api/v2/notification/2': read(),
  'PUT /api/v2/notification/:id': write(true),
  'GET /api/v2/uploadedfiles': read(),
  'GET /api/v2/uploadedfiles/:id/download': read(true),
  'GET /api/v2/smsunits': {
    access: 'tenant',
    kind: 'read',
    check: async (response, { attacker, t }) => {
      const own = await t.db.selectFrom('partners').select('sms_units').where('id', '=', attacker.tenant.id).executeTakeFirstOrThrow();
      const balance = response.json<{ balance: number }>().balance;
      return balance === own.sms_units ? undefined : `the balance ${balance} is not the attacker's ${own.sms_units}`;
    },
  },
  'GET /api/v2/smsgateway': {
    access: 'tenant',
    kind: 'read',
    check: async (response, { attacker, t }) => {
      const own = await t.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<string>().as('queued'))
        .where('tenant_id', '=', attacker.tenant.id)
        .where('state', 'in', ['queued', 'claimed'])
        .executeTakeFirstOrThrow();
      const waiting = response.json<{ waiting: number }>().waiting;
      return waiting === Number(own.queued) ? undefined : `${waiting} messages waiting are not the attacker's ${own.queued}`;
    },
  },
  'GET /api/v2/smsoptouts': read(),
  'POST /api/v2/smsoptouts': write(),
  'DELETE /api/v2/smsoptouts/:id': write(true),
  'GET /api/v2/account': read(),
  'POST /api/v2/account': write(true),
  'GET /api/v2/account/:id': read(true),
  'PUT /api/v2/account/:id': write(true),
  'GET /api/v2/income': read(),
  'POST /api/v2/income': write(true),
  'GET /api/v2/income/:id': read(true),
  'PUT /api/v2/income/:id': write(true),
  'GET /api/v2/income/:id/contactsuggestions': read(true),
  'PUT /api/v2/income/:id/contact': write(true),
  'GET /api/v2/expense': read(),
  'POST /api/v2/expense': write(true),
  'GET /api/v2/expense/:id': read(true),
  'PUT /api/v2/expense/:id': write(true),
  'GET /api/v2/onlinetrans': read(),
  'GET /api/v2/onlinetrans/0': read(),
  'POST /api/v2/allocateaccounts': write(true),
  'GET /api/v2/mpesarules': read(),
  'POST /api/v2/mpesarules': write(true),
  'GET /api/v2/mpesarules/:id': read(true),
  'PUT /api/v2/mpesarules/:id': write(true),
  'DELETE /api/v2/mpesarules/:id': write(true),
  'GET /api/v2/statements/account': read(true),
  'GET /api/v2/statements/account.csv': read(true),
  'GET /api/v2/statements/account.xlsx': read(true),
  // The victim's payer's phone: the attacker sees its own gifts (none), not the victim's, nor the victim's contact's name.
  'GET /api/v2/statements/giving': {
    access: 'tenant',
    kind: 'read',
    check: (response) => (response.json<{ gifts: unknown[] }>().gifts.length === 0 ? undefined : "the victim's gifts are listed"),
  },
  'POST /api/v2/statements/giving/send': write(),
  // The attacker's quote of the victim's payer's number finds no gift of the attacker's (400): nothing of the victim's is told.
  'POST /api/v2/statements/giving/send/quote': read(true),
  'GET /api/v2/budgets': read(),
  'PUT /api/v2/budgets/:year': write(true),
  // Issue 26. The victim's entries cannot be reversed by another; a month and the correction-SMS setting are each
  // partner's own (the attacker's call closes or sets the attacker's).
  'POST /api/v2/income/:id/reverse': write(true),
  'POST /api/v2/expense/:id/reverse': write(true),
  'GET /api/v2/periods': read(),
  'POST /api/v2/periods/:month/close': write(),
  'POST /api/v2/periods/:month/reopen': write(),
  'GET /api/v2/ledger-settings': read(),
  'PUT /api/v2/ledger-settings': write(),
  'POST /api/v2/member/:id/archive': write(true),
  'POST /api/v2/member/:id/restore': write(true),
  'POST /api/v2/member/:id/erase': write(true),
  // The log: the attacker reads its own events, never the victim's; a record's history only of its own records.
  'GET /api/v2/activity': read(),
  'GET /api/v2/activity.csv': read(),
  'GET /api/v2/member/:id/activity': read(true),
  'GET /api/v2/account/:id/activity': read(true),
  'GET /api/v2/income/:id/activity': read(true),
  'GET /api/v2/expense/:id/activity': read(true),
  'GET /api/v2/meeting_types/:id/activity': read(true),
  'GET /api/v2/meetings/:id/activity': read(true),
  'GET /api/v2/group_types/:id/activity': read(true),
  'GET /api/v2/groups/:id/activity': read(true),
  'GET /api/v2/messageconfig/:id/activity': read(true),
  // Issue 29. A prompt for the victim's fund to the victim's contact, and the victim's prompt: refused, not found.
  'POST /api/v2/mpesa/express': write(true),
  'GET /api/v2/mpesa/express': read(),
  'GET /api/v2/mpesa/express/:checkoutRequestId': read(true),
  // The victim's payment's code is none of the attacker's payments: not found at once, and the attacker (no Daraja
  // credentials) cannot ask Safaricom (409); Safaricom would answer only for the attacker's own short codes.
  'POST /api/v2/mpesa/lookups': write(true),
  // The attacker's look-ups, set-up and callbacks hold no text of its own (codes, numbers): their checks look instead.
  'GET /api/v2/mpesa/lookups': {
    access: 'tenant',
    kind: 'read',
    check: (response, { victim, attacker }) => {
      const codes = response.json<{ lookups: Array<{ id: number; transId: string }> }>().lookups.map((lookup) => lookup.transId);
      return codes.includes(victim.paymentTransId) || !codes.includes(attacker.paymentTransId) ? `the look-ups listed are ${codes.join(', ')}` : undefined;
    },
  },
  'GET /api/v2/mpesa/setup': {
    access: 'tenant',
    kind: 'read',
    check: (response, { attacker }) => {
      const { givingCode } = response.json<{ givingCode: string | null }>();
      return givingCode === attacker.givingCode ? undefined : `the set-up's giving code is ${givingCode}, the attacker's is ${attacker.givingCode}`;
    },
  },
  'PUT /api/v2/mpesa/setup': write(),
  'POST /api/v2/mpesa/setup/test': write(),
  'POST /api/v2/mpesa/setup/register': write(),
  'GET /api/v2/mpesa/callbacks': {
    access: 'tenant',
    kind: 'read',
    check: (response, { victim, attacker }) => {
      const ids = response.json<{ callbacks: Array<{ id: string }> }>().callbacks.map((callback) => callback.id);
      return ids.includes(victim.heldCallback) || !ids.includes(attacker.heldCallback) ? `the callbacks listed are ${ids.join(', ')}` : undefined;
    },
  },
  'POST /api/v2/mpesa/callbacks/:id/replay': write(true),
  // Issue 30. The victim's campaign under any of its paths, the victim's account for a campaign of the attacker's, the
  // victim's contact's pledges: refused (the campaign routes' exact answer is checked below). The lists, the
  // thank-you set-up and the dashboard's cards: the attacker's own.
  'GET /api/v2/campaigns': read(),
  'POST /api/v2/campaigns': write(true),
  'GET /api/v2/campaigns/:id': read(true),
  'PUT /api/v2/campaigns/:id': write(true),
  'GET /api/v2/campaigns/:id/weeks': read(true),
  'GET /api/v2/campaigns/:id/pledges': read(true),
  'POST /api/v2/campaigns/:id/pledges': write(true),
  'GET /api/v2/campaigns/:id/pledges/:contactId': read(true),
  'GET /api/v2/campaigns/:id/pledges/export': read(true),
  'POST /api/v2/campaigns/:id/pledges/import': write(true),
  'POST /api/v2/campaigns/:id/reminders/quote': read(true),
  'POST /api/v2/campaigns/:id/reminders': write(true),
  'GET /api/v2/pledges': read(true),
  'GET /api/v2/campaigns/thanks': read(),
  'PUT /api/v2/campaigns/thanks': write(),
  'GET /api/v2/dashboard/campaigns': read(),
};

/** The routes under one campaign (`/campaigns/:id…`): the victim's campaign is none of the attacker's, 404 'Campaign not found'. */
const CAMPAIGN_ROUTES = /^(GET|POST|PUT) \/api\/v2\/campaigns\/:id(\/|$)/;

/**
 * The attacker's own records with the victim's ids inside the body (or the victim's data in a search):
 * each refused with one of `refused`, or answered (200) without the victim's data when `refused` is empty.
 */
const CROSSINGS: Array<{
  route: string;
  what: string;
  request: (v: PartnerRecords, a: PartnerRecords) => Request;
  refused: number[];
  check?: (body: unknown) => boolean;
}> = [
  {
    route: 'PUT /api/v2/meetings/:id',
    what: "own meeting, victim's meeting type",
    request: (v, a) => ({ method: 'PUT', url: `/api/v2/meetings/${a.meeting}`, payload: { ...meeting(a), meeting_type: v.meetingType } }),
    refused: [400],
  },
  {
    route: 'PUT /api/v2/groups/:id',
    what: "own group, victim's group type",
    request: (v, a) => ({
      method: 'PUT',
      url: `/api/v2/groups/${a.group}`,
      payload: { groupType: v.groupType, name: 'Own', description: 'Own group', brandName: 'Own' },
    }),
    refused: [400],
  },
  {
    route: 'POST /api/v2/groupmembers',
    what: "own group, own and victim's contacts",
    request: (v, a) => ({ method: 'POST', url: '/api/v2/groupmembers', payload: { group: a.group, selectedRecords: `${a.contact},${v.contact}` } }),
    refused: [404],
  },
  {
    route: 'POST /api/v2/groupmembers',
    what: "victim's group, own contact",
    request: (v, a) => ({ method: 'POST', url: '/api/v2/groupmembers', payload: { group: v.group, selectedRecords: String(a.contact) } }),
    refused: [404],
  },
  {
    route: 'POST /api/v2/notifymany/quote',
    what: "typed: the victim's opted-out number is not opted out for the attacker",
    request: (v) => ({ method: 'POST', url: '/api/v2/notifymany/quote', payload: { recipient_type: 'Typed', recipients: v.optOutPhone, textmessage: 'Hello there' } }),
    refused: [],
    check: (body) => (body as { optedOut: number }).optedOut === 0,
  },
  {
    route: 'PUT /api/v2/account/:id',
    what: "own account under the victim's account",
    request: (v, a) => ({
      method: 'PUT',
      url: `/api/v2/account/${a.incomeAccount}`,
      payload: { accountName: `${a.marker} Tithe`, accountType: 'CR', parentId: v.incomeAccount },
    }),
    refused: [400],
  },
  {
    route: 'PUT /api/v2/income/:id',
    what: "own income, victim's account",
    request: (v, a) => ({
      method: 'PUT',
      url: `/api/v2/income/${a.incomeRecord}`,
      payload: { ...(TENANT_REQUESTS['PUT /api/v2/income/:id']!(a).payload as object), account: v.incomeAccount },
    }),
    refused: [400],
  },
  {
    route: 'PUT /api/v2/income/:id/contact',
    what: "own income, victim's contact",
    request: (v, a) => ({ method: 'PUT', url: `/api/v2/income/${a.incomeRecord}/contact`, payload: { memberId: v.contact } }),
    refused: [404],
  },
  {
    route: 'PUT /api/v2/expense/:id',
    what: "own expense, victim's account",
    request: (v, a) => ({
      method: 'PUT',
      url: `/api/v2/expense/${a.expense}`,
      payload: { ...(TENANT_REQUESTS['PUT /api/v2/expense/:id']!(a).payload as object), account: v.expenseAccount },
    }),
    refused: [400],
  },
  {
    route: 'POST /api/v2/allocateaccounts',
    what: "own account, victim's payment",
    request: (v, a) => ({ method: 'POST', url: '/api/v2/allocateaccounts', payload: { account: a.incomeAccount, selectedRecords: String(v.payment) } }),
    refused: [409],
  },
  {
    route: 'POST /api/v2/allocateaccounts',
    what: "own account, own and victim's payments",
    request: (v, a) => ({ method: 'POST', url: '/api/v2/allocateaccounts', payload: { account: a.incomeAccount, selectedRecords: `${a.payment},${v.payment}` } }),
    refused: [409],
  },
  {
    route: 'POST /api/v2/allocateaccounts',
    what: "victim's account, own payment",
    request: (v, a) => ({ method: 'POST', url: '/api/v2/allocateaccounts', payload: { account: v.incomeAccount, selectedRecords: String(a.payment) } }),
    refused: [400],
  },
  {
    route: 'PUT /api/v2/mpesarules/:id',
    what: "own rule, victim's account",
    request: (v, a) => ({ method: 'PUT', url: `/api/v2/mpesarules/${a.rule}`, payload: { billRef: `${a.marker}TITHE`, account: v.incomeAccount } }),
    refused: [400],
  },
  {
    route: 'PUT /api/v2/budgets/:year',
    what: "own and victim's accounts in one budget",
    request: (v, a) => ({
      method: 'PUT',
      url: `/api/v2/budgets/${a.budgetYear}`,
      payload: {
        lines: [
          { account: a.incomeAccount, months: Array(12).fill('1.00') },
          { account: v.incomeAccount, months: Array(12).fill('1.00') },
        ],
      },
    }),
    refused: [400],
  },
  {
    route: 'GET /api/v2/member',
    what: "a search for the victim's name",
    request: (v) => ({ method: 'GET', url: `/api/v2/member?searchKey=${v.marker}` }),
    refused: [],
    check: (body) => (body as { total: number }).total === 0,
  },
  {
    route: 'GET /api/v2/member',
    what: "a search for the victim's contact's mobile",
    request: (v) => ({ method: 'GET', url: `/api/v2/member?searchKey=${encodeURIComponent(v.contactPhone)}` }),
    refused: [],
    check: (body) => (body as { total: number }).total === 0,
  },
  {
    route: 'POST /api/v2/mpesa/express',
    what: "own fund, the victim's contact",
    request: (v, a) => ({ method: 'POST', url: '/api/v2/mpesa/express', payload: { fund: a.incomeAccount, amount: '100', phone: '', memberId: v.contact } }),
    refused: [400],
  },
  {
    route: 'POST /api/v2/mpesa/express',
    what: "the victim's fund, own contact",
    request: (v, a) => ({ method: 'POST', url: '/api/v2/mpesa/express', payload: { fund: v.incomeAccount, amount: '100', phone: '', memberId: a.contact } }),
    refused: [400],
  },
  // Issue 30: the attacker's own campaign with the victim's account, contact, group or contact's number (the victim's
  // campaign with the attacker's account is the route's own request, above).
  {
    route: 'PUT /api/v2/campaigns/:id',
    what: "own campaign moved to the victim's account",
    request: (v, a) => ({ method: 'PUT', url: `/api/v2/campaigns/${a.campaign}`, payload: campaignBody(a.marker, v.incomeAccount, a.campaignCode) }),
    refused: [400],
  },
  {
    route: 'POST /api/v2/campaigns/:id/pledges',
    what: "own campaign, the victim's contact",
    request: (v, a) => ({ method: 'POST', url: `/api/v2/campaigns/${a.campaign}/pledges`, payload: { contactId: v.contact, amount: '100' } }),
    refused: [400],
  },
  {
    route: 'POST /api/v2/campaigns/:id/reminders',
    what: "own campaign, the victim's group",
    request: (v, a) => ({ method: 'POST', url: `/api/v2/campaigns/${a.campaign}/reminders`, payload: { message: 'Dear {firstName}', group: v.group } }),
    refused: [400],
  },
  {
    route: 'POST /api/v2/campaigns/:id/reminders/quote',
    what: "own campaign's quote, the victim's group",
    request: (v, a) => ({ method: 'POST', url: `/api/v2/campaigns/${a.campaign}/reminders/quote`, payload: { message: 'Dear {firstName}', group: v.group } }),
    refused: [400],
  },
  {
    route: 'GET /api/v2/campaigns/:id/pledges/:contactId',
    what: "own campaign, the victim's contact's pledge",
    request: (v, a) => ({ method: 'GET', url: `/api/v2/campaigns/${a.campaign}/pledges/${v.contact}` }),
    refused: [404],
  },
  {
    route: 'GET /api/v2/campaigns/:id/pledges',
    what: "a search of own campaign's pledges for the victim's contact's mobile",
    request: (v, a) => ({ method: 'GET', url: `/api/v2/campaigns/${a.campaign}/pledges?searchKey=${encodeURIComponent(v.contactPhone)}` }),
    refused: [],
    check: (body) => (body as { total: number }).total === 0,
  },
  {
    route: 'POST /api/v2/campaigns/:id/pledges/import',
    what: "the victim's contact's number in own pledges file: a new contact of the attacker's, never the victim's",
    request: (v, a) => ({
      method: 'POST',
      url: `/api/v2/campaigns/${a.campaign}/pledges/import`,
      payload: `name,phone,amount\nSomeone New,${v.contactPhone},100\n`,
      headers: { 'content-type': 'text/csv' },
    }),
    refused: [],
    check: (body) => (body as { created: number; contactsCreated: number }).contactsCreated === 1,
  },
  {
    route: 'GET /api/v2/onlinetrans',
    what: "a search for the victim's payer",
    request: (v) => ({ method: 'GET', url: `/api/v2/onlinetrans?searchKey=${v.marker}` }),
    refused: [],
    check: (body) => (body as { total: number }).total === 0,
  },
];

/** Reads whose answer holds no text of the partner (numbers only), so the marker cannot show there: their `check` looks instead. */
const UNMARKED_READS = [
  'GET /api/v2/security 200',
  'GET /api/v2/periods 200',
  'GET /api/v2/ledger-settings 200',
  'GET /api/v2/meetings/attendance 200',
  'GET /api/v2/smsunits 200',
  'GET /api/v2/smsgateway 200',
  'GET /api/v2/mpesa/lookups 200',
  'GET /api/v2/mpesa/setup 200',
  'GET /api/v2/mpesa/callbacks 200',
];

const meeting = (r: PartnerRecords) => TENANT_REQUESTS['PUT /api/v2/meetings/:id']!(r).payload as Record<string, unknown>;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
/** A JWT as anyone could make one: `signingKey` undefined gives `alg: none` and no signature. */
function craftToken(claims: object, signingKey?: string): string {
  const header = base64url(JSON.stringify({ alg: signingKey === undefined ? 'none' : 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify(claims));
  const signature = signingKey === undefined ? '' : base64url(createHmac('sha256', signingKey).update(`${header}.${payload}`).digest());
  return `${header}.${payload}.${signature}`;
}

const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;
const brief = (response: LightMyRequestResponse) => `${response.statusCode} ${response.body.slice(0, 160)}`;

describe.each(testDatabases)('the tenant wall, every route, on %s', (_name, database) => {
  const testApp = useTestApp(database, { jwtSecret: JWT_SECRET, smsCallbackSecret: SMS_SECRET });
  let t: TestApp;
  let victim: PartnerRecords;
  let attacker: PartnerRecords;
  let before: Record<string, string>;
  /** The OriginatorConversationID of a look-up of the victim's that waits for Safaricom's result. */
  let victimConversation: string;
  /** Token attacks: name -> the Authorization header (none for 'no token'). */
  let tokens: Array<[string, string | undefined]>;
  const apiRoutes = () => [
    ...new Set(t.app.routeTable.filter((route) => route.url.startsWith('/api/v2/') && route.method !== 'HEAD').map((route) => `${route.method} ${route.url}`)),
  ];
  let failures: string[] = [];
  let attacks = 0;
  beforeEach(() => {
    failures = [];
  });

  /** Sends one attack and records what went wrong; `expected` lists the statuses that are right. */
  async function attack(
    name: string,
    request: Request,
    authorization: string | undefined,
    expected: number[],
    check?: (response: LightMyRequestResponse) => Promise<string | undefined> | string | undefined,
  ) {
    attacks += 1;
    const response = await t.app.inject({ ...request, headers: { ...request.headers, ...(authorization ? { authorization } : {}) } });
    const label = `${name}: ${request.method} ${request.url}`;
    if (response.statusCode >= 500) failures.push(`${label} -> ${brief(response)}`);
    else if (!expected.includes(response.statusCode)) failures.push(`${label} -> ${brief(response)} (expected ${expected.join(' or ')})`);
    else if (
      response.statusCode >= 400 &&
      !response.json<{ status_msg?: string; ResultDesc?: string }>().status_msg &&
      !response.json<{ ResultDesc?: string }>().ResultDesc
    )
      failures.push(`${label} -> ${brief(response)} (no status_msg)`);
    else if (response.statusCode < 300 && bodyText(response).includes(victim.marker)) failures.push(`${label} -> ${response.statusCode} reveals the victim's data`);
    else {
      const problem = response.statusCode < 300 ? await check?.(response) : undefined;
      if (problem) failures.push(`${label} -> ${problem}`);
    }
  }

  beforeAll(async () => {
    t = testApp();
    victim = await createPartnerRecords(t, 'Zebedee', 1);
    attacker = await createPartnerRecords(t, 'Yolanda', 2);

    // A user of the victim's partner who logged in and was then deleted: the token is well signed and unexpired.
    const email = `gone.${Date.now()}@example.test`;
    const goneId = await createUser(t.db, { partnerId: victim.tenant.id, email, password: TEST_PASSWORD, firstName: 'Gone', lastName: 'User' });
    const login = await t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password: TEST_PASSWORD } });
    expect(login.statusCode).toBe(200);
    await t.db.deleteFrom('users').where('id', '=', goneId).execute();

    const victimUser = await t.db.selectFrom('users').select('id').where('partner_id', '=', victim.tenant.id).orderBy('id').executeTakeFirstOrThrow();
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: String(victimUser.id), tenantid: victim.tenant.id, gen: 0, iat: now, exp: now + 3600 };
    tokens = [
      ['no token', undefined],
      ['a bad signature', `Bearer ${craftToken(claims, 'not-the-server-secret-but-long-enough')}`],
      ['an expired token', `Bearer ${craftToken({ ...claims, iat: now - 7200, exp: now - 3600 }, JWT_SECRET)}`],
      ["an 'alg: none' token", `Bearer ${craftToken(claims)}`],
      ['a deleted user', `Bearer ${login.json<{ access_token: string }>().access_token}`],
    ];
    // The forged tokens differ from a good one only in what they attack: with the right key the same claims pass.
    const good = await t.app.inject({ method: 'GET', url: '/api/v2/smsunits', headers: { authorization: `Bearer ${craftToken(claims, JWT_SECRET)}` } });
    expect(good.statusCode).toBe(200);

    // A look-up Safaricom acknowledged (only Daraja can make one: the victim has no credentials here), waiting for its result.
    victimConversation = `zebedee-waiting-${Date.now()}`;
    await t.db
      .insertInto('mpesa_lookups')
      .values({
        tenant_id: victim.tenant.id,
        trans_id: 'TKWAITING1',
        status: 'waiting',
        conversation_id: 'AG_ISOLATION_1',
        originator_conversation_id: victimConversation,
      })
      .execute();

    before = await partnerSnapshot(t, victim.tenant.id);
  }, 120_000);

  it('classifies every /api/v2 route the server registers, and knows no route it does not', () => {
    const registered = apiRoutes();
    expect(registered.length).toBeGreaterThan(60);
    expect(registered.filter((route) => !(route in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((route) => !registered.includes(route))).toEqual([]);
    const tenantRoutes = registered.filter((route) => ROUTES[route]?.access === 'tenant');
    expect(tenantRoutes.filter((route) => !(route in TENANT_REQUESTS))).toEqual([]);
  });

  it('refuses every token trick on every route behind the token with 401', async () => {
    const tenantRoutes = apiRoutes().filter((route) => ROUTES[route]?.access === 'tenant');
    await Promise.all(tenantRoutes.flatMap((route) => tokens.map(([name, authorization]) => attack(name, TENANT_REQUESTS[route]!(victim), authorization, [401]))));
    expect(failures).toEqual([]);
  });

  it("refuses the attacker's token with the victim's tenantid with 403", async () => {
    const tenantRoutes = apiRoutes().filter((route) => ROUTES[route]?.access === 'tenant');
    await Promise.all(
      tenantRoutes.map((route) => {
        const request = TENANT_REQUESTS[route]!(victim);
        return attack("the victim's tenantid", { ...request, url: withQuery(request.url as string, `tenantid=${victim.tenant.id}`) }, attacker.tenant.auth, [403]);
      }),
    );
    expect(failures).toEqual([]);
  });

  it("refuses the victim's ids to the attacker, and shows the attacker nothing of the victim", async () => {
    for (const route of apiRoutes()) {
      const classified = ROUTES[route];
      if (classified?.access !== 'tenant' || classified.kind === 'self') continue;
      if (classified.kind === 'write' && !classified.aimed) continue; // it saves the attacker's own data
      const request = TENANT_REQUESTS[route]!(victim);
      const check = classified.check && ((response: LightMyRequestResponse) => classified.check!(response, { victim, attacker, t }));
      await attack("the victim's ids", request, attacker.tenant.auth, classified.aimed ? [400, 404, 409] : [200], check);
    }
    for (const crossing of CROSSINGS) {
      expect(ROUTES[crossing.route]).toBeDefined();
      const check = crossing.check && ((response: LightMyRequestResponse) => (crossing.check!(response.json()) ? undefined : `crossed: ${crossing.what}`));
      await attack(crossing.what, crossing.request(victim, attacker), attacker.tenant.auth, crossing.refused.length > 0 ? crossing.refused : [200], check);
    }
    expect(failures).toEqual([]);
  });

  it("answers every route under the victim's campaign 'Campaign not found' to the attacker", async () => {
    const routes = apiRoutes().filter((route) => CAMPAIGN_ROUTES.test(route));
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const route of routes) {
      attacks += 1;
      const request = TENANT_REQUESTS[route]!(victim);
      const response = await t.app.inject({ ...request, headers: { ...request.headers, authorization: attacker.tenant.auth } });
      if (response.statusCode !== 404 || response.json<{ status_msg?: string }>().status_msg !== CAMPAIGN_NOT_FOUND) failures.push(`${route} -> ${brief(response)}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses the callbacks a wrong secret, and keeps a payment on the attacker’s secret for the victim’s paybill from the victim', async () => {
    for (const kind of ['delivery', 'incoming', 'optout']) {
      const payload = { id: 'x', status: 'Success', from: victim.contactPhone, text: 'STOP', senderId: 'X', phoneNumber: victim.contactPhone };
      await attack('a wrong secret', { method: 'POST', url: `/api/v2/callbacks/sms/not-the-secret/${kind}`, payload }, undefined, [404]);
    }
    for (const kind of ['validation', 'confirmation']) {
      const body = JSON.stringify(daraja(victim.mpesa.shortCode, attacker.marker, `XM${kind.length}${Date.now() % 1e6}`));
      const headers = { 'content-type': 'application/json' };
      await attack('a wrong secret', { method: 'POST', url: `/api/v2/c2b/not-a-secret-at-all/${kind}`, payload: body, headers }, undefined, [400]);
      // A confirmation is the attacker's own payment, kept flagged for its people (issue 31.4): never the victim's.
      await attack(
        "the attacker's secret, the victim's paybill",
        { method: 'POST', url: `/api/v2/c2b/${attacker.mpesa.secret}/${kind}`, payload: body, headers },
        undefined,
        kind === 'confirmation' ? [200] : [400],
      );
    }
    // Issue 29: a prompt's result and a look-up's, with a wrong secret; with the attacker's, aimed at the victim's prompt
    // (paid: kept as the attacker's payment for a person, since no prompt of the attacker's has the id) and look-up (refused).
    const victimPrompt = await t.db
      .selectFrom('mpesa_express_requests')
      .select(['merchant_request_id', 'phone'])
      .where('tenant_id', '=', victim.tenant.id)
      .where('checkout_request_id', '=', victim.checkoutRequestId)
      .executeTakeFirstOrThrow();
    const paid = simulatedCallbackBody(
      { checkoutRequestId: victim.checkoutRequestId, merchantRequestId: victimPrompt.merchant_request_id ?? '', amount: '100', phone: victimPrompt.phone },
      new Date(),
    );
    const results: Record<string, object> = {
      stk: paid,
      'status-result': statusResult(victimConversation),
      'status-timeout': statusResult(victimConversation, 1, 'Timed out'),
    };
    const headers = { 'content-type': 'application/json' };
    for (const [kind, body] of Object.entries(results)) {
      const payload = JSON.stringify(body);
      await attack('a wrong secret', { method: 'POST', url: `/api/v2/c2b/not-a-secret-at-all/${kind}`, payload, headers }, undefined, [400]);
      await attack('a wrong secret', { method: 'POST', url: `/api/v2/mpesa/c2b/not-a-secret-at-all/${kind}`, payload, headers }, undefined, [400]);
      await attack(
        `the attacker's secret, the victim's ${kind === 'stk' ? 'prompt' : 'look-up'}`,
        { method: 'POST', url: `/api/v2/c2b/${attacker.mpesa.secret}/${kind}`, payload, headers },
        undefined,
        kind === 'stk' ? [200] : [400],
      );
    }
    const kept = await t.db
      .selectFrom('online_transactions')
      .select(['tenant_id', 'check_reason'])
      .where('trans_id', '=', simulatedReceipt(victim.checkoutRequestId))
      .execute();
    expect(kept).toEqual([{ tenant_id: attacker.tenant.id, check_reason: STK_CHECK_REASONS.unknownPrompt }]);

    const health = await t.app.inject({ method: 'GET', url: '/api/v2/health' });
    expect(health.statusCode).toBe(200);
    expect(bodyText(health)).not.toContain(victim.marker);
    expect(failures).toEqual([]);
  });

  it("keeps each giving page to its partner: another partner's fund, prompt and name never show", async () => {
    // The attacker's page: the attacker's name and funds only (a 2xx showing the victim's marker fails the attack).
    await attack("the attacker's giving page", { method: 'GET', url: `/api/v2/give/${attacker.givingCode}` }, undefined, [200]);
    // Each partner's prompt followed on the other's page: not found.
    await attack(
      "the victim's prompt on the attacker's page",
      { method: 'GET', url: `/api/v2/give/${attacker.givingCode}/${victim.checkoutRequestId}` },
      undefined,
      [404],
    );
    await attack(
      "the attacker's prompt on the victim's page",
      { method: 'GET', url: `/api/v2/give/${victim.givingCode}/${attacker.checkoutRequestId}` },
      undefined,
      [404],
    );
    // A prompt on the attacker's page for the victim's fund: refused before anything is stored or sent.
    await attack(
      "the victim's fund on the attacker's page",
      { method: 'POST', url: `/api/v2/give/${attacker.givingCode}`, payload: { fund: victim.incomeAccount, amount: '100', phone: '0712000999' } },
      undefined,
      [400],
    );
    // The control: the victim's own page shows the victim's fund, so the marker's absence above means something.
    expect(bodyText(await t.app.inject({ method: 'GET', url: `/api/v2/give/${victim.givingCode}` }))).toContain(`${victim.marker} Tithe`);
    expect(failures).toEqual([]);
  });

  it('leaves every row of the victim as it was', async () => {
    expect(await partnerSnapshot(t, victim.tenant.id)).toEqual(before);
    const routes = apiRoutes();
    const counted = (access: Route['access']) => routes.filter((route) => ROUTES[route]?.access === access).length;
    // The count the closing note quotes: routes of the server's own table × the attacks tried on them.
    console.log(
      `isolation matrix (${database.name}): ${routes.length} routes (${counted('tenant')} behind the token, ${counted('callback')} callbacks, ${counted('public')} public), ${attacks} attacks`,
    );
  });

  it("would notice a crossing: the victim's own token reads its data, and its own save changes the snapshot", async () => {
    // Every read the attacker gets answered shows the victim's marker to the victim, so its absence above means something.
    const reads = apiRoutes().filter((route) => {
      const classified = ROUTES[route];
      return classified?.access === 'tenant' && classified.kind === 'read' && !classified.aimed;
    });
    const unmarked: string[] = [];
    for (const route of reads) {
      const request = TENANT_REQUESTS[route]!(victim);
      const response = await t.app.inject({ ...request, headers: { ...request.headers, authorization: victim.tenant.auth } });
      if (!bodyText(response).includes(victim.marker)) unmarked.push(`${route} ${response.statusCode}`);
    }
    // In any order: the routes' registration order is the server's business.
    expect([...unmarked].sort()).toEqual([...UNMARKED_READS].sort());
    await attack('the control', TENANT_REQUESTS['GET /api/v2/member']!(victim), victim.tenant.auth, [200]);
    expect(failures).toEqual([expect.stringContaining("reveals the victim's data")]);
    await attack('the control', TENANT_REQUESTS['PUT /api/v2/meeting_types/:id']!(victim), victim.tenant.auth, [200]);
    expect(await partnerSnapshot(t, victim.tenant.id)).not.toEqual(before);
    attacks -= 2;
  });
});
