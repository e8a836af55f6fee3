import type { Notification } from '@ushirika/shared/contract';
import type { SmsPreviewFacts } from '@ushirika/shared/ui';

/**
 * A resend's preview (issue 28.5): its own text to its own recipient, charged again its parts (the server charges
 * `sms_segments` of the text; the preview counts them from the text, as the lazily loaded preview does: no SMS
 * counting here, so the list does not load the validation kit).
 */
export function resendPreview(message: Notification, balance: number | undefined): SmsPreviewFacts {
  return { text: message.message, recipients: 1, sample: [message.recipient], balance };
}
