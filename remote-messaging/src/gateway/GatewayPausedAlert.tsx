import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import { loadGatewayStatus, SMS_GATEWAY_PATH } from '../api';

/** How often an open screen asks again, so the notice goes when sending resumes (a probe or `pnpm ops resume-sms`). */
export const GATEWAY_STATUS_REFRESH_MS = 60_000;

/**
 * 'Sending is paused' (issue 31) on New Message and Recent Messages, while the SMS gateway account cannot send
 * (out of credit, held, or its key or sender id refused): the messages stay queued and go out once it is fixed,
 * so staff know why nothing leaves and that nothing is lost. Every staff user of the partner sees it for now
 * (there are no roles yet); nothing shows while sending works or when the status cannot be read.
 */
export function GatewayPausedAlert() {
  const { data } = useQuery({ queryKey: [SMS_GATEWAY_PATH], queryFn: ({ signal }) => loadGatewayStatus(signal), refetchInterval: GATEWAY_STATUS_REFRESH_MS });
  if (!data?.paused || !data.reason) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={<FormattedMessage id={`messaging.gateway.paused.${data.reason}`} />}
      description={<FormattedMessage id="messaging.gateway.waiting" values={{ waiting: <FormattedNumber value={data.waiting} /> }} />}
    />
  );
}
