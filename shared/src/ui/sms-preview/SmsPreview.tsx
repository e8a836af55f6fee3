import { isReplaceableSmsCharacter, plainSmsText, smsCount, unicodeCharacters } from '@ushirika/shared/validation';
import { Alert, Button, Descriptions, Flex, Typography } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { SMS_PREVIEW_SAMPLE, type SmsPreviewFacts } from './facts';

/*
 * Loaded on demand (./lazy.ts, use-confirm-sms.tsx): the SMS counting comes from the validation kit, which list
 * screens do not download.
 */

/** The parts, encoding and units of a preview (those the facts leave out counted from its text), and whether the balance is short. */
export function previewFigures(facts: SmsPreviewFacts) {
  const counted = smsCount(facts.text);
  const segments = facts.segments ?? counted.segments;
  const encoding = facts.encoding ?? counted.encoding;
  const units = facts.units ?? segments * Math.max(facts.recipients - (facts.optedOut ?? 0), 0);
  return { segments, encoding, units, short: facts.balance !== undefined && units > facts.balance };
}

/** `text` with each character that forces Unicode in a <mark> (a title says why). */
export function MarkedSmsText({ text }: { text: string }) {
  const intl = useIntl();
  const marks = unicodeCharacters(text);
  const title = intl.formatMessage({ id: 'kit.sms.unicode.mark' });
  const pieces: ReactNode[] = [];
  let from = 0;
  for (const { char, index } of marks) {
    if (index > from) pieces.push(text.slice(from, index));
    // A zero-width or blank character is shown by its code, or the mark would be invisible.
    const shown = char.trim() === '' || /\p{Cf}/u.test(char) ? `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : char;
    pieces.push(
      <mark key={index} title={title} data-char={char}>
        {shown}
      </mark>,
    );
    from = index + char.length;
  }
  if (from < text.length) pieces.push(text.slice(from));
  return (
    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} data-testid="sms-text">
      {pieces.map((piece, at) => (
        <Fragment key={at}>{piece}</Fragment>
      ))}
    </Typography.Paragraph>
  );
}

export interface UnicodeNoticeProps {
  text: string;
  /**
   * Replaces the text's typographic characters with plain ones where the text can be changed (a message box);
   * without it the text is fixed (a statement the system writes) and the notice says so.
   */
  onReplace?: () => void;
  /** Shows the text itself, marked (off where the text is shown marked beside it). */
  showText?: boolean;
}

/**
 * Nothing for a plain (GSM-7) text. Otherwise a warning: which characters force Unicode and what that costs (70
 * characters per SMS instead of 160). Where the text can be changed (`onReplace`): what the plain text would take
 * and 'Replace with plain characters' when some characters have plain forms, or that the others (emoji) can only be
 * removed. Where it cannot (a resend, a statement the system writes): that it is fixed.
 */
export function UnicodeNotice({ text, onReplace, showText = false }: UnicodeNoticeProps) {
  const marks = unicodeCharacters(text);
  if (marks.length === 0) return null;
  const now = smsCount(text);
  const replaceable = marks.some(({ char }) => isReplaceableSmsCharacter(char));
  // What the plain text would take: said only where the user can replace (a fixed text cannot be made plain).
  const plain = smsCount(plainSmsText(text));
  const stays = marks.some(({ char }) => !isReplaceableSmsCharacter(char));
  return (
    <Alert
      type="warning"
      showIcon
      title={<FormattedMessage id="kit.sms.unicode.title" />}
      description={
        <Flex vertical gap={4} align="flex-start">
          {showText && <MarkedSmsText text={text} />}
          <span>
            <FormattedMessage id="kit.sms.unicode.text" values={{ count: marks.length, segments: now.segments }} />
          </span>
          {onReplace && replaceable && plain.segments < now.segments && (
            <span>
              <FormattedMessage id="kit.sms.unicode.plain" values={{ segments: plain.segments }} />
            </span>
          )}
          {onReplace && stays && (
            <span>
              <FormattedMessage id="kit.sms.unicode.noPlain" />
            </span>
          )}
          {onReplace && replaceable && (
            <Button size="small" onClick={onReplace}>
              <FormattedMessage id="kit.sms.unicode.replace" />
            </Button>
          )}
          {!onReplace && (
            <span>
              <FormattedMessage id="kit.sms.unicode.fixed" />
            </span>
          )}
        </Flex>
      }
    />
  );
}

/**
 * What a send will do (issue 28.5): the text (its Unicode characters marked), the recipients (how many, the first
 * few named), the parts per message and the units it will cost against the balance, and a warning when the
 * balance is short. The body of `useConfirmSms`'s dialog; `onReplace` as for UnicodeNotice.
 */
export function SmsPreview({ facts, onReplace }: { facts: SmsPreviewFacts; onReplace?: () => void }) {
  const intl = useIntl();
  const { text, personalised, recipients, sample, optedOut = 0, balance } = facts;
  const { segments, encoding, units, short } = previewFigures(facts);
  const more = recipients - Math.min(sample.length, SMS_PREVIEW_SAMPLE);
  const items = [
    {
      key: 'text',
      label: intl.formatMessage({ id: personalised ? 'kit.sms.textPersonalised' : 'kit.sms.text' }),
      children: <MarkedSmsText text={text} />,
    },
    {
      key: 'recipients',
      label: intl.formatMessage({ id: 'kit.sms.recipients' }),
      children: (
        <Flex vertical gap={2}>
          <strong>
            <FormattedNumber value={recipients} />
          </strong>
          {sample.slice(0, SMS_PREVIEW_SAMPLE).map((recipient, at) => (
            <span key={at}>{recipient}</span>
          ))}
          {more > 0 && sample.length > 0 && (
            <Typography.Text type="secondary">
              <FormattedMessage id="kit.sms.recipientsMore" values={{ count: more }} />
            </Typography.Text>
          )}
          {optedOut > 0 && (
            <Typography.Text type="secondary">
              <FormattedMessage id="kit.sms.optedOut" values={{ count: optedOut }} />
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'parts',
      label: intl.formatMessage({ id: 'kit.sms.parts' }),
      children: <FormattedMessage id="kit.sms.partsValue" values={{ segments, encoding }} />,
    },
    { key: 'units', label: intl.formatMessage({ id: 'kit.sms.units' }), children: <FormattedNumber value={units} /> },
    ...(balance === undefined
      ? []
      : [
          {
            key: 'balance',
            label: intl.formatMessage({ id: 'kit.sms.balance' }),
            children: (
              <FormattedMessage id="kit.sms.balanceValue" values={{ balance: intl.formatNumber(balance), after: intl.formatNumber(Math.max(balance - units, 0)) }} />
            ),
          },
        ]),
  ];
  return (
    <Flex vertical gap={12}>
      <Descriptions bordered size="small" column={1} items={items} />
      <UnicodeNotice text={text} onReplace={onReplace} />
      {short && <Alert type="error" showIcon title={<FormattedMessage id="kit.sms.short" values={{ units, balance }} />} />}
    </Flex>
  );
}
