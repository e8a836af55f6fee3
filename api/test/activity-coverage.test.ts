import { generateSync } from 'otplib';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { LoginResponse } from '@ushirika/shared/contract';
import { newTotpSecret } from '../src/auth/totp';
import type { AppConfig } from '../src/app';
import { simulatedCallbackBody } from '../src/finance/mpesa/express/simulator';
import { createUser } from '../src/partners/queries';
import { TEST_PASSWORD, useTestApp, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { FAKE_CONSUMER_KEY, FAKE_CONSUMER_SECRET, startFakeDaraja, type FakeDaraja } from './support/fake-daraja';
import {
  campaignBody,
  CLOSABLE_MONTH,
  createPartnerRecords,
  daraja,
  incomeBody,
  expenseBody,
  statusResult,
  TENANT_REQUESTS,
  type PartnerRecords,
  type Request,
} from './support/partner-records';

/**
 * The activity log is complete (issue 26), route by route: every /api/v2 route the server registers (its own
 * route table, so a new route is called without a line here, and one EXPECTED does not list fails the test) is
 * called once, as the partner's owner with its realistic request (TENANT_REQUESTS, the matrices'), or, for the
 * public routes, as their caller: a login, an invitation, a reset code, M-Pesa and the SMS gateway with their
 * secrets. Each call must succeed and write exactly the events EXPECTED lists for it, in the order listed:
 * `action entity`, by whom (the owner; the user a public route acts for; 'mpesa'; 'sms_gateway'), with the
 * details the contract names, and no person's phone or name in those details. Reads and quotes write none.
 *
 * EXPECTED is written from the contract's event table (/tmp/notes/CONTRACT.md, docs/architecture.md), not from
 * the code: a route that forgets its event, writes two, or names the wrong record shows here.
 *
 * Then a few calls a route makes beside its realistic one: a correction (money changed, with a reason), a
 * refused one (no reason; invalid; a wrong password; a wrong code): a refusal writes none.
 *
 * Daraja (issue 29) is a fake server here (support/fake-daraja.ts), and the server has a public address: the owner's
 * set-up saves the fake's consumer key and secret, so 'Test connection' and RegisterURL succeed; with no passkey the
 * partner's prompts still go to the development simulator, which answers at once and pays only when the reconciler
 * (not running in tests) asks: nothing is written after a call returns.
 */

const SMS_SECRET = 'activity-coverage-sms-secret';

/**
 * Who an event must name. `owner`: the signed-in owner making the calls; `user`: the staff member a public route acts
 * for; `system`: a member of the public (the giving page), from the caller's address.
 */
type Actor = 'owner' | 'user' | 'mpesa' | 'sms_gateway' | 'system';

interface Want {
  /** `action entity`. */
  event: string;
  /** Keys its details must have (the contract's details column). */
  details?: readonly string[];
  /** The record it must name (null: none), when the request fixes it. */
  entityId?: (c: Context) => string | number | null;
}

/** What the checks know besides the records: the owner, the user a public route acts for. */
interface Context {
  r: PartnerRecords;
  ownerId: number;
  /** The user the public route's call acts for (set by its preparation). */
  userId?: number;
  /** The record a call's preparation made for it to act on (a prompt, a look-up), when the event must name it. */
  target?: string | number;
}

const ev = (event: string, details?: readonly string[], entityId?: Want['entityId']): Want => ({ event, details, entityId });
const NONE: Want[] = [];

/** The events of every route, from the contract's table. Routes not listed fail the first test. */
const EXPECTED: Record<string, Want[]> = {
  // Public: sign-ins and password changes for the user they act for; the gateways' callbacks, each request.
  'GET /api/v2/health': NONE,
  'POST /api/v2/login': [ev('sign_in session', ['method'])],
  'POST /api/v2/login/two-step': [ev('sign_in session', ['method'])],
  // A request for a code changes nothing the log covers.
  'POST /api/v2/password-reset': NONE,
  'POST /api/v2/password-reset/confirm': [ev('password staff', undefined, (c) => c.userId!)],
  'GET /api/v2/invitation/:token': NONE,
  'POST /api/v2/invitation': [ev('accept staff', undefined, (c) => c.userId!)],
  'POST /api/v2/callbacks/sms/:secret/delivery': [ev('report message_send', ['status'])],
  'POST /api/v2/callbacks/sms/:secret/incoming': [ev('opt_out opt_out')],
  'POST /api/v2/callbacks/sms/:secret/optout': [ev('opt_out opt_out')],
  'POST /api/v2/c2b/:secret/validation': [ev('receive mpesa_payment', ['outcome'])],
  'POST /api/v2/c2b/:secret/confirmation': [ev('receive mpesa_payment', ['outcome'])],
  'POST /api/v2/mpesa/c2b/:secret/validation': [ev('receive mpesa_payment', ['outcome'])],
  'POST /api/v2/mpesa/c2b/:secret/confirmation': [ev('receive mpesa_payment', ['outcome'])],
  // Issue 29. A prompt's result, paid: the payment allocated to the prompt's fund (one income), then the prompt's
  // `receive`. A look-up's result (not found) or time-out: the look-up's `receive`.
  'POST /api/v2/c2b/:secret/stk': [ev('allocate income', ['paymentId', 'account']), ev('receive payment_request', ['status', 'outcome'], (c) => c.target!)],
  'POST /api/v2/mpesa/c2b/:secret/stk': [ev('allocate income', ['paymentId', 'account']), ev('receive payment_request', ['status', 'outcome'], (c) => c.target!)],
  'POST /api/v2/c2b/:secret/status-result': [ev('receive mpesa_lookup', ['kind', 'outcome', 'status'], (c) => c.target!)],
  'POST /api/v2/c2b/:secret/status-timeout': [ev('receive mpesa_lookup', ['kind', 'outcome', 'status'], (c) => c.target!)],
  'POST /api/v2/mpesa/c2b/:secret/status-result': [ev('receive mpesa_lookup', ['kind', 'outcome', 'status'], (c) => c.target!)],
  'POST /api/v2/mpesa/c2b/:secret/status-timeout': [ev('receive mpesa_lookup', ['kind', 'outcome', 'status'], (c) => c.target!)],
  // The giving page: a prompt sent is the public's `request` (its fund and origin, never the phone); reading writes none.
  'GET /api/v2/give/:code': NONE,
  'POST /api/v2/give/:code': [ev('request payment_request', ['fund', 'origin'])],
  'GET /api/v2/give/:code/:checkoutRequestId': NONE,

  // The signed-in user's own account.
  'POST /api/v2/password': [ev('password staff', undefined, (c) => c.ownerId)],
  'POST /api/v2/logout-all': [ev('sign_out session', ['sessions'], () => null)],
  'POST /api/v2/logout': [ev('sign_out session', ['sessions'])],
  'GET /api/v2/me': NONE,
  'GET /api/v2/me/sessions': NONE,
  'DELETE /api/v2/me/sessions/:id': [ev('sign_out session', ['sessions'])],
  'POST /api/v2/me/two-step': [ev('two_step staff', ['change'], (c) => c.ownerId)],
  'POST /api/v2/me/two-step/confirm': [ev('two_step staff', ['change'], (c) => c.ownerId)],
  'DELETE /api/v2/me/two-step': [ev('two_step staff', ['change'], (c) => c.ownerId)],

  // Staff and the partner's two-step rule.
  'GET /api/v2/staff': NONE,
  'POST /api/v2/staff': [ev('invite staff')],
  'PUT /api/v2/staff/:id': [ev('update staff', undefined, (c) => c.r.staffMember)],
  'POST /api/v2/staff/:id/invitation': [ev('invite staff', undefined, (c) => c.r.staffMember)],
  'DELETE /api/v2/staff/:id/two-step': [ev('two_step staff', undefined, (c) => c.r.staffMember)],
  'GET /api/v2/security': NONE,
  'PUT /api/v2/security': [ev('update partner', undefined, (c) => c.r.tenant.id)],

  'GET /api/v2/partner-home': NONE,
  'GET /api/v2/etracker-home': NONE,

  // Contacts.
  'GET /api/v2/member': NONE,
  'GET /api/v2/member/:id': NONE,
  'GET /api/v2/member/:id/giving': NONE,
  'GET /api/v2/member/:id/payments': NONE,
  'GET /api/v2/member/:id/groups': NONE,
  'GET /api/v2/member/:id/messages': NONE,
  'GET /api/v2/member/:id/meetings': NONE,
  'GET /api/v2/meetings/:id/attendees': NONE,
  'PUT /api/v2/meetings/:id/attendees': [ev('update meeting', undefined, (c) => c.r.meeting)],
  'GET /api/v2/groups/:id/absentees': NONE,
  'POST /api/v2/member': [ev('create contact')],
  'PUT /api/v2/member/:id': [ev('update contact', undefined, (c) => c.r.contact)],
  'GET /api/v2/member/:id/activity': NONE,
  'GET /api/v2/households': NONE,
  'GET /api/v2/households/:id': NONE,
  'POST /api/v2/households': [ev('create household')],
  'PUT /api/v2/households/:id': [ev('update household', undefined, (c) => c.r.household)],
  'DELETE /api/v2/households/:id': [ev('delete household', undefined, (c) => c.r.household)],
  'GET /api/v2/households/:id/activity': NONE,
  'POST /api/v2/member/:id/archive': [ev('archive contact', undefined, (c) => c.r.contact)],
  'POST /api/v2/member/:id/restore': [ev('restore contact', undefined, (c) => c.r.contact)],
  'POST /api/v2/member/:id/erase': [ev('erase contact', ['reason'], (c) => c.r.erasableContact)],
  'POST /api/v2/member/import/preview': NONE,
  'POST /api/v2/member/import': [ev('import contact_import', ['created', 'updated', 'unchanged', 'conflict', 'error', 'skipped'])],
  'GET /api/v2/member/export': NONE,
  'GET /api/v2/member/imports': NONE,
  'POST /api/v2/member/imports/:id/undo': [ev('undo contact_import', ['removed', 'archived', 'restored', 'kept'], (c) => c.r.importBatch)],
  'GET /api/v2/member/import/presets': NONE,
  'POST /api/v2/member/import/presets': [ev('create contact_import_preset')],
  'DELETE /api/v2/member/import/presets/:id': [ev('delete contact_import_preset', undefined, (c) => c.r.importPreset)],

  // Groups.
  'GET /api/v2/group_types': NONE,
  'GET /api/v2/group_types/:id': NONE,
  'POST /api/v2/group_types': [ev('create group_type')],
  'PUT /api/v2/group_types/:id': [ev('update group_type', undefined, (c) => c.r.groupType)],
  'GET /api/v2/group_types/:id/activity': NONE,
  'GET /api/v2/groups': NONE,
  'GET /api/v2/groups/:id': NONE,
  'POST /api/v2/groups': [ev('create group')],
  'PUT /api/v2/groups/:id': [ev('update group', undefined, (c) => c.r.group)],
  'GET /api/v2/groups/:id/activity': NONE,
  'GET /api/v2/groupmembers/:groupId': NONE,
  'POST /api/v2/groupmembers': [ev('update group_members', ['added', 'removed'], (c) => c.r.group)],

  // Meetings.
  'GET /api/v2/meeting_types': NONE,
  'GET /api/v2/meeting_types/:id': NONE,
  'POST /api/v2/meeting_types': [ev('create meeting_type')],
  'PUT /api/v2/meeting_types/:id': [ev('update meeting_type', undefined, (c) => c.r.meetingType)],
  'GET /api/v2/meeting_types/:id/activity': NONE,
  'GET /api/v2/meetings': NONE,
  'GET /api/v2/meetings/:id': NONE,
  'POST /api/v2/meetings': [ev('create meeting')],
  'PUT /api/v2/meetings/:id': [ev('update meeting', undefined, (c) => c.r.meeting)],
  'GET /api/v2/meetings/:id/activity': NONE,
  'GET /api/v2/meetings/attendance': NONE,

  // Messaging: one event per send, whatever its size; quotes change nothing.
  'GET /api/v2/messageconfig': NONE,
  'GET /api/v2/messageconfig/:id': NONE,
  'POST /api/v2/messageconfig': [ev('create message_config')],
  'PUT /api/v2/messageconfig/:id': [ev('update message_config', undefined, (c) => c.r.config)],
  'GET /api/v2/messageconfig/:id/activity': NONE,
  'POST /api/v2/notifymany': [ev('send message_send', ['recipients', 'units'])],
  'POST /api/v2/notifymany/quote': NONE,
  'POST /api/v2/notifyuploaded': [ev('send message_send', ['recipients', 'units'])],
  'POST /api/v2/notifyuploaded/quote': NONE,
  'POST /api/v2/notification/sends/:id/cancel': [ev('cancel message_send', ['cancelled'], (c) => c.r.send)],
  'GET /api/v2/notification': NONE,
  'GET /api/v2/notification/2': NONE,
  'PUT /api/v2/notification/:id': [ev('resend message_send', ['messages'], (c) => c.r.send)],
  'GET /api/v2/uploadedfiles': NONE,
  'GET /api/v2/uploadedfiles/:id/download': NONE,
  'GET /api/v2/smsunits': NONE,
  'GET /api/v2/smsgateway': NONE,
  'GET /api/v2/smsoptouts': NONE,
  'POST /api/v2/smsoptouts': [ev('opt_out opt_out')],
  'DELETE /api/v2/smsoptouts/:id': [ev('opt_in opt_out', undefined, (c) => c.r.optOut)],

  // Finance.
  'GET /api/v2/account': NONE,
  'GET /api/v2/account/:id': NONE,
  'POST /api/v2/account': [ev('create account')],
  'PUT /api/v2/account/:id': [ev('update account', undefined, (c) => c.r.expenseAccount)],
  'GET /api/v2/account/:id/activity': NONE,
  'GET /api/v2/income': NONE,
  'GET /api/v2/income/:id': NONE,
  'POST /api/v2/income': [ev('create income')],
  // A free-text edit (paymentFor): in place. A money change is a correction: VARIANTS below.
  'PUT /api/v2/income/:id': [ev('update income', undefined, (c) => c.r.incomeRecord)],
  'POST /api/v2/income/:id/reverse': [ev('reverse income', ['reason', 'reversalId'], (c) => c.r.reversibleIncome)],
  'GET /api/v2/income/:id/activity': NONE,
  'GET /api/v2/income/:id/contactsuggestions': NONE,
  'PUT /api/v2/income/:id/contact': [ev('update income')],
  'GET /api/v2/expense': NONE,
  'GET /api/v2/expense/:id': NONE,
  'POST /api/v2/expense': [ev('create expense')],
  'PUT /api/v2/expense/:id': [ev('update expense', undefined, (c) => c.r.expense)],
  'POST /api/v2/expense/:id/reverse': [ev('reverse expense', ['reason', 'reversalId'], (c) => c.r.reversibleExpense)],
  'GET /api/v2/expense/:id/activity': NONE,
  'GET /api/v2/onlinetrans': NONE,
  'GET /api/v2/onlinetrans/0': NONE,
  // One event per income the allocation made (here one payment: one income).
  'POST /api/v2/allocateaccounts': [ev('allocate income', ['paymentId', 'account'])],
  'GET /api/v2/mpesarules': NONE,
  'GET /api/v2/mpesarules/:id': NONE,
  'POST /api/v2/mpesarules': [ev('create bill_ref_rule')],
  'PUT /api/v2/mpesarules/:id': [ev('update bill_ref_rule', undefined, (c) => c.r.rule)],
  'DELETE /api/v2/mpesarules/:id': [ev('delete bill_ref_rule', undefined, (c) => c.r.rule)],
  'GET /api/v2/statements/account': NONE,
  'GET /api/v2/statements/account.csv': NONE,
  'GET /api/v2/statements/account.xlsx': NONE,
  'GET /api/v2/statements/giving': NONE,
  'POST /api/v2/statements/giving/send': [ev('send giving_statement', ['recipients'], () => null)],
  'POST /api/v2/statements/giving/send/quote': NONE,
  'GET /api/v2/budgets': NONE,
  'PUT /api/v2/budgets/:year': [ev('update budget', ['accounts'], (c) => c.r.budgetYear)],
  'GET /api/v2/periods': NONE,
  'POST /api/v2/periods/:month/close': [ev('close period', undefined, () => CLOSABLE_MONTH)],
  'POST /api/v2/periods/:month/reopen': [ev('reopen period', ['reason'], () => CLOSABLE_MONTH)],
  'GET /api/v2/ledger-settings': NONE,
  'PUT /api/v2/ledger-settings': [ev('update partner', undefined, (c) => c.r.tenant.id)],

  // The log itself: reading it writes nothing.
  'GET /api/v2/activity': NONE,
  'GET /api/v2/activity.csv': NONE,

  // Issue 29. 'Request payment' and the look-up of a reported code; the Daraja set-up (the partner's id), its test
  // and registration; a replay: the events of the callback processed again, then who asked for it.
  'POST /api/v2/mpesa/express': [ev('request payment_request', ['fund', 'origin'])],
  'GET /api/v2/mpesa/express': NONE,
  'GET /api/v2/mpesa/express/:checkoutRequestId': NONE,
  'POST /api/v2/mpesa/lookups': [ev('look_up mpesa_lookup', ['status'])],
  'GET /api/v2/mpesa/lookups': NONE,
  'GET /api/v2/mpesa/setup': NONE,
  'PUT /api/v2/mpesa/setup': [ev('update mpesa_setup', undefined, (c) => c.r.tenant.id)],
  'POST /api/v2/mpesa/setup/test': [ev('test mpesa_setup', ['ok', 'environment'], (c) => c.r.tenant.id)],
  'POST /api/v2/mpesa/setup/register': [ev('register mpesa_setup', ['ok', 'shortCodes', 'refused'], (c) => c.r.tenant.id)],
  'GET /api/v2/mpesa/callbacks': NONE,
  'POST /api/v2/mpesa/callbacks/:id/replay': [
    ev('receive mpesa_lookup', ['kind', 'outcome', 'status'], (c) => c.target!),
    ev('replay mpesa_payment', ['callbackId', 'outcome'], () => null),
  ],

  // Issue 30. Campaigns: created, changed (a close is its own action: a test below), reminded (one event for the
  // send, with its counts), imported (one event for the file); a pledge raised; the thank-you set-up. Reads, quotes
  // and the download write none.
  'GET /api/v2/campaigns': NONE,
  'POST /api/v2/campaigns': [ev('create campaign')],
  'GET /api/v2/campaigns/:id': NONE,
  'PUT /api/v2/campaigns/:id': [ev('update campaign', undefined, (c) => c.r.campaign)],
  'GET /api/v2/campaigns/:id/weeks': NONE,
  'GET /api/v2/campaigns/:id/pledges': NONE,
  // The contact's pledge (made with the records) raised: an update of it.
  'POST /api/v2/campaigns/:id/pledges': [ev('update pledge', undefined, (c) => c.r.pledge)],
  'GET /api/v2/campaigns/:id/pledges/:contactId': NONE,
  'GET /api/v2/campaigns/:id/pledges/export': NONE,
  'POST /api/v2/campaigns/:id/pledges/import': [ev('import campaign', ['rows', 'created', 'changed', 'unchanged', 'contactsCreated'], (c) => c.r.campaign)],
  'POST /api/v2/campaigns/:id/reminders/quote': NONE,
  'POST /api/v2/campaigns/:id/reminders': [ev('remind campaign', ['sendId', 'recipients', 'queued', 'optedOut', 'units'], (c) => c.r.campaign)],
  'GET /api/v2/pledges': NONE,
  'GET /api/v2/campaigns/thanks': NONE,
  'PUT /api/v2/campaigns/thanks': [ev('update pledge_thanks', undefined, () => null)],
  'GET /api/v2/dashboard/campaigns': NONE,
};

/** Who the events of a public route name; every other route's name the owner. */
const PUBLIC_ACTOR: Record<string, Actor> = {
  'POST /api/v2/login': 'user',
  'POST /api/v2/login/two-step': 'user',
  'POST /api/v2/password-reset/confirm': 'user',
  'POST /api/v2/invitation': 'user',
  'POST /api/v2/callbacks/sms/:secret/delivery': 'sms_gateway',
  'POST /api/v2/callbacks/sms/:secret/incoming': 'sms_gateway',
  'POST /api/v2/callbacks/sms/:secret/optout': 'sms_gateway',
  'POST /api/v2/c2b/:secret/validation': 'mpesa',
  'POST /api/v2/c2b/:secret/confirmation': 'mpesa',
  'POST /api/v2/mpesa/c2b/:secret/validation': 'mpesa',
  'POST /api/v2/mpesa/c2b/:secret/confirmation': 'mpesa',
  'POST /api/v2/c2b/:secret/stk': 'mpesa',
  'POST /api/v2/c2b/:secret/status-result': 'mpesa',
  'POST /api/v2/c2b/:secret/status-timeout': 'mpesa',
  'POST /api/v2/mpesa/c2b/:secret/stk': 'mpesa',
  'POST /api/v2/mpesa/c2b/:secret/status-result': 'mpesa',
  'POST /api/v2/mpesa/c2b/:secret/status-timeout': 'mpesa',
  'POST /api/v2/give/:code': 'system',
};

interface ActivityRow {
  id: string;
  actor_type: string;
  user_id: number | null;
  address: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  changes: unknown;
  details: Record<string, unknown>;
}

const brief = (response: LightMyRequestResponse) => `${response.statusCode} ${response.body.slice(0, 200)}`;
const codeOf = (secret: string, steps = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
/** The `sid` claim of a token: the sign-in it belongs to. */
const sessionOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

describe.each(testDatabases)('every route writes exactly its events, on %s', (_name, database) => {
  // The fake Daraja starts first: the app is built (useTestApp's beforeAll, next) with its address.
  let fake: FakeDaraja;
  const config: Partial<AppConfig> = { smsCallbackSecret: SMS_SECRET, publicUrl: 'https://coverage.example' };
  beforeAll(async () => {
    fake = await startFakeDaraja();
    config.darajaBaseUrl = fake.url;
  });
  afterAll(() => fake?.close());
  const testApp = useTestApp(database, config);
  let t: TestApp;
  let r: PartnerRecords;
  let context: Context;
  let registered: string[];
  /** The owner's `Authorization` header now, and their password now (a route changes it). */
  let auth: string;
  let ownerPassword = TEST_PASSWORD;
  /** What one call leaves for a later one: the enrolment's secret, a recovery code, an invitation link. */
  const carried: { twoStepSecret?: string; recoveryCode?: string; invitationToken?: string; invitedId?: number } = {};
  /** Texts no event's details may hold: the people's phones (as stored and as M-Pesa sends them) and names. */
  let personal: string[];
  let problems: string[] = [];
  const called = new Set<string>();
  /** For the closing line: calls made, events checked. */
  const tally = { calls: 0, events: 0 };
  beforeEach(() => {
    problems = [];
  });

  const lastEventId = async () => (await sql<{ id: string | null }>`select max(id)::text as id from activity_events`.execute(t.db)).rows[0]?.id ?? '0';
  const eventsAfter = async (id: string) =>
    (
      await sql<ActivityRow>`
        select id::text as id, actor_type, user_id, address, action, entity, entity_id, changes, details
        from activity_events where id > ${id}::bigint order by id`.execute(t.db)
    ).rows;

  async function signIn(): Promise<void> {
    const login = await t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email: r.tenant.email, password: ownerPassword } });
    const body = login.json<LoginResponse>();
    if (login.statusCode !== 200 || !body.access_token) throw new Error(`the owner could not sign in again: ${brief(login)}`);
    auth = `Bearer ${body.access_token}`;
  }

  /**
   * The request the owner sends for `route`: its realistic one, or, where that one is refused on purpose (a
   * wrong password or code, a session nobody has), one that succeeds.
   */
  const OWNER_REQUESTS: Record<string, () => Promise<Request> | Request> = {
    'POST /api/v2/password': () => ({ method: 'POST', url: '/api/v2/password', payload: { current_password: ownerPassword, new_password: 'Coverage new passphrase 1' } }),
    'POST /api/v2/me/two-step/confirm': () => ({ method: 'POST', url: '/api/v2/me/two-step/confirm', payload: { code: codeOf(carried.twoStepSecret!) } }),
    'DELETE /api/v2/me/two-step': () => ({ method: 'DELETE', url: '/api/v2/me/two-step', payload: { code: carried.recoveryCode } }),
    // Another of the owner's sign-ins (made before the count starts): this one ends it.
    'DELETE /api/v2/me/sessions/:id': async () => {
      const login = await t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email: r.tenant.email, password: ownerPassword } });
      return { method: 'DELETE', url: `/api/v2/me/sessions/${sessionOf(login.json<LoginResponse>().access_token)}` };
    },
    // An M-Pesa income (a typed-in one is refused here): the payment allocated before the count starts.
    'PUT /api/v2/income/:id/contact': async () => {
      const income = await t.db
        .selectFrom('incomes')
        .select('id')
        .where('tenant_id', '=', r.tenant.id)
        .where('online_transaction_id', 'is not', null)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      return { method: 'PUT', url: `/api/v2/income/${income.id}/contact`, payload: { memberId: r.contact } };
    },
    // Issue 29. The set-up with the fake Daraja's consumer key and secret (their values never in an event); the test
    // and the registration after them, whichever route comes first.
    'PUT /api/v2/mpesa/setup': () => ({ method: 'PUT', url: '/api/v2/mpesa/setup', payload: { ...darajaApp, givingCode: r.givingCode, minAmount: '20' } }),
    'POST /api/v2/mpesa/setup/test': async () => {
      await withDarajaApp();
      return TENANT_REQUESTS['POST /api/v2/mpesa/setup/test']!(r);
    },
    'POST /api/v2/mpesa/setup/register': async () => {
      await withDarajaApp();
      return TENANT_REQUESTS['POST /api/v2/mpesa/setup/register']!(r);
    },
    // The held look-up result, once its look-up waits for it: replayed, it settles the look-up (not found).
    'POST /api/v2/mpesa/callbacks/:id/replay': async () => {
      context.target = await waitingLookup(r.heldConversationId);
      return TENANT_REQUESTS['POST /api/v2/mpesa/callbacks/:id/replay']!(r);
    },
  };

  /** The fake Daraja's app: enough to fetch a token (test, register); without a passkey prompts stay simulated. */
  const darajaApp = { consumerKey: FAKE_CONSUMER_KEY, consumerSecret: FAKE_CONSUMER_SECRET };
  async function withDarajaApp(): Promise<void> {
    const saved = await t.app.inject({ method: 'PUT', url: '/api/v2/mpesa/setup', headers: { authorization: auth }, payload: darajaApp });
    if (saved.statusCode !== 200) throw new Error(`the Daraja set-up could not be saved: ${brief(saved)}`);
  }

  /** A look-up Daraja acknowledged (only the fake could, with credentials): waiting for its result under `conversationId`. */
  let lookups = 0;
  async function waitingLookup(conversationId: string): Promise<string> {
    lookups += 1;
    const { id } = await t.db
      .insertInto('mpesa_lookups')
      .values({
        tenant_id: r.tenant.id,
        trans_id: `TKCOV${lookups}`,
        status: 'waiting',
        conversation_id: `AG_COVERAGE_${lookups}`,
        originator_conversation_id: conversationId,
        requested_by: context.ownerId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** A prompt of the owner's to the contact (the simulator's), waiting: its id for the event, and the body of its paid result. */
  async function waitingPrompt(): Promise<{ id: string; paid: object }> {
    const sent = await t.app.inject({ ...TENANT_REQUESTS['POST /api/v2/mpesa/express']!(r), headers: { authorization: auth } });
    if (sent.statusCode !== 200) throw new Error(`no prompt was sent: ${brief(sent)}`);
    const checkoutRequestId = sent.json<{ checkoutRequestId: string }>().checkoutRequestId;
    const prompt = await t.db
      .selectFrom('mpesa_express_requests')
      .select(['id', 'merchant_request_id', sql<string>`amount::text`.as('amount'), 'phone'])
      .where('tenant_id', '=', r.tenant.id)
      .where('checkout_request_id', '=', checkoutRequestId)
      .executeTakeFirstOrThrow();
    const paid = simulatedCallbackBody(
      { checkoutRequestId, merchantRequestId: prompt.merchant_request_id ?? '', amount: prompt.amount, phone: prompt.phone },
      new Date(),
    );
    return { id: prompt.id, paid };
  }

  /** Daraja's result callback of `kind` under `prefix`, with the partner's secret. */
  const result = (prefix: string, kind: string, body: object): Request => ({
    method: 'POST',
    url: `/api/v2/${prefix}/${r.mpesa.secret}/${kind}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  const paidPrompt = async (prefix: string) => {
    const prompt = await waitingPrompt();
    context.target = prompt.id;
    return result(prefix, 'stk', prompt.paid);
  };
  const lookupResult = async (prefix: string, kind: string) => {
    const conversationId = `coverage-${kind}-${lookups + 1}-${Date.now()}`;
    context.target = await waitingLookup(conversationId);
    return result(prefix, kind, statusResult(conversationId));
  };
  /** What the giving page sends: the contact's number (never in an event), for the fund open for giving. */
  const give = (): Request => ({ method: 'POST', url: `/api/v2/give/${r.givingCode}`, payload: { fund: r.incomeAccount, amount: '100', phone: r.contactPhone } });

  /** What a call leaves for the next ones, and a new sign-in after a route that ended the owner's. */
  async function afterOwnerCall(route: string, response: LightMyRequestResponse): Promise<void> {
    if (response.statusCode >= 300) return;
    if (route === 'POST /api/v2/logout' || route === 'POST /api/v2/logout-all') return signIn();
    if (!['POST /api/v2/password', 'POST /api/v2/me/two-step', 'POST /api/v2/me/two-step/confirm', 'POST /api/v2/staff'].includes(route)) return;
    const body = response.json<Record<string, unknown>>();
    if (route === 'POST /api/v2/password') {
      ownerPassword = 'Coverage new passphrase 1';
      auth = `Bearer ${body.access_token as string}`;
    }
    if (route === 'POST /api/v2/me/two-step') carried.twoStepSecret = body.secret as string;
    if (route === 'POST /api/v2/me/two-step/confirm') carried.recoveryCode = (body.recoveryCodes as string[])[0];
    if (route === 'POST /api/v2/staff') {
      const url = body.invitationUrl as string;
      carried.invitationToken = url.slice(url.indexOf('#') + 1);
      carried.invitedId = (body.staff as { id: number }).id;
    }
  }

  /** Public routes: their caller's request, prepared (a user, a code, a message the gateway reports on) before the count starts. */
  const PUBLIC_REQUESTS: Record<string, () => Promise<Request>> = {
    'GET /api/v2/health': async () => ({ method: 'GET', url: '/api/v2/health' }),
    'POST /api/v2/login': async () => {
      const email = `colleague.${Date.now()}@example.test`;
      context.userId = await createUser(t.db, { partnerId: r.tenant.id, email, password: TEST_PASSWORD, firstName: 'Signing', lastName: 'In', roles: ['viewer'] });
      return { method: 'POST', url: '/api/v2/login', payload: { email, password: TEST_PASSWORD } };
    },
    'POST /api/v2/login/two-step': async () => {
      const email = `two.step.${Date.now()}@example.test`;
      const userId = await createUser(t.db, { partnerId: r.tenant.id, email, password: TEST_PASSWORD, firstName: 'Two', lastName: 'Step', roles: ['treasurer'] });
      const secret = newTotpSecret();
      await t.db.updateTable('users').set({ totp_secret: secret, totp_enabled_at: new Date() }).where('id', '=', userId).execute();
      context.userId = userId;
      // The first step answers a challenge and writes no event (a variant checks it).
      const first = await t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password: TEST_PASSWORD } });
      return { method: 'POST', url: '/api/v2/login/two-step', payload: { challenge: first.json<{ challenge: string }>().challenge, code: codeOf(secret) } };
    },
    'POST /api/v2/password-reset': async () => ({ method: 'POST', url: '/api/v2/password-reset', payload: { login: await forgetful() } }),
    'POST /api/v2/password-reset/confirm': async () => {
      const phone = await forgetful();
      await t.app.inject({ method: 'POST', url: '/api/v2/password-reset', payload: { login: phone } });
      const sms = await t.db.selectFrom('notifications').select('message').where('recipient', '=', phone).orderBy('id', 'desc').executeTakeFirstOrThrow();
      const code = /\b(\d{6})\b/.exec(sms.message)![1];
      return { method: 'POST', url: '/api/v2/password-reset/confirm', payload: { login: phone, code, new_password: 'A remembered passphrase' } };
    },
    'GET /api/v2/invitation/:token': async () => ({ method: 'GET', url: `/api/v2/invitation/${carried.invitationToken}` }),
    'POST /api/v2/invitation': async () => {
      context.userId = carried.invitedId;
      return { method: 'POST', url: '/api/v2/invitation', payload: { token: carried.invitationToken, password: 'An invited passphrase' } };
    },
    'POST /api/v2/callbacks/sms/:secret/delivery': async () => {
      // A message of the partner the gateway took (its id recorded), now reported delivered.
      const message = await t.db
        .selectFrom('notifications')
        .select('id')
        .where('tenant_id', '=', r.tenant.id)
        .where('send_id', '<>', r.send)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await t.db
        .updateTable('notifications')
        .set({ state: 'sent', provider_message_id: 'ATXid_coverage', sent_at: new Date() })
        .where('tenant_id', '=', r.tenant.id)
        .where('id', '=', message.id)
        .execute();
      return form('delivery', { id: 'ATXid_coverage', status: 'Success', phoneNumber: r.contactPhone });
    },
    'POST /api/v2/callbacks/sms/:secret/incoming': async () => form('incoming', { from: r.contactPhone, to: '22384', text: 'STOP', id: 'in-1' }),
    'POST /api/v2/callbacks/sms/:secret/optout': async () => form('optout', { senderId: 'USHIRIKA', phoneNumber: r.payerPhone }),
    'POST /api/v2/c2b/:secret/validation': async () => c2b('c2b', 'validation'),
    'POST /api/v2/c2b/:secret/confirmation': async () => c2b('c2b', 'confirmation'),
    'POST /api/v2/mpesa/c2b/:secret/validation': async () => c2b('mpesa/c2b', 'validation'),
    'POST /api/v2/mpesa/c2b/:secret/confirmation': async () => c2b('mpesa/c2b', 'confirmation'),
    'POST /api/v2/c2b/:secret/stk': () => paidPrompt('c2b'),
    'POST /api/v2/mpesa/c2b/:secret/stk': () => paidPrompt('mpesa/c2b'),
    'POST /api/v2/c2b/:secret/status-result': () => lookupResult('c2b', 'status-result'),
    'POST /api/v2/c2b/:secret/status-timeout': () => lookupResult('c2b', 'status-timeout'),
    'POST /api/v2/mpesa/c2b/:secret/status-result': () => lookupResult('mpesa/c2b', 'status-result'),
    'POST /api/v2/mpesa/c2b/:secret/status-timeout': () => lookupResult('mpesa/c2b', 'status-timeout'),
    'GET /api/v2/give/:code': async () => ({ method: 'GET', url: `/api/v2/give/${r.givingCode}` }),
    'POST /api/v2/give/:code': async () => give(),
    // A prompt the page sent (before the count starts), followed.
    'GET /api/v2/give/:code/:checkoutRequestId': async () => {
      const sent = await t.app.inject(give());
      if (sent.statusCode !== 200) throw new Error(`the giving page sent no prompt: ${brief(sent)}`);
      return { method: 'GET', url: `/api/v2/give/${r.givingCode}/${sent.json<{ checkoutRequestId: string }>().checkoutRequestId}` };
    },
  };
  let forgetfulPhone: string | undefined;
  /** A staff member with a mobile who forgot their password: the same one for both reset routes. */
  async function forgetful(): Promise<string> {
    if (forgetfulPhone === undefined) {
      forgetfulPhone = '+254757000321';
      forgetfulId = await createUser(t.db, {
        partnerId: r.tenant.id,
        email: `forgetful.${Date.now()}@example.test`,
        password: TEST_PASSWORD,
        firstName: 'For',
        lastName: 'Getful',
        roles: ['viewer'],
        phone: forgetfulPhone,
      });
    }
    context.userId = forgetfulId;
    return forgetfulPhone;
  }
  let forgetfulId: number | undefined;
  const form = (kind: string, fields: Record<string, string>): Request => ({
    method: 'POST',
    url: `/api/v2/callbacks/sms/${SMS_SECRET}/${kind}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  let transactions = 0;
  const c2b = (prefix: string, kind: string): Request => ({
    method: 'POST',
    url: `/api/v2/${prefix}/${r.mpesa.secret}/${kind}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(daraja(r.mpesa.shortCode, r.marker, `COV${(transactions += 1)}${Date.now() % 1e6}`)),
  });

  /** Sends one call, then checks its status and the events it wrote against `wanted`; problems are collected. */
  async function check(
    label: string,
    request: Request,
    wanted: readonly Want[],
    actor: Actor,
    authorization?: string,
    status?: number,
  ): Promise<{ response: LightMyRequestResponse; events: ActivityRow[] }> {
    const before = await lastEventId();
    const response = await t.app.inject({ ...request, headers: { ...request.headers, ...(authorization ? { authorization } : {}) } });
    const events = await eventsAfter(before);
    tally.calls += 1;
    tally.events += events.length;
    if (status === undefined ? response.statusCode >= 300 : response.statusCode !== status) {
      problems.push(`${label}: answered ${brief(response)}${status === undefined ? '' : ` (expected ${status})`}`);
    }
    const written = events.map((event) => `${event.action} ${event.entity}`);
    const expected = wanted.map((want) => want.event);
    if (JSON.stringify(written) !== JSON.stringify(expected)) {
      problems.push(`${label}: wrote [${written.join(', ')}], expected [${expected.join(', ')}]`);
      return { response, events };
    }
    events.forEach((event, index) => {
      const want = wanted[index]!;
      const whose =
        actor === 'owner' ? { type: 'staff', user: context.ownerId } : actor === 'user' ? { type: 'staff', user: context.userId } : { type: actor, user: null };
      if (event.actor_type !== whose.type || event.user_id !== whose.user || !event.address) {
        problems.push(`${label}: ${want.event} by ${event.actor_type} ${event.user_id} from ${event.address}, expected ${whose.type} ${whose.user} with an address`);
      }
      const missing = (want.details ?? []).filter((key) => !(key in event.details));
      if (missing.length > 0) problems.push(`${label}: ${want.event} details ${JSON.stringify(event.details)} lack ${missing.join(', ')}`);
      const leaked = personal.filter((text) => JSON.stringify(event.details).includes(text));
      if (leaked.length > 0) problems.push(`${label}: ${want.event} details hold personal data (${leaked.join(', ')})`);
      // A secret (issue 29: the Daraja credentials) is in no event at all, neither its details nor its changes.
      const told = [FAKE_CONSUMER_KEY, FAKE_CONSUMER_SECRET].filter((secret) => JSON.stringify([event.details, event.changes]).includes(secret));
      if (told.length > 0) problems.push(`${label}: ${want.event} holds a secret (${told.join(', ')})`);
      if (want.entityId) {
        const id = want.entityId(context);
        const expectedId = id === null ? null : String(id);
        if (event.entity_id !== expectedId) problems.push(`${label}: ${want.event} names ${event.entity_id}, expected ${expectedId}`);
      }
    });
    return { response, events };
  }

  beforeAll(async () => {
    t = testApp();
    r = await createPartnerRecords(t, 'Coverage', 1);
    auth = r.tenant.auth;
    const owner = await t.db.selectFrom('users').select('id').where('email', '=', r.tenant.email).executeTakeFirstOrThrow();
    context = { r, ownerId: owner.id };
    personal = [r.contactPhone, r.payerPhone, r.optOutPhone, '254712345678', '712000001', '722000001', `${r.marker}son`, `${r.marker}ova`];
    registered = [
      ...new Set(t.app.routeTable.filter((route) => route.url.startsWith('/api/v2/') && route.method !== 'HEAD').map((route) => `${route.method} ${route.url}`)),
    ];

    // What the owner's calls need beyond the records: an M-Pesa income to link to its payer, a staff member whose second step can be reset.
    const paid = await t.app.inject(c2b('mpesa/c2b', 'confirmation'));
    expect(paid.statusCode).toBe(200);
    const waiting = await t.db.selectFrom('online_transactions').select('id').where('tenant_id', '=', r.tenant.id).where('id', '<>', r.payment).executeTakeFirstOrThrow();
    const allocated = await t.app.inject({
      method: 'POST',
      url: '/api/v2/allocateaccounts',
      headers: { authorization: auth },
      payload: { account: r.incomeAccount, selectedRecords: String(waiting.id) },
    });
    expect(allocated.statusCode).toBeLessThan(300);
    await t.db.updateTable('users').set({ totp_pending_secret: newTotpSecret() }).where('id', '=', r.staffMember).execute();
  }, 120_000);

  it('knows every /api/v2 route the server registers, and no route it does not', () => {
    expect(registered.length).toBeGreaterThan(100);
    expect(registered.filter((route) => !(route in EXPECTED))).toEqual([]);
    expect(Object.keys(EXPECTED).filter((route) => !registered.includes(route))).toEqual([]);
    const publicRoutes = registered.filter((route) => !(route in TENANT_REQUESTS));
    expect(publicRoutes.filter((route) => !(route in PUBLIC_REQUESTS))).toEqual([]);
  });

  it('writes exactly the expected events for every route behind the token, called once as the owner', async () => {
    for (const route of registered.filter((each) => each in TENANT_REQUESTS && each in EXPECTED)) {
      context.target = undefined;
      const request = await (OWNER_REQUESTS[route]?.() ?? TENANT_REQUESTS[route]!(r));
      const { response } = await check(route, request, EXPECTED[route]!, 'owner', auth);
      called.add(route);
      await afterOwnerCall(route, response);
    }
    expect(problems).toEqual([]);
  }, 240_000);

  it('writes exactly the expected events for every public route, as the user it acts for or the gateway', async () => {
    for (const route of registered.filter((each) => each in PUBLIC_REQUESTS && each in EXPECTED)) {
      context.userId = undefined;
      context.target = undefined;
      const request = await PUBLIC_REQUESTS[route]!();
      await check(route, request, EXPECTED[route]!, PUBLIC_ACTOR[route] ?? 'owner');
      called.add(route);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('writes one correction event naming the original entry, with the reason and both new entries, when money changes', async () => {
    const correct = async (path: 'income' | 'expense', id: number, body: object) => {
      const { response, events } = await check(
        `PUT /api/v2/${path}/:id (a new amount, with a reason)`,
        { method: 'PUT', url: `/api/v2/${path}/${id}`, payload: { ...body, amount: '520.00', reason: 'Counted again' } },
        [ev(`correct ${path}`, ['reason', 'reversalId', 'newId'], () => id)],
        'owner',
        auth,
      );
      const details = events[0]?.details;
      if (details && response.statusCode === 200) {
        const answer = response.json<Record<string, { id: number }>>()[path];
        if (String(details.newId) !== String(answer?.id)) problems.push(`correct ${path}: newId ${String(details.newId)} is not the answer's ${answer?.id}`);
        if (details.reason !== 'Counted again') problems.push(`correct ${path}: reason ${String(details.reason)}`);
      }
    };
    await correct('income', r.incomeRecord, incomeBody(r.marker, r.incomeAccount, r.payerPhone));
    await correct('expense', r.expense, expenseBody(r.marker, r.expenseAccount));
    expect(problems).toEqual([]);
  });

  it("writes a pledge's create once, nothing for the amount it already has, and a campaign's close as its own action", async () => {
    const pledges = `/api/v2/campaigns/${r.campaign}/pledges`;
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/v2/member',
      headers: { authorization: auth },
      payload: { firstName: r.marker, lastName: 'Pledger', gender: 'M', mobile: '+254799000333', residence: 'Town' },
    });
    expect(contact.statusCode).toBe(201);
    const contactId = contact.json<{ member: { id: number } }>().member.id;
    const first = { method: 'POST', url: pledges, payload: { contactId, amount: '2500' } } as const;
    const made = await check('a first pledge', first, [ev('create pledge')], 'owner', auth, 201);
    // The event names the pledge the answer gives.
    expect(made.events.map((event) => event.entity_id)).toEqual([String(made.response.json<{ pledge: { id: number } }>().pledge.id)]);
    expect((await check('the same pledge again', first, NONE, 'owner', auth, 200)).events).toEqual([]);

    const campaign = { ...campaignBody(r.marker, r.incomeAccount, r.campaignCode), target: '600000' };
    const url = `/api/v2/campaigns/${r.campaign}`;
    await check(
      'a campaign closed',
      { method: 'PUT', url, payload: { ...campaign, status: 'closed' } },
      [ev('close campaign', undefined, (c) => c.r.campaign)],
      'owner',
      auth,
    );
    await check('a pledge to a closed campaign', { method: 'POST', url: pledges, payload: { contactId, amount: '3000' } }, NONE, 'owner', auth, 400);
    await check(
      'a campaign reopened',
      { method: 'PUT', url, payload: { ...campaign, status: 'open' } },
      [ev('update campaign', undefined, (c) => c.r.campaign)],
      'owner',
      auth,
    );
    expect(problems).toEqual([]);
  });

  it('writes none for a refused request: no reason, invalid, a wrong password or code', async () => {
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/v2/income',
      headers: { authorization: auth },
      payload: incomeBody(r.marker, r.incomeAccount, r.payerPhone),
    });
    expect(posted.statusCode).toBe(201);
    const income = posted.json<{ income: { id: number } }>().income.id;
    const refusals: Array<[string, Request, number, string | undefined]> = [
      [
        'a money change without a reason',
        { method: 'PUT', url: `/api/v2/income/${income}`, payload: { ...incomeBody(r.marker, r.incomeAccount, r.payerPhone), amount: '999.00', reason: ' ' } },
        400,
        auth,
      ],
      ['an invalid meeting type', { method: 'POST', url: '/api/v2/meeting_types', payload: { name: '', description: 'x' } }, 400, auth],
      ['a wrong password', { method: 'POST', url: '/api/v2/login', payload: { email: r.tenant.email, password: 'not the password' } }, 401, undefined],
      ['an unknown login', { method: 'POST', url: '/api/v2/login', payload: { email: 'nobody@example.test', password: 'not the password' } }, 401, undefined],
      ['a wrong current password', TENANT_REQUESTS['POST /api/v2/password']!(r), 400, auth],
      ['a wrong two-step code', TENANT_REQUESTS['POST /api/v2/me/two-step/confirm']!(r), 400, auth],
      [
        'a wrong reset code',
        { method: 'POST', url: '/api/v2/password-reset/confirm', payload: { login: '+254757000321', code: '000000', new_password: 'Whatever passphrase' } },
        400,
        undefined,
      ],
      [
        'a spent invitation',
        { method: 'POST', url: '/api/v2/invitation', payload: { token: carried.invitationToken ?? 'x'.repeat(43), password: 'Another passphrase' } },
        400,
        undefined,
      ],
    ];
    for (const [what, request, status, authorization] of refusals) await check(what, request, NONE, 'owner', authorization, status);
    // A two-step user's first step answers a challenge: not yet a sign-in.
    const email = `challenged.${Date.now()}@example.test`;
    const userId = await createUser(t.db, { partnerId: r.tenant.id, email, password: TEST_PASSWORD, firstName: 'Chal', lastName: 'Lenged', roles: ['viewer'] });
    await t.db.updateTable('users').set({ totp_secret: newTotpSecret(), totp_enabled_at: new Date() }).where('id', '=', userId).execute();
    await check("a two-step user's first step", { method: 'POST', url: '/api/v2/login', payload: { email, password: TEST_PASSWORD } }, NONE, 'owner', undefined, 200);
    expect(problems).toEqual([]);
  });

  it('called every route', () => {
    expect(registered.filter((route) => !called.has(route))).toEqual([]);
    const writing = registered.filter((route) => EXPECTED[route]!.length > 0).length;
    console.log(
      `activity coverage (${database.name}): ${registered.length} routes called once each (${writing} write events, ${registered.length - writing} write none), ` +
        `${tally.calls} calls in all, ${tally.events} events checked`,
    );
  });
});
