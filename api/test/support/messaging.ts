import type { LightMyRequestResponse } from 'fastify';
import type { GroupSaveResponse, GroupTypeSaveResponse, MemberSaveResponse, Notification, SendQuote, SendResult, SmsUnitsBalance } from '@ushirika/shared/contract';
import type { NotificationState as DbState } from '../../src/db/schema';
import { topUpUnits, unitsHistory } from '../../src/messaging/units';
import type { Tenant, TestApp } from './app';

/** A multipart/form-data body as a browser's FormData sends it: text fields, then at most one file. */
export function multipartForm(fields: Record<string, string>, file?: { field?: string; name: string; type: string; content: Buffer | string }) {
  const boundary = `----ushirika-test-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'message_file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The messaging calls of the new-message form and the lists, for one test app. */
export function messagingClient(t: TestApp) {
  const expectStatus = (response: LightMyRequestResponse, status: number) => {
    expect({ status: response.statusCode, body: response.json<unknown>() }).toMatchObject({ status });
    return response;
  };
  const client = {
    post: (tenant: Tenant, url: string, payload?: object) => t.as(tenant, { method: 'POST', url: `/api/v2/${url}`, ...(payload ? { payload } : {}) }),
    get: async <T>(tenant: Tenant, url: string): Promise<T> => expectStatus(await t.as(tenant, { method: 'GET', url: `/api/v2/${url}` }), 200).json<T>(),

    /** POST /notifymany with the form's fixed fields. */
    notifyMany: (tenant: Tenant, body: object) => client.post(tenant, 'notifymany', { type: 'SMS', category: 'WEBSMS', ...body }),
    /** A send that must succeed: its `send`. */
    sent: async (tenant: Tenant, body: object): Promise<SendResult['send']> => expectStatus(await client.notifyMany(tenant, body), 201).json<SendResult>().send,
    quote: async (tenant: Tenant, body: object): Promise<SendQuote> =>
      expectStatus(await client.post(tenant, 'notifymany/quote', { type: 'SMS', category: 'WEBSMS', ...body }), 200).json<SendQuote>(),
    typed: (recipients: string, textmessage = 'Service at 10am', extra: object = {}) => ({ recipient_type: 'Typed', recipients, textmessage, ...extra }),

    /** POST /notifyuploaded (or its quote) with a file and the form's fields. */
    notifyUploaded: (tenant: Tenant, file: { name: string; type: string; content: Buffer | string }, fields: Record<string, string> = {}, quote = false) => {
      const form = multipartForm({ message: 'Harvest on Sunday', type: 'SMS', category: 'WEBSMS', ...fields }, file);
      return t.as(tenant, { method: 'POST', url: `/api/v2/notifyuploaded${quote ? '/quote' : ''}`, payload: form.payload, headers: form.headers });
    },

    messages: async (tenant: Tenant, query = '') => client.get<{ notifications: Notification[]; total: number }>(tenant, `notification?pagesize=100${query}`),
    balance: async (tenant: Tenant) => (await client.get<SmsUnitsBalance>(tenant, 'smsunits')).balance,
    ledger: (tenant: Tenant) => unitsHistory(t.db, tenant.id, 100),
    topUp: (tenant: Tenant, units: number) => topUpUnits(t.db, tenant.id, units, 'test'),
    /** A new partner with `units` SMS units. */
    tenantWith: async (units: number): Promise<Tenant> => {
      const tenant = await t.newTenant('Messaging');
      if (units > 0) await client.topUp(tenant, units);
      return tenant;
    },

    /** A contact of the tenant; its id. */
    contact: async (tenant: Tenant, firstName: string, lastName: string, mobile: string) =>
      expectStatus(await client.post(tenant, 'member', { firstName, lastName, gender: 'F', mobile, residence: 'Rongai' }), 201).json<MemberSaveResponse>().member.id,
    /** A group of the tenant holding these contacts; its id. */
    group: async (tenant: Tenant, memberIds: number[]) => {
      const type = expectStatus(
        await client.post(tenant, 'group_types', { name: `Type ${Math.random()}`, description: 'Fellowships' }),
        201,
      ).json<GroupTypeSaveResponse>();
      const group = expectStatus(
        await client.post(tenant, 'groups', { groupType: type.group_type.id, name: `Group ${Math.random()}`, description: 'Choir', brandName: 'Grace' }),
        201,
      ).json<GroupSaveResponse>().group;
      expectStatus(await client.post(tenant, 'groupmembers', { group: group.id, selectedRecords: memberIds.join(',') }), 200);
      return group.id;
    },

    /** What the worker would do: sets the state of a send's messages (or of some messages) directly. */
    setState: async (tenant: Tenant, where: { sendId: number } | { ids: number[] }, state: DbState) => {
      let query = t.db.updateTable('notifications').set({ state }).where('tenant_id', '=', tenant.id);
      query = 'sendId' in where ? query.where('send_id', '=', where.sendId) : query.where('id', 'in', where.ids);
      await query.execute();
    },
  };
  return client;
}
