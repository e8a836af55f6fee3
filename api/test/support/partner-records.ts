import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { setPartnerMpesa } from '../../src/partners/queries';
import { topUpUnits } from '../../src/messaging/units';
import type { Tenant, TestApp } from './app';
import { multipartForm } from './messaging';
import { darajaPayment } from './daraja';

/**
 * A partner with one record of every kind the API serves, made through the API itself (and the M-Pesa
 * callback), for the tests that walk every route: the isolation matrix aims each route at one partner's
 * records with another's token, the hostile-input test sends each route garbage next to valid values.
 * Every text the partner stores carries its `marker`, so an answer that reveals its data is easy to spot.
 */

export interface PartnerRecords {
  tenant: Tenant;
  marker: string;
  /** The partner's paybill: its short code and the secret in its callback paths. */
  mpesa: { shortCode: string; secret: string };
  meetingType: number;
  meeting: number;
  contact: number;
  /** The contact's mobile as stored (E.164). */
  contactPhone: string;
  groupType: number;
  group: number;
  /** A household with the contact as its head. */
  household: number;
  /** An import batch (it updated the contact's residence: the partner still has two contacts) and a saved matching. */
  importBatch: number;
  importPreset: number;
  config: number;
  /** An income (CR) and an expense (DR) account. */
  incomeAccount: number;
  expenseAccount: number;
  incomeRecord: number;
  /** The payer's phone of the income (E.164): a giving statement finds it. */
  payerPhone: string;
  expense: number;
  rule: number;
  optOut: number;
  optOutPhone: string;
  /** An M-Pesa payment waiting for an account, and its M-Pesa code (TransID). */
  payment: number;
  paymentTransId: string;
  /** A scheduled send (cancellable) and one of its messages, marked failed (resendable). */
  send: number;
  failedMessage: number;
  uploadedFile: number;
  budgetYear: number;
  /** A staff member (a secretary, invited, no password yet): the staff routes aim at them, never at the signed-in user. */
  staffMember: number;
  /** A second contact, which the erasure route erases (the first stays for every other route). */
  erasableContact: number;
  /** An income and an expense the reverse routes reverse (a reversed entry cannot be corrected: the others stay posted). */
  reversibleIncome: number;
  reversibleExpense: number;
  /**
   * Issue 29. The partner's giving page code (the income account is open for giving); an M-Pesa Express prompt to
   * the contact (sent through the development simulator: no Daraja credentials, not production), still waiting; a
   * look-up of the payment's code (found at once: it is in the M-Pesa list); a Transaction Status result no look-up
   * waits for, held in the inbox for a person (the callbacks a person replays).
   */
  givingCode: string;
  checkoutRequestId: string;
  lookup: number;
  heldCallback: string;
  /** The OriginatorConversationID of the held callback. */
  heldConversationId: string;
  /**
   * Issue 30. An open campaign over 2026 into the income account (its incomes count), with an M-Pesa code; the
   * contact's pledge to it (nothing paid: a balance to remind of); the partner's own thank-you text.
   */
  campaign: number;
  campaignCode: string;
  pledge: number;
}

/** A month that has ended and holds no entry of the records (they are dated 2026-03-01): the periods routes close and reopen it. */
export const CLOSABLE_MONTH = '2026-04';

/** Two-digit partner numbers keep phones and short codes apart: 1 and 2 in the matrix, 3 in the hostile-input test. */
export async function createPartnerRecords(t: TestApp, marker: string, n: number): Promise<PartnerRecords> {
  const tenant = await t.newTenant(`${marker} Partner`);
  await topUpUnits(t.db, tenant.id, 10_000, 'test');
  const mpesa = { shortCode: `6${String(n).padStart(2, '0')}100`, secret: `${marker.toLowerCase()}-secret-${n}-abcdefgh` };
  expect(await setPartnerMpesa(t.db, tenant.id, mpesa)).toBe(true);

  const save = async <T>(method: 'POST' | 'PUT', url: string, payload: object, key: string, status = method === 'POST' ? 201 : 200): Promise<T> => {
    const response = await t.as(tenant, { method, url: `/api/v2/${url}`, payload });
    expect({ url, status: response.statusCode, body: response.json<unknown>() }).toMatchObject({ url, status });
    return response.json<Record<string, T>>()[key]!;
  };
  const id = async (url: string, payload: object, key: string) => (await save<{ id: number }>('POST', url, payload, key)).id;

  const meetingType = await id('meeting_types', { name: `${marker} Sunday Service`, description: `${marker} worship` }, 'meeting_type');
  const meeting = await id('meetings', meetingBody(marker, meetingType), 'meeting');
  const contactPhone = `+2547120000${String(n).padStart(2, '0')}`;
  const contact = await id('member', { firstName: marker, lastName: `${marker}son`, gender: 'F', mobile: contactPhone, residence: `${marker} Town` }, 'member');
  const erasableContact = await id(
    'member',
    { firstName: marker, lastName: `${marker}ova`, gender: 'F', mobile: `+2547120001${String(n).padStart(2, '0')}`, residence: `${marker} Village` },
    'member',
  );
  const groupType = await id('group_types', { name: `${marker} Fellowship`, description: `${marker} fellowships` }, 'group_type');
  const group = await id('groups', { groupType, name: `${marker} Choir`, description: `${marker} choir`, brandName: marker }, 'group');
  await save('POST', 'groupmembers', { group, selectedRecords: String(contact) }, 'group', 200);
  const household = await id('households', { name: `${marker} Family`, members: [{ memberId: contact, role: 'head' }] }, 'household');
  const imported = await t.as(tenant, {
    method: 'POST',
    url: '/api/v2/member/import',
    // Named for the partner: the imports list shows it, so a crossing would show.
    ...multipartForm(
      {},
      { field: 'file', name: `${marker}-people.csv`, type: 'text/csv', content: `First Name,Last Name,Mobile,Residence\n,,${contactPhone},${marker} Imported Town\n` },
    ),
  });
  expect({ status: imported.statusCode, body: imported.json<unknown>() }).toMatchObject({ status: 200 });
  const importBatch = imported.json<{ batch: { id: number } }>().batch.id;
  const importPreset = await id('member/import/presets', { name: `${marker} sheet`, mapping: { Simu: 'mobile' } }, 'preset');
  const config = await id('messageconfig', { config: `${marker} sender`, value: `${marker} value` }, 'config');
  // Offered on the partner's giving page (issue 29).
  const incomeAccount = await id('account', { accountName: `${marker} Tithe`, accountType: 'CR', parentId: 0, openForGiving: true }, 'account');
  const expenseAccount = await id('account', { accountName: `${marker} Rent`, accountType: 'DR', parentId: 0 }, 'account');
  const payerPhone = `+2547220000${String(n).padStart(2, '0')}`;
  const incomeRecord = await id('income', incomeBody(marker, incomeAccount, payerPhone), 'income');
  const expense = await id('expense', expenseBody(marker, expenseAccount), 'expense');
  const reversibleIncome = await id('income', { ...incomeBody(marker, incomeAccount, payerPhone), amount: '75.00', reference: `${marker}TWICE` }, 'income');
  const reversibleExpense = await id('expense', { ...expenseBody(marker, expenseAccount), amount: '40.00', reference: `${marker}TWICE` }, 'expense');
  const rule = await id('mpesarules', { billRef: `${marker}TITHE`, account: incomeAccount }, 'rule');
  const optOutPhone = `+2547330000${String(n).padStart(2, '0')}`;
  const optOut = await id('smsoptouts', { phone: optOutPhone }, 'optout');
  const budgetYear = 2026;
  await save('PUT', `budgets/${budgetYear}`, { lines: [{ account: incomeAccount, months: Array(12).fill('100.00') }] }, 'budget');
  const campaignCode = `${marker}Jengo`;
  const campaign = await id('campaigns', campaignBody(marker, incomeAccount, campaignCode), 'campaign');
  const pledge = await id(`campaigns/${campaign}/pledges`, { contactId: contact, amount: '1000' }, 'pledge');
  await save('PUT', 'campaigns/thanks', { enabled: true, text: `${marker}: asante {firstName} for {pledged}` }, 'thanks', 200);
  const staffPhone = `+2547550000${String(n).padStart(2, '0')}`;
  const staffMember = await id('staff', { name: `${marker} Clerk`, phone: staffPhone, email: '', roles: ['secretary'] }, 'staff');

  // An M-Pesa payment that no rule allocates.
  const paymentTransId = `TX${n}${Date.now() % 1e6}`;
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/v2/mpesa/c2b/${mpesa.secret}/confirmation`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(daraja(mpesa.shortCode, marker, paymentTransId)),
  });
  expect(paid.statusCode).toBe(200);
  const payment = (await t.db.selectFrom('online_transactions').select('id').where('tenant_id', '=', tenant.id).executeTakeFirstOrThrow()).id;

  // Issue 29: the giving page, a prompt to the contact, a look-up of the payment's code, a callback held for a person.
  const givingCode = `${marker.toLowerCase()}-giving-${n}`;
  await save('PUT', 'mpesa/setup', { givingCode }, 'givingCode', 200);
  const prompted = await t.as(tenant, { method: 'POST', url: '/api/v2/mpesa/express', payload: { fund: incomeAccount, amount: '100', phone: '', memberId: contact } });
  expect({ status: prompted.statusCode, body: prompted.json<unknown>() }).toMatchObject({ status: 200 });
  const checkoutRequestId = prompted.json<{ checkoutRequestId: string }>().checkoutRequestId;
  const lookedUp = await t.as(tenant, { method: 'POST', url: '/api/v2/mpesa/lookups', payload: { transId: paymentTransId } });
  expect({ status: lookedUp.statusCode, body: lookedUp.json<unknown>() }).toMatchObject({ status: 201, body: { status: 'found', transactionId: payment } });
  const lookup = lookedUp.json<{ id: number }>().id;
  const heldConversationId = `${marker.toLowerCase()}-held-${n}-${Date.now()}`;
  const held = await t.app.inject({
    method: 'POST',
    url: `/api/v2/c2b/${mpesa.secret}/status-result`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(statusResult(heldConversationId)),
  });
  expect({ status: held.statusCode, body: held.json<unknown>() }).toEqual({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } });
  const heldCallback = (
    await t.db
      .selectFrom('mpesa_callbacks')
      .select(sql<string>`id::text`.as('id'))
      .where('tenant_id', '=', tenant.id)
      .where('kind', '=', 'status-result')
      .where('outcome', '=', 'held')
      .executeTakeFirstOrThrow()
  ).id;

  // A scheduled send (cancellable), one of whose messages failed (resendable), and an uploaded file.
  const scheduled = await t.as(tenant, {
    method: 'POST',
    url: '/api/v2/notifymany',
    payload: { recipient_type: 'Typed', recipients: `${contactPhone},${payerPhone}`, textmessage: `${marker} service`, send_at: '2099-01-01T10:00' },
  });
  expect(scheduled.statusCode).toBe(201);
  const send = scheduled.json<{ send: { id: number } }>().send.id;
  const failedMessage = (
    await t.db.selectFrom('notifications').select('id').where('tenant_id', '=', tenant.id).where('send_id', '=', send).orderBy('id').executeTakeFirstOrThrow()
  ).id;
  await t.db.updateTable('notifications').set({ state: 'failed' }).where('id', '=', failedMessage).execute();
  const upload = multipartForm(
    { message: `${marker} harvest`, type: 'SMS', category: 'WEBSMS', send_at: '2099-01-01T10:00' },
    { name: `${marker}.csv`, type: 'text/csv', content: `phone\n${contactPhone}\n` },
  );
  const uploaded = await t.as(tenant, { method: 'POST', url: '/api/v2/notifyuploaded', payload: upload.payload, headers: upload.headers });
  expect(uploaded.statusCode).toBe(201);
  const uploadedFile = (await t.db.selectFrom('uploaded_files').select('id').where('tenant_id', '=', tenant.id).executeTakeFirstOrThrow()).id;

  return {
    tenant,
    marker,
    mpesa,
    meetingType,
    meeting,
    contact,
    contactPhone,
    groupType,
    group,
    household,
    importBatch,
    importPreset,
    config,
    incomeAccount,
    expenseAccount,
    incomeRecord,
    payerPhone,
    expense,
    rule,
    optOut,
    optOutPhone,
    payment,
    send,
    failedMessage,
    uploadedFile,
    budgetYear,
    staffMember,
    erasableContact,
    reversibleIncome,
    reversibleExpense,
    paymentTransId,
    givingCode,
    checkoutRequestId,
    lookup,
    heldCallback,
    heldConversationId,
    campaign,
    campaignCode,
    pledge,
  };
}

/** Issue 30: a campaign of the partner's over 2026 (the records' one) into `account`. */
export const campaignBody = (marker: string, account: number, code: string) => ({
  name: `${marker} Sanctuary`,
  target: '500000',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  account,
  code,
});

export const meetingBody = (marker: string, meetingType: number) => ({
  meeting_type: meetingType,
  dateOfMeeting: '2026-03-01',
  startTime: '09:00',
  endTime: '11:00',
  actualAttendance: 120,
  expectedAttendance: 150,
  subject: `${marker} harvest`,
  facilitator: `${marker} Elder`,
  speaker: `${marker} Pastor`,
  totalOffering: '1250.50',
  notes: `${marker} notes`,
});

export const incomeBody = (marker: string, account: number, phone: string) => ({
  firstname: marker,
  lastname: `${marker}son`,
  amount: '500.00',
  phone,
  account,
  mode: 'CASH',
  dateOfTransaction: '2026-03-01',
  paymentFor: `${marker} tithe`,
  reference: `${marker}REF`,
  sendMessage: false,
});

export const expenseBody = (marker: string, account: number) => ({
  payee: `${marker} Landlord`,
  amount: '300.00',
  account,
  mode: 'CASH',
  dateOfTransaction: '2026-03-01',
  paymentFor: `${marker} rent`,
  reference: `${marker}RENT`,
  notes: `${marker} March rent`,
});

/** A Daraja C2B body for the short code, with a BillRefNumber no rule matches. */
export const daraja = (shortCode: string, marker: string, transId: string) =>
  darajaPayment({ TransID: transId, BusinessShortCode: shortCode, FirstName: marker, MiddleName: '', LastName: `${marker}son` });

/**
 * A Transaction Status result as Daraja posts it to ResultURL (docs/integrations.md): by default 2032, the code was not
 * found; the look-up it answers is the one sent with `originatorConversationId`.
 */
export const statusResult = (originatorConversationId: string, resultCode = 2032, resultDesc = 'The transaction could not be found') => ({
  Result: {
    ResultType: 0,
    ResultCode: resultCode,
    ResultDesc: resultDesc,
    OriginatorConversationID: originatorConversationId,
    ConversationID: `AG_20260301_${originatorConversationId.length}`,
    TransactionID: 'TK00000000',
  },
});

/** A request as `app.inject` takes it, without the token. */
export type Request = Pick<InjectOptions, 'method' | 'url' | 'payload' | 'headers'>;

const json = (method: 'POST' | 'PUT', url: string, payload: object): Request => ({ method, url: `/api/v2/${url}`, payload });
const get = (url: string): Request => ({ method: 'GET', url: `/api/v2/${url}` });
const csvUpload = (field: string, csv: string, fields: Record<string, string> = {}) => {
  const form = multipartForm(fields, { field, name: 'contacts.csv', type: 'text/csv', content: csv });
  return { payload: form.payload, headers: form.headers };
};
const period = 'startdate=2026-01-01&enddate=2026-12-31';

/**
 * A valid request of every authenticated route, aimed at the partner's own records (ids in the path, the
 * body and the query): sent with the partner's token it succeeds (or is refused only for what it asks,
 * e.g. a second cancel). Keyed 'METHOD /api/v2/route/:param', as Fastify registers the route.
 */
export const TENANT_REQUESTS: Record<string, (r: PartnerRecords) => Request> = {
  'GET /api/v2/partner-home': () => get('partner-home'),
  'GET /api/v2/etracker-home': () => get('etracker-home'),
  'GET /api/v2/meeting_types': () => get('meeting_types?page=1&pagesize=15&action=display'),
  'POST /api/v2/meeting_types': (r) => json('POST', 'meeting_types', { name: `${r.marker} Vigil ${Math.random()}`, description: `${r.marker} night` }),
  'GET /api/v2/meeting_types/:id': (r) => get(`meeting_types/${r.meetingType}`),
  'PUT /api/v2/meeting_types/:id': (r) => json('PUT', `meeting_types/${r.meetingType}`, { name: `${r.marker} Sunday Service`, description: `${r.marker} changed` }),
  'GET /api/v2/meetings': () => get('meetings'),
  'POST /api/v2/meetings': (r) => json('POST', 'meetings', meetingBody(r.marker, r.meetingType)),
  'GET /api/v2/meetings/:id': (r) => get(`meetings/${r.meeting}`),
  'PUT /api/v2/meetings/:id': (r) => json('PUT', `meetings/${r.meeting}`, meetingBody(r.marker, r.meetingType)),
  'GET /api/v2/meetings/attendance': () => get('meetings/attendance?enddate=2026-03-31'),
  'GET /api/v2/member': () => get('member?page=1&pagesize=15'),
  'POST /api/v2/member': (r) => json('POST', 'member', { firstName: r.marker, lastName: 'New', gender: 'M', mobile: '+254799000111', residence: 'Town' }),
  'GET /api/v2/member/:id': (r) => get(`member/${r.contact}`),
  'GET /api/v2/member/:id/giving': (r) => get(`member/${r.contact}/giving`),
  'GET /api/v2/member/:id/payments': (r) => get(`member/${r.contact}/payments`),
  'GET /api/v2/member/:id/groups': (r) => get(`member/${r.contact}/groups`),
  'GET /api/v2/member/:id/messages': (r) => get(`member/${r.contact}/messages`),
  'GET /api/v2/member/:id/meetings': (r) => get(`member/${r.contact}/meetings`),
  'GET /api/v2/meetings/:id/attendees': (r) => get(`meetings/${r.meeting}/attendees`),
  'PUT /api/v2/meetings/:id/attendees': (r) => json('PUT', `meetings/${r.meeting}/attendees`, { memberIds: [r.contact], visitors: 2 }),
  'GET /api/v2/groups/:id/absentees': (r) => get(`groups/${r.group}/absentees?meetings=3`),
  'PUT /api/v2/member/:id': (r) =>
    json('PUT', `member/${r.contact}`, { firstName: r.marker, lastName: `${r.marker}son`, gender: 'F', mobile: r.contactPhone, residence: 'Moved', email: '' }),
  'POST /api/v2/member/import/preview': (r) => ({
    method: 'POST',
    url: '/api/v2/member/import/preview',
    ...csvUpload('file', `firstName,lastName,gender,mobile,residence\nImported,Person,F,${r.contactPhone},Town\n`),
  }),
  'POST /api/v2/member/import': (r) => ({
    method: 'POST',
    url: '/api/v2/member/import',
    ...csvUpload('file', `firstName,lastName,gender,mobile,residence\n${r.marker},Imported,F,+254799000222,Town\n`),
  }),
  'GET /api/v2/member/export': () => get('member/export'),
  'GET /api/v2/member/imports': () => get('member/imports'),
  'POST /api/v2/member/imports/:id/undo': (r) => ({ method: 'POST', url: `/api/v2/member/imports/${r.importBatch}/undo` }),
  'GET /api/v2/member/import/presets': () => get('member/import/presets'),
  'POST /api/v2/member/import/presets': (r) =>
    json('POST', 'member/import/presets', { name: `${r.marker} sheet ${Math.random()}`, mapping: { Simu: 'mobile', Maoni: null } }),
  'DELETE /api/v2/member/import/presets/:id': (r) => ({ method: 'DELETE', url: `/api/v2/member/import/presets/${r.importPreset}` }),
  'GET /api/v2/group_types': () => get('group_types'),
  'POST /api/v2/group_types': (r) => json('POST', 'group_types', { name: `${r.marker} Type ${Math.random()}`, description: 'New type' }),
  'GET /api/v2/group_types/:id': (r) => get(`group_types/${r.groupType}`),
  'PUT /api/v2/group_types/:id': (r) => json('PUT', `group_types/${r.groupType}`, { name: `${r.marker} Fellowship`, description: 'Changed' }),
  'GET /api/v2/groups': () => get('groups'),
  'POST /api/v2/groups': (r) => json('POST', 'groups', { groupType: r.groupType, name: `${r.marker} Youth`, description: 'Youth', brandName: r.marker }),
  'GET /api/v2/groups/:id': (r) => get(`groups/${r.group}`),
  'PUT /api/v2/groups/:id': (r) => json('PUT', `groups/${r.group}`, { groupType: r.groupType, name: `${r.marker} Choir`, description: 'Changed', brandName: r.marker }),
  'GET /api/v2/households': () => get('households'),
  'GET /api/v2/households/:id': (r) => get(`households/${r.household}`),
  'POST /api/v2/households': (r) => json('POST', 'households', { name: `${r.marker} Home`, members: [] }),
  'PUT /api/v2/households/:id': (r) => json('PUT', `households/${r.household}`, { name: `${r.marker} Family`, members: [{ memberId: r.contact, role: 'head' }] }),
  'DELETE /api/v2/households/:id': (r) => ({ method: 'DELETE', url: `/api/v2/households/${r.household}` }),
  'GET /api/v2/households/:id/activity': (r) => get(`households/${r.household}/activity`),
  'GET /api/v2/groupmembers/:groupId': (r) => get(`groupmembers/${r.group}`),
  'POST /api/v2/groupmembers': (r) => json('POST', 'groupmembers', { group: r.group, selectedRecords: String(r.contact) }),
  'GET /api/v2/messageconfig': () => get('messageconfig'),
  'POST /api/v2/messageconfig': (r) => json('POST', 'messageconfig', { config: `${r.marker} key ${Math.random()}`, value: 'value' }),
  'GET /api/v2/messageconfig/:id': (r) => get(`messageconfig/${r.config}`),
  'PUT /api/v2/messageconfig/:id': (r) => json('PUT', `messageconfig/${r.config}`, { config: `${r.marker} sender`, value: 'changed' }),
  'POST /api/v2/notifymany': (r) =>
    json('POST', 'notifymany', { recipient_type: 'Group', group: r.group, textmessage: `${r.marker} hello`, type: 'SMS', category: 'WEBSMS' }),
  'POST /api/v2/notifymany/quote': (r) => json('POST', 'notifymany/quote', { recipient_type: 'Group', group: r.group, textmessage: `${r.marker} hello` }),
  'POST /api/v2/notifyuploaded': (r) => ({
    method: 'POST',
    url: '/api/v2/notifyuploaded',
    ...csvUpload('message_file', `phone\n${r.contactPhone}\n`, { message: `${r.marker} upload`, type: 'SMS', category: 'WEBSMS' }),
  }),
  'POST /api/v2/notifyuploaded/quote': (r) => ({
    method: 'POST',
    url: '/api/v2/notifyuploaded/quote',
    // A text without the marker: the quote's sample (issue 28.5) names the contact with the number, the partner's own only.
    ...csvUpload('message_file', `phone\n${r.contactPhone}\n`, { message: 'Dear {firstName}, see you on Sunday' }),
  }),
  'POST /api/v2/notification/sends/:id/cancel': (r) => ({ method: 'POST', url: `/api/v2/notification/sends/${r.send}/cancel` }),
  'GET /api/v2/notification': () => get('notification'),
  'GET /api/v2/notification/2': () => get('notification/2'),
  'PUT /api/v2/notification/:id': (r) => json('PUT', `notification/${r.failedMessage}`, { id: r.failedMessage }),
  'GET /api/v2/uploadedfiles': () => get('uploadedfiles'),
  'GET /api/v2/uploadedfiles/:id/download': (r) => get(`uploadedfiles/${r.uploadedFile}/download`),
  'GET /api/v2/smsunits': () => get('smsunits'),
  'GET /api/v2/smsgateway': () => get('smsgateway'),
  'GET /api/v2/smsoptouts': () => get('smsoptouts'),
  'POST /api/v2/smsoptouts': () => json('POST', 'smsoptouts', { phone: '+254744000999' }),
  'DELETE /api/v2/smsoptouts/:id': (r) => ({ method: 'DELETE', url: `/api/v2/smsoptouts/${r.optOut}` }),
  'GET /api/v2/account': () => get('account?type=CR'),
  'POST /api/v2/account': (r) => json('POST', 'account', { accountName: `${r.marker} Sub ${Math.random()}`, accountType: 'CR', parentId: r.incomeAccount }),
  'GET /api/v2/account/:id': (r) => get(`account/${r.expenseAccount}`),
  'PUT /api/v2/account/:id': (r) => json('PUT', `account/${r.expenseAccount}`, { accountName: `${r.marker} Rent`, accountType: 'DR', parentId: 0 }),
  'GET /api/v2/income': () => get('income'),
  'POST /api/v2/income': (r) => json('POST', 'income', incomeBody(r.marker, r.incomeAccount, r.payerPhone)),
  'GET /api/v2/income/:id': (r) => get(`income/${r.incomeRecord}`),
  // A free-text edit (what it was for): edited in place. A money change is a correction (activity-coverage.test.ts).
  'PUT /api/v2/income/:id': (r) =>
    json('PUT', `income/${r.incomeRecord}`, { ...incomeBody(r.marker, r.incomeAccount, r.payerPhone), paymentFor: `${r.marker} tithe, March` }),
  'GET /api/v2/income/:id/contactsuggestions': (r) => get(`income/${r.incomeRecord}/contactsuggestions`),
  // A typed-in income: answered 400 (only an M-Pesa income is linked here), after its id and the contact's are checked.
  'PUT /api/v2/income/:id/contact': (r) => json('PUT', `income/${r.incomeRecord}/contact`, { memberId: r.contact }),
  'GET /api/v2/expense': () => get('expense'),
  'POST /api/v2/expense': (r) => json('POST', 'expense', expenseBody(r.marker, r.expenseAccount)),
  'GET /api/v2/expense/:id': (r) => get(`expense/${r.expense}`),
  'PUT /api/v2/expense/:id': (r) => json('PUT', `expense/${r.expense}`, { ...expenseBody(r.marker, r.expenseAccount), notes: `${r.marker} March rent, paid late` }),
  'GET /api/v2/onlinetrans': () => get('onlinetrans'),
  'GET /api/v2/onlinetrans/0': () => get('onlinetrans/0'),
  'POST /api/v2/allocateaccounts': (r) => json('POST', 'allocateaccounts', { account: r.incomeAccount, selectedRecords: String(r.payment) }),
  'GET /api/v2/mpesarules': () => get('mpesarules'),
  'POST /api/v2/mpesarules': (r) => json('POST', 'mpesarules', { billRef: `${r.marker}B${Math.floor(Math.random() * 1e6)}`, account: r.incomeAccount }),
  'GET /api/v2/mpesarules/:id': (r) => get(`mpesarules/${r.rule}`),
  'PUT /api/v2/mpesarules/:id': (r) => json('PUT', `mpesarules/${r.rule}`, { billRef: `${r.marker}TITHE`, account: r.incomeAccount }),
  'DELETE /api/v2/mpesarules/:id': (r) => ({ method: 'DELETE', url: `/api/v2/mpesarules/${r.rule}` }),
  'GET /api/v2/statements/account': (r) => get(`statements/account?account=${r.incomeAccount}&${period}`),
  'GET /api/v2/statements/account.csv': (r) => get(`statements/account.csv?account=${r.incomeAccount}&${period}`),
  'GET /api/v2/statements/account.xlsx': (r) => get(`statements/account.xlsx?account=${r.incomeAccount}&${period}`),
  'GET /api/v2/statements/giving': (r) => get(`statements/giving?phone=${encodeURIComponent(r.payerPhone)}&${period}`),
  'POST /api/v2/statements/giving/send': (r) => json('POST', 'statements/giving/send', { phone: r.payerPhone, startdate: '2026-01-01', enddate: '2026-12-31' }),
  'POST /api/v2/statements/giving/send/quote': (r) =>
    json('POST', 'statements/giving/send/quote', { phone: r.payerPhone, startdate: '2026-01-01', enddate: '2026-12-31' }),
  'GET /api/v2/budgets': (r) => get(`budgets?year=${r.budgetYear}`),
  'PUT /api/v2/budgets/:year': (r) => json('PUT', `budgets/${r.budgetYear}`, { lines: [{ account: r.incomeAccount, months: Array(12).fill('200.00') }] }),
  // Staff (issue 25): aimed at the partner's invited secretary, never at the caller; no owner nor treasurer granted.
  'GET /api/v2/staff': () => get('staff?page=1&pagesize=15'),
  'POST /api/v2/staff': (r) =>
    json('POST', 'staff', { name: `${r.marker} Usher`, phone: `+2547560${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`, email: '', roles: ['viewer'] }),
  'PUT /api/v2/staff/:id': (r) => json('PUT', `staff/${r.staffMember}`, { roles: ['secretary'] }),
  'POST /api/v2/staff/:id/invitation': (r) => ({ method: 'POST', url: `/api/v2/staff/${r.staffMember}/invitation` }),
  'DELETE /api/v2/staff/:id/two-step': (r) => ({ method: 'DELETE', url: `/api/v2/staff/${r.staffMember}/two-step` }),
  // The partner's two-step rule, set to what it is (off): an owner's call changes nothing.
  'GET /api/v2/security': () => get('security'),
  'PUT /api/v2/security': () => json('PUT', 'security', { requireTwoStep: false }),
  // The signed-in user's own account: a wrong current password, so even a request that got through changes nothing.
  'POST /api/v2/password': () => json('POST', 'password', { current_password: 'not the password', new_password: 'a long new passphrase' }),
  'POST /api/v2/logout-all': () => ({ method: 'POST', url: '/api/v2/logout-all' }),
  'POST /api/v2/logout': () => ({ method: 'POST', url: '/api/v2/logout' }),
  'GET /api/v2/me': () => get('me'),
  'GET /api/v2/me/sessions': () => get('me/sessions'),
  // A sign-in nobody has: 404, whoever asks.
  'DELETE /api/v2/me/sessions/:id': () => ({ method: 'DELETE', url: '/api/v2/me/sessions/00000000-0000-4000-8000-000000000000' }),
  // Two-step: a new secret waits for its first code; a wrong code neither turns it on nor off.
  'POST /api/v2/me/two-step': () => ({ method: 'POST', url: '/api/v2/me/two-step' }),
  'POST /api/v2/me/two-step/confirm': () => json('POST', 'me/two-step/confirm', { code: '000000' }),
  'DELETE /api/v2/me/two-step': () => ({ method: 'DELETE', url: '/api/v2/me/two-step', payload: { code: '000000' } }),

  // Issue 26. The ledger: a reversal (with its reason), the months, the correction SMS setting.
  'POST /api/v2/income/:id/reverse': (r) => json('POST', `income/${r.reversibleIncome}/reverse`, { reason: `${r.marker} entered twice` }),
  'POST /api/v2/expense/:id/reverse': (r) => json('POST', `expense/${r.reversibleExpense}/reverse`, { reason: `${r.marker} entered twice` }),
  'GET /api/v2/periods': () => get('periods'),
  'POST /api/v2/periods/:month/close': () => ({ method: 'POST', url: `/api/v2/periods/${CLOSABLE_MONTH}/close` }),
  'POST /api/v2/periods/:month/reopen': (r) => json('POST', `periods/${CLOSABLE_MONTH}/reopen`, { reason: `${r.marker} late receipts` }),
  'GET /api/v2/ledger-settings': () => get('ledger-settings'),
  'PUT /api/v2/ledger-settings': () => json('PUT', 'ledger-settings', { correctionSms: false }),
  // Contacts: archived and restored (the contact every route uses comes back), the second one erased.
  'POST /api/v2/member/:id/archive': (r) => json('POST', `member/${r.contact}/archive`, {}),
  'POST /api/v2/member/:id/restore': (r) => json('POST', `member/${r.contact}/restore`, {}),
  'POST /api/v2/member/:id/erase': (r) => json('POST', `member/${r.erasableContact}/erase`, { reason: 'Asked in writing' }),
  // The activity log and each record's own history.
  'GET /api/v2/activity': () => get('activity?page=1&pagesize=100'),
  'GET /api/v2/activity.csv': () => get('activity.csv?startdate=2026-01-01&enddate=2099-12-31'),
  'GET /api/v2/member/:id/activity': (r) => get(`member/${r.contact}/activity?page=1&pagesize=15`),
  'GET /api/v2/account/:id/activity': (r) => get(`account/${r.incomeAccount}/activity`),
  'GET /api/v2/income/:id/activity': (r) => get(`income/${r.incomeRecord}/activity`),
  'GET /api/v2/expense/:id/activity': (r) => get(`expense/${r.expense}/activity`),
  'GET /api/v2/meeting_types/:id/activity': (r) => get(`meeting_types/${r.meetingType}/activity`),
  'GET /api/v2/meetings/:id/activity': (r) => get(`meetings/${r.meeting}/activity`),
  'GET /api/v2/group_types/:id/activity': (r) => get(`group_types/${r.groupType}/activity`),
  'GET /api/v2/groups/:id/activity': (r) => get(`groups/${r.group}/activity`),
  'GET /api/v2/messageconfig/:id/activity': (r) => get(`messageconfig/${r.config}/activity`),

  // Issue 29. 'Request payment': a prompt to the contact's own number for the income account (the development
  // simulator answers: no Daraja credentials), and the partner's prompts.
  'POST /api/v2/mpesa/express': (r) => json('POST', 'mpesa/express', { fund: r.incomeAccount, amount: '100', phone: '', memberId: r.contact }),
  'GET /api/v2/mpesa/express': () => get('mpesa/express?page=1&pagesize=15'),
  'GET /api/v2/mpesa/express/:checkoutRequestId': (r) => get(`mpesa/express/${r.checkoutRequestId}`),
  // A reported M-Pesa code the partner has in its list already: found at once, Safaricom is not asked.
  'POST /api/v2/mpesa/lookups': (r) => json('POST', 'mpesa/lookups', { transId: r.paymentTransId }),
  'GET /api/v2/mpesa/lookups': () => get('mpesa/lookups?page=1&pagesize=15'),
  // Settings → M-Pesa: the giving page's smallest amount (no credentials: prompts keep going to the simulator).
  'GET /api/v2/mpesa/setup': () => get('mpesa/setup'),
  'PUT /api/v2/mpesa/setup': (r) => json('PUT', 'mpesa/setup', { givingCode: r.givingCode, minAmount: '20' }),
  // Without credentials a test says so (200, ok false); a registration is refused (409: no PUBLIC_URL, no credentials).
  'POST /api/v2/mpesa/setup/test': () => ({ method: 'POST', url: '/api/v2/mpesa/setup/test' }),
  'POST /api/v2/mpesa/setup/register': () => ({ method: 'POST', url: '/api/v2/mpesa/setup/register' }),
  'GET /api/v2/mpesa/callbacks': () => get('mpesa/callbacks?page=1&pagesize=15'),
  // The held result: processed again, still held while no look-up waits for it.
  'POST /api/v2/mpesa/callbacks/:id/replay': (r) => ({ method: 'POST', url: `/api/v2/mpesa/callbacks/${r.heldCallback}/replay` }),

  // Issue 30. Campaigns: a new one takes the income account in 2027 (a second such call is refused, 409: the account
  // is taken then), a change raises the records' campaign's target (a second one changes nothing).
  'GET /api/v2/campaigns': () => get('campaigns?page=1&pagesize=15&status=open'),
  'POST /api/v2/campaigns': (r) =>
    json('POST', 'campaigns', {
      ...campaignBody(r.marker, r.incomeAccount, `${r.marker}${Math.floor(Math.random() * 1e6)}`),
      name: `${r.marker} Harvest`,
      startDate: '2027-01-01',
      endDate: '2027-12-31',
    }),
  'GET /api/v2/campaigns/:id': (r) => get(`campaigns/${r.campaign}`),
  'PUT /api/v2/campaigns/:id': (r) =>
    json('PUT', `campaigns/${r.campaign}`, { ...campaignBody(r.marker, r.incomeAccount, r.campaignCode), target: '600000', status: 'open' }),
  'GET /api/v2/campaigns/:id/weeks': (r) => get(`campaigns/${r.campaign}/weeks`),
  // Pledges: the contact's raised (a second such call changes nothing), the list, one, the download, a contact's own.
  'GET /api/v2/campaigns/:id/pledges': (r) => get(`campaigns/${r.campaign}/pledges?page=1&pagesize=15&sort=name&order=asc&filter=owing`),
  'POST /api/v2/campaigns/:id/pledges': (r) => json('POST', `campaigns/${r.campaign}/pledges`, { contactId: r.contact, amount: '1500' }),
  'GET /api/v2/campaigns/:id/pledges/:contactId': (r) => get(`campaigns/${r.campaign}/pledges/${r.contact}`),
  'GET /api/v2/campaigns/:id/pledges/export': (r) => get(`campaigns/${r.campaign}/pledges/export?format=csv&sort=balance&filter=all`),
  'GET /api/v2/pledges': (r) => get(`pledges?contactId=${r.contact}`),
  // The pledges file: the contact's number, a new amount (known numbers only: no contact is added, whoever sends it).
  'POST /api/v2/campaigns/:id/pledges/import': (r) => ({
    method: 'POST',
    url: `/api/v2/campaigns/${r.campaign}/pledges/import`,
    payload: `name,phone,amount\n${r.marker},${r.contactPhone},1200\n`,
    headers: { 'content-type': 'text/csv' },
  }),
  // Reminders: the quote for everyone with a balance, the send for the group's (the contact, who owes), with their own figures.
  'POST /api/v2/campaigns/:id/reminders/quote': (r) =>
    json('POST', `campaigns/${r.campaign}/reminders/quote`, { message: 'Dear {firstName}, your balance to {campaign} is {balance}' }),
  'POST /api/v2/campaigns/:id/reminders': (r) =>
    json('POST', `campaigns/${r.campaign}/reminders`, { message: 'Dear {firstName}, your balance to {campaign} is {balance}', group: r.group }),
  // The thank-you SMS: another text than the records' (a second such call changes nothing).
  'GET /api/v2/campaigns/thanks': () => get('campaigns/thanks'),
  'PUT /api/v2/campaigns/thanks': (r) => json('PUT', 'campaigns/thanks', { enabled: true, text: `${r.marker}: thank you {firstName}, {paid} of {pledged}` }),
  'GET /api/v2/dashboard/campaigns': () => get('dashboard/campaigns'),
};

/**
 * Every row of the partner, table by table (every table with a tenant_id, the partner itself, its users and
 * their sign-ins and codes), as JSON: two snapshots are equal when nothing of the partner changed.
 */
export async function partnerSnapshot(t: TestApp, tenantId: number): Promise<Record<string, string>> {
  const { rows: tables } = await sql<{ table_name: string }>`
    select table_name from information_schema.columns
    where table_schema = current_schema() and column_name = 'tenant_id' order by table_name`.execute(t.db);
  const snapshot: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    const { rows } = await sql`select * from ${sql.table(table)} where tenant_id = ${tenantId} order by 1, 2`.execute(t.db);
    snapshot[table] = JSON.stringify(rows);
  }
  snapshot.partners = JSON.stringify(await t.db.selectFrom('partners').selectAll().where('id', '=', tenantId).execute());
  snapshot.users = JSON.stringify(await t.db.selectFrom('users').selectAll().where('partner_id', '=', tenantId).orderBy('id').execute());
  // The users' own rows, which carry no tenant_id: sign-ins, recovery codes, reset codes (issue 25).
  for (const table of ['user_sessions', 'user_recovery_codes', 'password_resets']) {
    const { rows } = await sql`
      select r.* from ${sql.table(table)} r join users u on u.id = r.user_id
      where u.partner_id = ${tenantId} order by 1, 2`.execute(t.db);
    snapshot[table] = JSON.stringify(rows);
  }
  return snapshot;
}

/** The answer's body as text, whatever its type (a CSV or XLSX download included), to look for another partner's marker. */
export const bodyText = (response: LightMyRequestResponse) => response.rawPayload.toString('latin1');
