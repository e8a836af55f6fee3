import { Flex, Spin, Typography } from 'antd';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * The busy state of an upload: a progress bar while the file goes (a phone's 5 MB can take a minute), then
 * 'Checking the rows…' while the server reads it. Announced politely to screen readers.
 */
export function UploadProgress({ sent }: { sent: number | null }) {
  const intl = useIntl();
  const label = useId();
  if (sent === null) return null;
  const sending = sent < 1;
  return (
    <Flex vertical gap={4} role="status" style={{ maxWidth: 480 }}>
      <Flex gap={8} align="center">
        {!sending && <Spin size="small" />}
        <Typography.Text id={label}>
          {sending ? (
            <FormattedMessage id="contacts.import.progress.sending" values={{ percent: intl.formatNumber(sent, { style: 'percent' }) }} />
          ) : (
            <FormattedMessage id="contacts.import.progress.reading" />
          )}
        </Typography.Text>
      </Flex>
      {sending && <progress aria-labelledby={label} value={sent} max={1} style={{ width: '100%' }} />}
    </Flex>
  );
}
