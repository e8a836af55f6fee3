import type { FastifyInstance } from 'fastify';
import { contactSuggestionRow, incomeRow, incomesEndpoint, INCOME_CONTACT_LINKED, INCOME_CONTACT_UNLINKED, type ContactSuggestions } from '@ushirika/shared/contract';
import { incomeContactSchema, type IncomeContactInput } from '@ushirika/shared/validation';
import { changesBetween, recordActivity } from '../activity/record';
import { CONTACT_NOT_FOUND } from '../contacts/member-routes';
import { savingVersion } from '../db/record-versions';
import type { TenantScope } from '../db/tenant-scope';
import { badRequest, HttpError, notFound } from '../http/errors';
import { bodyFrom, failures, idParams, jsonSchemaOf, savedOf, staleOrDuplicate, withVersion } from '../http/schema';
import { partnerCountry } from '../partners/queries';
import { INCOME_NOT_FOUND, incomeQueries } from './incomes';
import { contactsFittingMask, MAX_SUGGESTIONS, readPayerNumber } from './mpesa/payer-match';
import { needs } from '../auth/permissions';

/*
 * An M-Pesa income's contact, by hand (ours; issue 31.3). An allocated payment whose payer could not be found
 * among the partner's contacts (payer-match.ts: a digest of no contact's number, a masked number that several
 * contacts fit, or none) gives an income with no phone, on nobody's giving statement. A treasurer links it to
 * a contact: the income takes the contact's phone, which puts it on the contact's giving statement; unlinking
 * gives it back the payer's number as M-Pesa sent it (none when hidden). A change of the income's record:
 * it carries the version its edit screen was read at (db/record-versions.ts), and writes its `update` event.
 */

export const INCOME_NOT_MPESA = 'Only an income allocated from an M-Pesa payment is linked to a contact here';

/** The partner's income `id` with its payment's MSISDN and first name (null when typed in); undefined when none. */
async function incomeWithPayment(scope: TenantScope, id: number) {
  return scope
    .selectFrom('incomes as i')
    .leftJoin('online_transactions as t', (join) => join.onRef('t.tenant_id', '=', 'i.tenant_id').onRef('t.id', '=', 'i.online_transaction_id'))
    .select(['i.id', 'i.online_transaction_id', 't.msisdn', 't.first_name'])
    .where('i.id', '=', id)
    .executeTakeFirst();
}

/**
 * The contacts to offer for income `id`: those its payment's masked number and first name fit (payer-match.ts;
 * one of them is linked already when only it fits); none for any other payment (the screen's contacts search).
 */
export async function contactSuggestionsFor(scope: TenantScope, id: number): Promise<ContactSuggestions> {
  const income = await incomeWithPayment(scope, id);
  if (!income) throw notFound(INCOME_NOT_FOUND);
  if (income.msisdn === null) return { suggestions: [] };
  const number = readPayerNumber(income.msisdn, await scope.raw(partnerCountry));
  if (number.kind !== 'masked') return { suggestions: [] };
  return { suggestions: await contactsFittingMask(scope, number.head, number.tail, income.first_name ?? '', MAX_SUGGESTIONS) };
}

/**
 * Links income `id` to the partner's contact `memberId` (its phone becomes theirs), or unlinks it (null), over
 * `version`. 404 for an income or a contact that is not the partner's, then 400 for an income typed in, 409
 * over a newer version (nothing changed).
 */
export async function linkIncomeContact(scope: TenantScope, id: number, memberId: number | null, change: { userId: number; version?: number }): Promise<void> {
  const income = await incomeWithPayment(scope, id);
  if (!income) throw notFound(INCOME_NOT_FOUND);
  const country = await scope.raw(partnerCountry);
  // Thrown inside the transaction: the version taken for this save is given back.
  const changed = await savingVersion(scope, 'incomes', id, change, async (trx) => {
    // Read in the save's transaction and locked: the contact cannot go, or change number, before the commit.
    // Checked first: another partner's contact is 'not found' whatever the income.
    const contact = memberId === null ? null : await trx.selectFrom('members').select(['id', 'phone']).where('id', '=', memberId).forShare().executeTakeFirst();
    if (contact === undefined) throw notFound(CONTACT_NOT_FOUND);
    if (income.online_transaction_id === null || income.msisdn === null) throw badRequest(INCOME_NOT_MPESA);
    const payerNumber = readPayerNumber(income.msisdn, country);
    const values = contact ? { member_id: contact.id, phone: contact.phone } : { member_id: null, phone: payerNumber.kind === 'number' ? payerNumber.phone : '' };
    const before = await incomeQueries.find(trx, id);
    await trx.updateTable('incomes').set(values).where('id', '=', id).execute();
    // The `update income` event: the link (MemberId, Member) and the phone it brings, old and new (issue 26).
    await recordActivity(trx, { action: 'update', entity: 'income', entityId: id, changes: changesBetween(before, await incomeQueries.find(trx, id)) });
    return true;
  });
  if (!changed) throw notFound(INCOME_NOT_FOUND);
}

/** `GET /income/{id}/contactsuggestions` and `PUT /income/{id}/contact`, behind the tenant hook. */
export async function incomeContactRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['Finance'];
  const params = idParams(INCOME_NOT_FOUND);

  app.get(
    `/${incomesEndpoint.path}/:id/contactsuggestions`,
    {
      ...needs('finance.allocate'),
      schema: {
        tags,
        summary: "The contacts an M-Pesa income's masked payer number and first name fit",
        params,
        response: {
          200: {
            description: 'The contacts to offer first; none when the payer number is not masked',
            type: 'object',
            required: ['suggestions'],
            properties: { suggestions: { type: 'array', items: jsonSchemaOf(contactSuggestionRow, 'output') } },
          },
          ...failures(401, 403, 404),
        },
      },
    },
    async (request) => contactSuggestionsFor(request.tenant, (request.params as { id: number }).id),
  );

  app.put(
    `/${incomesEndpoint.path}/:id/contact`,
    {
      ...needs('finance.allocate'),
      schema: {
        tags,
        summary: "Link an M-Pesa income to a contact (its phone becomes the contact's) or unlink it, over the version its screen was read at",
        params,
        body: { ...bodyFrom(withVersion(incomeContactSchema)), examples: [{ memberId: 42, version: 2 }] },
        response: { 200: savedOf(incomesEndpoint.singular, incomeRow), ...failures(400, 401, 403, 404), 409: staleOrDuplicate },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const { memberId, version } = request.body as IncomeContactInput & { version?: number };
      await linkIncomeContact(request.tenant, id, memberId, { userId: request.userId, version });
      const income = await incomeQueries.find(request.tenant, id);
      if (!income) throw new HttpError(500, 'The saved income could not be read back');
      // Ids only: which contact paid is personal.
      request.log.info({ income: id, linked: memberId !== null }, 'M-Pesa income contact changed');
      return { status_msg: memberId === null ? INCOME_CONTACT_UNLINKED : INCOME_CONTACT_LINKED, [incomesEndpoint.singular]: income };
    },
  );
}
