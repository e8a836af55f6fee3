import type { FieldValue } from '@ushirika/shared/forms';
import { messageSchema, type MessageInput, type RecipientTypeName } from '@ushirika/shared/validation';

/**
 * The new-message form's values as the server takes them (spec 7): Typed and Group as JSON to POST
 * /notifymany, Upload as multipart to POST /notifyuploaded with the fields `message`, `message_file`,
 * `type`, `category` and `send_at`. The quote (POST …/quote) takes the same bodies.
 */

/** The form's values as its inputs hold them; `recipientsfile` holds the chosen File, or ''. */
export type NewMessageValues = Record<keyof MessageInput & string, FieldValue | File>;

/** The JSON of POST /notifymany: the schema's fields but the file; `onePerHousehold` only on a group send that asks for it. */
export type SendJson = Omit<MessageInput, 'recipientsfile' | 'onePerHousehold'> & { onePerHousehold?: true };

export type SendRequest = { kind: 'json'; body: SendJson } | { kind: 'upload'; body: FormData; file: File };

/** The send of the schema's clean output (the form's save). */
export function sendRequest(input: MessageInput): SendRequest {
  const { recipient_type, recipients, group, textmessage, send_at, type, category } = input;
  if (input.recipient_type === 'Upload') {
    const file = input.recipientsfile as File;
    const body = new FormData();
    body.append('message', textmessage);
    body.append('message_file', file, file.name);
    body.append('type', type);
    body.append('category', category);
    if (send_at) body.append('send_at', send_at);
    return { kind: 'upload', body, file };
  }
  // Only the recipients of the chosen type: a group chosen and then left for typed numbers is not sent. One
  // message per household (issue 27.6) is a group send's only, and sent only when asked (false is the default).
  const typed = recipient_type === 'Typed';
  const perHousehold = !typed && input.onePerHousehold ? { onePerHousehold: true as const } : {};
  return {
    kind: 'json',
    body: { recipient_type, recipients: typed ? recipients : '', ...(typed ? {} : { group }), ...perHousehold, textmessage, send_at, type, category },
  };
}

/** The send the form's values would make, or null while the form is not complete enough to send (no quote then). */
export function quotableRequest(values: NewMessageValues): SendRequest | null {
  try {
    return sendRequest(messageSchema.validateSync(values, { stripUnknown: true, abortEarly: true }));
  } catch {
    return null;
  }
}

/** A key that changes when the request would: its JSON, or for an upload its fields and the file's identity. */
export function requestKey(request: SendRequest | null): string {
  if (request === null) return '';
  if (request.kind === 'json') return JSON.stringify(request.body);
  const { name, size, lastModified } = request.file;
  const fields = [...request.body.entries()].filter(([, value]) => typeof value === 'string');
  return JSON.stringify({ fields, file: [name, size, lastModified] });
}

/** The recipient types in the form's order (spec 2.12) and their labels. */
export const RECIPIENT_TYPE_OPTIONS: { value: RecipientTypeName; label: string }[] = [
  { value: 'Typed', label: 'messaging.recipientType.typed' },
  { value: 'Group', label: 'messaging.recipientType.group' },
  { value: 'Upload', label: 'messaging.recipientType.upload' },
];
