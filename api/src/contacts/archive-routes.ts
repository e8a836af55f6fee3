import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import { memberArchivePath, memberErasePath, memberRestorePath, memberRow, type MemberArchiveResponse, type MemberEraseResponse } from '@ushirika/shared/contract';
import { contactEraseSchema, type ContactEraseInput } from '@ushirika/shared/validation';
import { needs } from '../auth/permissions';
import { notFound } from '../http/errors';
import { bodyFrom, errorBodySchema, failures, idParams, savedOf, staleOrDuplicate, withVersion } from '../http/schema';
import { CONTACT_ARCHIVED, CONTACT_RESTORED, setArchived } from './archive';
import { CONTACT_ERASED, eraseContact } from './erasure';
import { CONTACT_NOT_FOUND } from './member-routes';

const TAG = 'Contacts';
const versionBody = withVersion(yup.object({}));

/**
 * Archive, restore and erase a contact (issue 26.5): POST /member/{id}/archive and /restore `{ version? }`
 * (contacts.write) answer the contact; POST /member/{id}/erase `{ reason }` (contacts.erase: owners) answers the
 * text only. Each writes one activity event in its transaction (archive.ts, erasure.ts).
 */
export async function contactArchiveRoutes(app: FastifyInstance) {
  const params = idParams(CONTACT_NOT_FOUND);
  const archiving = (summary: string) => ({
    tags: [TAG],
    summary,
    params,
    body: bodyFrom(versionBody),
    response: { 200: savedOf('member', memberRow), ...failures(400, 401, 403, 404), 409: staleOrDuplicate },
  });

  for (const [path, archive, saved] of [
    [memberArchivePath(':id'), true, CONTACT_ARCHIVED],
    [memberRestorePath(':id'), false, CONTACT_RESTORED],
  ] as const) {
    const summary = archive
      ? 'Archive a contact: out of the lists, group pickers and sends; their giving and memberships stay'
      : 'Restore an archived contact: back in the lists, groups and sends';
    app.post(`/${path}`, { ...needs('contacts.write'), schema: archiving(summary) }, async (request): Promise<MemberArchiveResponse> => {
      const { id } = request.params as { id: number };
      const { version } = request.body as { version?: number };
      const member = await setArchived(request.tenant, id, archive, { userId: request.userId, version });
      if (!member) throw notFound(CONTACT_NOT_FOUND);
      return { status_msg: saved, member };
    });
  }

  const erase = {
    tags: [TAG],
    summary:
      "Erase a contact's personal data on their request (owners): names, phone, email and residence replaced in the contact, the incomes they gave, their M-Pesa payments and the messages to them; their gender, date of birth, membership and marital status and external id cleared; out of their groups and household; the activity log's values about them and the imports' record of them deleted. Their money stays in the books under an anonymous label. Cannot be undone.",
    params,
    body: bodyFrom(contactEraseSchema),
    response: { 200: { ...errorBodySchema, description: 'Erased' }, ...failures(400, 401, 403, 404, 409) },
  };
  app.post(`/${memberErasePath(':id')}`, { ...needs('contacts.erase'), schema: erase }, async (request): Promise<MemberEraseResponse> => {
    const { id } = request.params as { id: number };
    const { reason } = request.body as ContactEraseInput;
    if (!(await eraseContact(request.tenant, id, reason, request.userId))) throw notFound(CONTACT_NOT_FOUND);
    return { status_msg: CONTACT_ERASED };
  });
}
