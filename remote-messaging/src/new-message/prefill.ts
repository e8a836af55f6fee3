import { MAX_MESSAGE_LENGTH, MAX_TYPED_RECIPIENTS_LENGTH } from '@ushirika/shared/validation';

/**
 * What another screen may hand New Message (CONTRACT28, e.g. a group's absentees): `navigate(NEW_MESSAGE_PATH,
 * { state: { phones, text } })` with E.164 numbers and an optional text.
 */
export interface NewMessagePrefill {
  phones: string[];
  text?: string;
}

/**
 * The form's first values: `values`, or, when the router state is a prefill, a typed send to its numbers (one a
 * line) with its text. Anything else in the state is ignored; the form's schema still checks what it holds.
 */
export function prefilledValues<V extends { recipient_type: unknown; recipients: unknown; textmessage: unknown }>(values: V, state: unknown): V {
  if (typeof state !== 'object' || state === null) return values;
  const { phones, text } = state as Partial<Record<keyof NewMessagePrefill, unknown>>;
  if (!Array.isArray(phones)) return values;
  const numbers = phones.filter((phone): phone is string => typeof phone === 'string' && phone.trim() !== '');
  if (numbers.length === 0) return values;
  return {
    ...values,
    recipient_type: 'Typed',
    recipients: numbers.join('\n').slice(0, MAX_TYPED_RECIPIENTS_LENGTH),
    textmessage: typeof text === 'string' ? text.slice(0, MAX_MESSAGE_LENGTH) : values.textmessage,
  };
}
