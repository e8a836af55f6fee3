import * as yup from 'yup';
import { isIsoDate } from '@ushirika/shared/contract';
import { booleanInput, dateOutOfRange, isDateInRange, MAX_ID, numberInput, option, phone, text, TEXT_LIMITS, textInput } from './rules';

/** Message config form, POST /messageconfig and PUT /messageconfig/{id} (spec 5, "Message config"). */
export const messageConfigSchema = yup.object({
  config: text('Config name is required', { label: 'Config name', max: TEXT_LIMITS.name }),
  value: text('Config Value is required', { label: 'Value', max: TEXT_LIMITS.paragraph }, { length: 2, message: 'Value must be at least 2 characters' }),
});

export type MessageConfigInput = yup.InferType<typeof messageConfigSchema>;

/** Recipient types of the new-message form (spec 2.12, 9). */
export const RECIPIENT_TYPES = ['Typed', 'Group', 'Upload'] as const;
export type RecipientTypeName = (typeof RECIPIENT_TYPES)[number];
/** Message type and category are fixed (spec 9). */
export const MESSAGE_TYPE = 'SMS';
export const MESSAGE_CATEGORY = 'WEBSMS';
/** Bounds (ours): about six SMS parts of text, and a recipients box of some thousands of numbers. */
export const MAX_MESSAGE_LENGTH = 1000;
export const MAX_TYPED_RECIPIENTS_LENGTH = 100_000;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/;
const SEND_TIME_INVALID = 'Send time must be a date and time in the format YYYY-MM-DDTHH:mm';

/** A field the chosen recipient type needs (the spec's rules check none: docs/spec-deviations.md). */
const neededFor =
  (type: RecipientTypeName) =>
  (value: unknown, context: { parent?: { recipient_type?: string } }): boolean =>
    context.parent?.recipient_type !== type || (value !== undefined && value !== null && value !== '');

const fixed = (value: string, label: string) =>
  textInput(label)
    .default(value)
    .max(value.length, `Only ${value} is supported`)
    .test('fixed', `Only ${value} is supported`, (given) => given === undefined || given === '' || given === value)
    .transform((given: unknown) => (given === '' || given === null ? value : given));

/**
 * New message form, POST /notifymany (Typed, Group) and the fields of POST /notifyuploaded (spec 5, "Message").
 * `group` 0 is All Contacts. `send_at` (ours) schedules the send: a local date and time in the partner's
 * time zone, 'YYYY-MM-DDTHH:mm'; empty sends at once.
 */
export const messageSchema = yup.object({
  recipient_type: option(RECIPIENT_TYPES, 'Recipient Type is required', 'Recipient Type is required', 'Recipient Type'),
  recipients: textInput('Recipients')
    .transform((value: unknown) => (value === null ? '' : value))
    .default('')
    .max(MAX_TYPED_RECIPIENTS_LENGTH, 'Too many recipients for one message: upload them as a file instead')
    .test('typed', 'Type at least one recipient', neededFor('Typed')),
  group: numberInput('Choose a group')
    .transform((value: unknown) => (value === null ? undefined : value))
    .integer('Choose a group')
    .min(0, 'Choose a group')
    .max(MAX_ID, 'Choose a group')
    .test('group', 'Choose a group', neededFor('Group'))
    .meta({ jsonSchema: { description: 'The group to send to: its id, or 0 for All Contacts' } }),
  // Ours (issue 27.6): a group send reaches each household once, through its head. Typed and Upload ignore it.
  onePerHousehold: booleanInput('One message per household must be true or false')
    .transform((value: unknown) => (value === null || value === '' ? undefined : value))
    .default(false)
    .meta({
      jsonSchema: {
        description:
          "Group sends only: a member of the group (or of All Contacts) who is in a household is reached through the household's head, once per household; false by default",
      },
    }),
  recipientsfile: yup
    .mixed()
    .test('file', 'Choose a file of recipients', neededFor('Upload'))
    .meta({ jsonSchema: { description: 'The form only; not sent' } }),
  textmessage: text('Message is required', { label: 'Message', max: MAX_MESSAGE_LENGTH }, { length: 2, message: 'Message must be at least 2 characters' }),
  send_at: textInput('Send time')
    .transform((value: unknown) => (value === null ? '' : value))
    .default('')
    .max(16, SEND_TIME_INVALID)
    .matches(LOCAL_DATE_TIME, { message: SEND_TIME_INVALID, excludeEmptyString: true })
    .test('send-day', SEND_TIME_INVALID, (value) => !value || !LOCAL_DATE_TIME.test(value) || isIsoDate(value.slice(0, 10)))
    .test('send-range', dateOutOfRange('Send time'), (value) => !value || !isIsoDate(value.slice(0, 10)) || isDateInRange(value.slice(0, 10))),
  type: fixed(MESSAGE_TYPE, 'Type'),
  category: fixed(MESSAGE_CATEGORY, 'Category'),
});
export type MessageInput = yup.InferType<typeof messageSchema>;

/** Opted-out numbers (ours), POST /smsoptouts: one mobile number, read and normalised like a contact's. */
export const optOutSchema = yup.object({
  phone: phone('Phone is required', 'Phone must be a valid phone number, e.g. 0712 345 678 or +254 712 345 678', 'Phone'),
});
export type OptOutInput = yup.InferType<typeof optOutSchema>;
