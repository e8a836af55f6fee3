import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { errorText } from '@ushirika/shared/api';
import { translateText } from '@ushirika/shared/i18n';
import { useFormValues } from '@ushirika/shared/forms';
import { smsCount } from '@ushirika/shared/validation';
import { Alert, Descriptions, Flex, Spin, Typography } from 'antd';
import { useId, useMemo, type ReactNode } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { loadBalance, quoteMessage, SMS_UNITS_PATH } from '../api';
import { quotableRequest, requestKey, type NewMessageValues } from './send-request';
import { useSettled } from './use-settled';

/** How long the user's typing pauses before the server is asked what the send would cost. */
export const QUOTE_DELAY_MS = 400;

const Secondary = ({ children }: { children: ReactNode }) => (
  <Typography.Text type="secondary" style={{ display: 'block' }}>
    {children}
  </Typography.Text>
);

const Unknown = () => <Typography.Text type="secondary">—</Typography.Text>;

/**
 * What the send will cost, before it is made (issue 8), beside the message: characters (and the encoding),
 * SMS parts, recipients (opted-out, repeated and invalid ones told apart), the units that will be charged and
 * the balance. Characters and parts are counted here as the user types (`smsCount`, the server's own rule);
 * recipients and units come from the server's quote (POST /notifymany/quote or /notifyuploaded/quote), asked
 * when the typing pauses, once the form names recipients and a message; the balance from GET /smsunits.
 */
export function CostPreview() {
  const values = useFormValues<NewMessageValues>();
  const intl = useIntl();
  const headingId = useId();
  const count = smsCount(String(values.textmessage ?? '').trim());

  const balance = useQuery({ queryKey: [SMS_UNITS_PATH], queryFn: ({ signal }) => loadBalance(signal) });
  const request = useMemo(() => quotableRequest(values), [values]);
  const { settled, pending } = useSettled(request, requestKey(request), QUOTE_DELAY_MS);
  const quoted = useQuery({
    queryKey: ['notifymany/quote', requestKey(settled ?? null)],
    queryFn: ({ signal }) => quoteMessage(settled!, signal),
    enabled: Boolean(settled),
    // The last figures stay while new ones are asked for; a refusal will not pass on a second try.
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });
  // Figures only for a form that names recipients and a message now (not those of an earlier form).
  const quote = request ? quoted.data : undefined;
  const failure = request && !pending && !quoted.isFetching ? quoted.error : null;
  const updating = request !== null && (pending || quoted.isFetching);
  const units = quote?.balance ?? balance.data?.balance;
  const short = quote !== undefined && units !== undefined && quote.units > units;

  const figure = (value: number | undefined) => (value === undefined ? <Unknown /> : <FormattedNumber value={value} />);
  const items = [
    {
      key: 'characters',
      label: intl.formatMessage({ id: 'messaging.preview.characters' }),
      children: (
        <>
          <FormattedNumber value={count.characters} /> ({count.encoding})
        </>
      ),
    },
    {
      key: 'segments',
      label: intl.formatMessage({ id: 'messaging.preview.segments' }),
      children: (
        <>
          <FormattedNumber value={count.segments} />
          <Secondary>
            <FormattedMessage id="messaging.preview.perPart" values={{ single: count.single, perPart: count.perPart }} />
          </Secondary>
        </>
      ),
    },
    {
      key: 'recipients',
      label: intl.formatMessage({ id: 'messaging.preview.recipients' }),
      children: (
        <>
          {figure(quote?.recipients)}
          {quote && quote.optedOut > 0 && (
            <Secondary>
              <FormattedMessage id="messaging.preview.optedOut" values={{ count: quote.optedOut }} />
            </Secondary>
          )}
          {quote && quote.duplicates > 0 && (
            <Secondary>
              <FormattedMessage id="messaging.preview.duplicates" values={{ count: quote.duplicates }} />
            </Secondary>
          )}
        </>
      ),
    },
    {
      key: 'units',
      label: intl.formatMessage({ id: 'messaging.preview.units' }),
      children: (
        <>
          {figure(quote?.units)}
          {quote?.personalised && (
            <Secondary>
              <FormattedMessage id="messaging.preview.personalised" values={{ example: '{firstName}' }} />
            </Secondary>
          )}
        </>
      ),
    },
    { key: 'balance', label: intl.formatMessage({ id: 'messaging.preview.balance' }), children: figure(units) },
  ];

  return (
    <section aria-labelledby={headingId} style={{ marginBottom: 24 }}>
      <Flex align="center" gap={8}>
        <Typography.Title level={5} id={headingId} style={{ margin: 0 }}>
          <FormattedMessage id="messaging.preview.title" />
        </Typography.Title>
        {updating && (
          <Flex align="center" gap={4} role="status">
            <Spin size="small" />
            <Typography.Text type="secondary">
              <FormattedMessage id="messaging.preview.updating" />
            </Typography.Text>
          </Flex>
        )}
      </Flex>
      <Descriptions bordered size="small" column={1} items={items} style={{ marginTop: 8 }} />
      <Flex vertical gap={8} style={{ marginTop: 8 }}>
        {request === null && (
          <Typography.Text type="secondary">
            <FormattedMessage id="messaging.preview.waiting" />
          </Typography.Text>
        )}
        {quote && quote.invalid.length > 0 && (
          <Alert type="warning" showIcon title={<FormattedMessage id="messaging.preview.invalid" values={{ numbers: quote.invalid.join(', ') }} />} />
        )}
        {short && <Alert type="error" showIcon title={<FormattedMessage id="messaging.preview.notEnough" values={{ units: quote.units, balance: units }} />} />}
        {failure && <Alert type="error" showIcon title={translateText(intl, errorText(failure))} />}
      </Flex>
    </section>
  );
}
