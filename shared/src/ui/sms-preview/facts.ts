import type { SmsEncoding } from '@ushirika/shared/validation';

/** How many recipients a preview names before 'and N more'. */
export const SMS_PREVIEW_SAMPLE = 3;

/** What a send will do, as the preview shows it before anything is queued (issue 28.5). */
export interface SmsPreviewFacts {
  /** The text as one recipient gets it: for a personalised send, the first recipient's. */
  text: string;
  /** True when each recipient gets their own text (placeholders filled per contact). */
  personalised?: boolean;
  /** Everyone the send reaches, opted-out numbers included. */
  recipients: number;
  /** The first few recipients as they should be named: 'Jane Wanjiru (+254712345678)' or the number. */
  sample: readonly string[];
  /** Recipients skipped (not charged) because their number opted out. */
  optedOut?: number;
  /** Parts per message, and its encoding: counted from `text` when not given. */
  segments?: number;
  encoding?: SmsEncoding;
  /** What the send charges: when not given, each recipient not opted out charged the text's parts. */
  units?: number;
  /** The balance now, when known. */
  balance?: number;
}
