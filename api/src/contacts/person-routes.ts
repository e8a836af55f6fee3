import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  incomeRow,
  meetingRow,
  notificationRow,
  onlineTransactionRow,
  personGroups,
  type PersonGiving,
  type PersonGroups,
  type PersonMeetings,
  type PersonMessages,
  type PersonPayments,
} from '@ushirika/shared/contract';
import { needs } from '../auth/permissions';
import { notFound } from '../http/errors';
import { listAnswer, type ListParams } from '../http/list-query';
import { failures, idParams, jsonSchemaOf, listOf, listQuerySchema, type JsonSchema } from '../http/schema';
import { CONTACT_NOT_FOUND } from './member-routes';
import * as q from './person-queries';

const TAG = 'Contacts';

/** A list of one contact's records: the contact's id first (a malformed one answers 404 before a bad list query 400). */
const listSchema = (summary: string, answer: JsonSchema) => ({
  tags: [TAG],
  summary,
  params: idParams(CONTACT_NOT_FOUND),
  querystring: listQuerySchema,
  response: { 200: answer, ...failures(400, 401, 403, 404) },
});

const money = (description: string): JsonSchema => ({ type: 'string', pattern: '^-?\\d+\\.\\d{2}$', description });

/** The incomes list with the year totals beside it (always sent; not `required`, so the list stays a standard one). */
const givingAnswer: JsonSchema = (() => {
  const list = listOf('incomes', incomeRow);
  return {
    ...list,
    description: "One page of the contact's linked incomes, their number, and the exact totals of this calendar year and last",
    properties: {
      ...(list.properties as object),
      thisYear: money('What the contact\'s linked incomes dated this calendar year (the partner\'s time zone) add to, reversals netted out, e.g. "12500.00"'),
      lastYear: money('The same for last calendar year'),
    },
  };
})();

/** The contact's id from the path, once the partner is known to have the contact (else 404, as GET /member/{id}). */
async function contactId(request: FastifyRequest): Promise<number> {
  const { id } = request.params as { id: number };
  if (!(await q.contactBelongsTo(request.tenant, id))) throw notFound(CONTACT_NOT_FOUND);
  return id;
}

/**
 * The person's page (issue 28.1, contract people.ts): GET /member/{id}/giving, /payments, /groups, /messages and
 * /meetings, each under the permission of the area it reads (giving and payments: finance.record, as the income
 * and M-Pesa lists). Reads only: no activity event. The lists take the list query's page and pagesize; its search
 * and dates are not applied here (a person's records are few: the page pages through them all).
 */
export async function personRoutes(app: FastifyInstance) {
  const giving = listSchema("A contact's giving: the incomes linked to them (latest date first), with this year's and last year's totals", givingAnswer);
  app.get('/member/:id/giving', { ...needs('finance.record'), schema: giving }, async (request): Promise<PersonGiving> => {
    const id = await contactId(request);
    const params = request.query as ListParams;
    const [page, totals] = await Promise.all([q.listPersonIncomes(request.tenant, id, params), q.personYearTotals(request.tenant, id)]);
    return { ...listAnswer('incomes', page), ...totals };
  });

  const payments = listSchema("A contact's M-Pesa payments: those allocated to an income linked to them, latest first", listOf('transactions', onlineTransactionRow));
  app.get('/member/:id/payments', { ...needs('finance.record'), schema: payments }, async (request): Promise<PersonPayments> => {
    const id = await contactId(request);
    return listAnswer('transactions', await q.listPersonPayments(request.tenant, id, request.query as ListParams));
  });

  const groups = {
    tags: [TAG],
    summary: "Every group a contact belongs to, with its type's name and when they joined (latest first)",
    params: idParams(CONTACT_NOT_FOUND),
    response: { 200: jsonSchemaOf(personGroups, 'output'), ...failures(401, 403, 404) },
  };
  app.get('/member/:id/groups', { ...needs('groups.read'), schema: groups }, async (request): Promise<PersonGroups> => {
    const id = await contactId(request);
    return { groups: await q.listPersonGroups(request.tenant, id) };
  });

  const messages = listSchema('The SMS sent to a contact, with their state (newest first)', listOf('notifications', notificationRow));
  app.get('/member/:id/messages', { ...needs('messaging.read'), schema: messages }, async (request): Promise<PersonMessages> => {
    const id = await contactId(request);
    return listAnswer('notifications', await q.listPersonMessages(request.tenant, id, request.query as ListParams));
  });

  const meetings = listSchema('The meetings a contact was ticked present at (latest first)', listOf('meetings', meetingRow));
  app.get('/member/:id/meetings', { ...needs('meetings.read'), schema: meetings }, async (request): Promise<PersonMeetings> => {
    const id = await contactId(request);
    return listAnswer('meetings', await q.listPersonMeetings(request.tenant, id, request.query as ListParams));
  });
}
