import type { Notification } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { formatDateTime } from '@ushirika/shared/ui';
import { Flex, Tag, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { usePartnerTimeZone } from '@ushirika/shared/session';

/** Each state's tag colour: done, waiting, or gone wrong. */
const COLOURS: Record<Notification['state'], string> = {
  sent: 'green',
  delivered: 'green',
  queued: 'blue',
  scheduled: 'purple',
  failed: 'red',
  unconfirmed: 'orange',
  optedOut: 'default',
  cancelled: 'default',
};

/**
 * A message's Status cell: its state in the user's language (ours; the spec's 1 = Sent, else Failed is too
 * coarse for an outbox: docs/spec-deviations.md). A scheduled one says when, on the partner's clock; a
 * failed or unconfirmed one says why, under the state.
 */
export function StatusText({ message }: { message: Notification }) {
  const intl = useIntl();
  const timeZone = usePartnerTimeZone();
  const { state, failureReason, scheduledFor } = message;
  const when = state === 'scheduled' && scheduledFor ? formatDateTime(scheduledFor, intl.locale, timeZone) : '';
  return (
    <Flex vertical gap={2} align="flex-start">
      <Tag color={COLOURS[state]}>
        <FormattedMessage id={`messaging.state.${state}`} values={{ time: when }} />
      </Tag>
      {failureReason && (state === 'failed' || state === 'unconfirmed') && (
        <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 260 }}>
          {translateText(intl, failureReason)}
        </Typography.Text>
      )}
    </Flex>
  );
}
