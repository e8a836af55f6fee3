import type { SmsPreviewFacts } from '@ushirika/shared/ui';
import { smsCount } from '@ushirika/shared/validation';
import type { MessageQuote, QuoteSampleRow } from '../api';

/** A recipient as the preview names them: 'Amina Wanjiru (+254712345678)', or the number alone. */
export const recipientLabel = ({ recipient, name }: Pick<QuoteSampleRow, 'recipient' | 'name'>) => (name ? `${name} (${recipient})` : recipient);

/**
 * What the preview shows of a new message (issue 28.5), from the server's quote: the text as the first recipient
 * gets it (a personalised text filled for them; else the text as typed), with its parts, and the quote's recipients
 * and units.
 */
export function quotePreview(quote: MessageQuote, text: string): SmsPreviewFacts {
  const sample = quote.sample ?? [];
  const shown = quote.personalised && sample[0] ? sample[0].text : text;
  const { segments, encoding } = smsCount(shown);
  return {
    text: shown,
    personalised: quote.personalised,
    recipients: quote.recipients,
    sample: sample.map(recipientLabel),
    optedOut: quote.optedOut,
    segments,
    encoding,
    units: quote.units,
    balance: quote.balance,
  };
}
