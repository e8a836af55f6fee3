import type { FastifyRequest } from 'fastify';
import { messageSchema, type RecipientTypeName } from '@ushirika/shared/validation';
import { ContactImportError, MAX_IMPORT_FILE_BYTES, readSpreadsheet } from '../contacts/import';
import { badRequest, HttpError, UNREADABLE_FORM } from '../http/errors';
import { validBody } from '../http/route-helpers';
import { partnerCountry } from '../partners/queries';
import { fileRecipients, typedRecipients, type Recipients } from './recipients';
import type { Audience } from './sends';
import type { RecipientsFile } from './uploaded-files';

/**
 * The new-message form as the server receives it: POST /notifymany (JSON; Typed and Group) and POST
 * /notifyuploaded (multipart; Upload), and their quotes. Both are validated with the shared `messageSchema`
 * (its first message in form order) and turned into one `SendRequest`: whom to send to, and what reading
 * the recipients found. Nothing here touches the outbox.
 */

export const UNKNOWN_GROUP = 'Choose a group from the list';
export const NO_FILE = 'Choose a file of recipients';
export const RECIPIENTS_FILE_TOO_LARGE = `The file is larger than ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB. Split it into smaller files and send the message to each.`;
/** The multipart field of the message text, as the legacy client names it (spec 7). */
const MESSAGE_FIELD = 'message';
const FILE_FIELD = 'message_file';
/**
 * What the upload's multipart body may hold: one file no larger than an import may be, a few text fields,
 * each far above the longest message (so a long one meets the schema's own bound instead of being cut).
 */
export const MULTIPART_LIMITS = { fileSize: MAX_IMPORT_FILE_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 64 * 1024 };

export interface SendRequest {
  recipientType: RecipientTypeName;
  audience: Audience;
  /** The text as written. */
  text: string;
  /** The form's local send time, '' for now. */
  sendAt: string;
  /** Typed or uploaded entries that are not numbers, and repeated numbers (none for a group). */
  reading: Omit<Recipients, 'numbers'>;
  /** The Upload's file, to store with the send. */
  file?: RecipientsFile;
}

const NOTHING_TO_READ: SendRequest['reading'] = { invalid: [], invalidCount: 0, duplicates: 0 };

/** The partner's country: local numbers are read as its numbers. */
const countryOf = (request: FastifyRequest) => request.tenant.raw((db, tenantId) => partnerCountry(db, tenantId));

/** POST /notifymany and its quote: Typed recipients or a group (0 = All Contacts). */
export async function jsonSendRequest(request: FastifyRequest): Promise<SendRequest> {
  const country = await countryOf(request);
  const input = await validBody(messageSchema, request.body, { country });
  const base = { recipientType: input.recipient_type, text: input.textmessage, sendAt: input.send_at };
  switch (input.recipient_type) {
    case 'Typed': {
      const { numbers, ...reading } = await typedRecipients(input.recipients, country);
      return { ...base, audience: { kind: 'numbers', numbers }, reading };
    }
    case 'Group':
      return { ...base, audience: await groupAudience(request, input.group!, input.onePerHousehold), reading: NOTHING_TO_READ };
    default:
      // An upload comes as multipart to POST /notifyuploaded.
      throw badRequest(NO_FILE);
  }
}

/**
 * Group 0 is All Contacts; any other must be one of the partner's groups. `onePerHousehold`: each household
 * once, through its head (sends.ts `PerHousehold`); Typed and Upload sends have no such choice.
 */
async function groupAudience(request: FastifyRequest, groupId: number, onePerHousehold: boolean): Promise<Audience> {
  if (groupId === 0) return { kind: 'contacts', onePerHousehold };
  const group = await request.tenant.selectFrom('groups').select('id').where('id', '=', groupId).executeTakeFirst();
  if (!group) throw badRequest(UNKNOWN_GROUP);
  return { kind: 'group', groupId, onePerHousehold };
}

/**
 * POST /notifyuploaded and its quote: multipart fields `message`, `message_file` (CSV or XLSX), `type`,
 * `category` and `send_at`. The file is read with the contacts import's reader and limits.
 */
export async function uploadSendRequest(request: FastifyRequest): Promise<SendRequest> {
  const country = await countryOf(request);
  const { fields, file } = await readMultipartForm(request);
  const body = {
    recipient_type: 'Upload',
    recipientsfile: file?.name,
    textmessage: fields[MESSAGE_FIELD],
    send_at: fields.send_at,
    type: fields.type,
    category: fields.category,
  };
  const input = await validBody(messageSchema, body, { country });
  const { format, table } = await spreadsheetOf(file!);
  const { numbers, ...reading } = await fileRecipients(table, country);
  return {
    recipientType: 'Upload',
    text: input.textmessage,
    sendAt: input.send_at,
    audience: { kind: 'numbers', numbers },
    reading,
    file: { ...file!, format },
  };
}

async function spreadsheetOf(file: UploadedPart) {
  try {
    return await readSpreadsheet(file.bytes, file.name || file.mimeType);
  } catch (error) {
    if (error instanceof ContactImportError) throw badRequest(error.message);
    throw error;
  }
}

interface UploadedPart {
  bytes: Uint8Array;
  name: string;
  mimeType: string;
}

/** The text fields and the one file of a multipart form, within MULTIPART_LIMITS (a larger file: 413). */
async function readMultipartForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; file: UploadedPart | undefined }> {
  if (!request.isMultipart()) throw badRequest(NO_FILE);
  const fields: Record<string, string> = {};
  let file: UploadedPart | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') fields[part.fieldname] = typeof part.value === 'string' ? part.value : '';
      else if (part.fieldname === FILE_FIELD) file = { bytes: await part.toBuffer(), name: part.filename, mimeType: part.mimetype };
      else part.file.resume();
    }
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) throw new HttpError(413, RECIPIENTS_FILE_TOO_LARGE);
    if (error instanceof HttpError) throw error;
    // Anything else is the form itself: no boundary, a malformed part, a body cut short. Only reading happens here.
    throw badRequest(UNREADABLE_FORM);
  }
  return { fields, file };
}
