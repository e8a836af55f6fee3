import { groupsEndpoint, PLEDGE_REMINDER_DEFAULT_TEXT, type SendQuote, type SendResult } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { useDialogs, useEndpointOptions, usePermitted } from '@ushirika/shared/ui';
import { Alert, Button, Descriptions, Drawer, Flex, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { quoteReminder, sendReminder } from './api';
import { PlaceholderHint, schemaProblem } from './ThanksDrawer';

/** What the preview says: who gets it, what it costs against the balance, and the first recipients' own texts. */
function QuoteFacts({ quote }: { quote: SendQuote }) {
  const intl = useIntl();
  const short = quote.units > quote.balance;
  return (
    <Flex vertical gap={12} data-testid="reminder-quote">
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'recipients', label: intl.formatMessage({ id: 'campaigns.remind.recipients' }), children: intl.formatNumber(quote.recipients) },
          { key: 'optedOut', label: intl.formatMessage({ id: 'campaigns.remind.optedOut' }), children: intl.formatNumber(quote.optedOut) },
          { key: 'units', label: intl.formatMessage({ id: 'campaigns.remind.units' }), children: intl.formatNumber(quote.units) },
          { key: 'balance', label: intl.formatMessage({ id: 'campaigns.remind.unitsBalance' }), children: intl.formatNumber(quote.balance) },
        ]}
      />
      {short && <Alert type="warning" showIcon title={<FormattedMessage id="campaigns.remind.short" />} />}
      {quote.sample.length > 0 && (
        <section>
          <Typography.Title level={3} style={{ fontSize: 15 }}>
            <FormattedMessage id="campaigns.remind.samples" />
          </Typography.Title>
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {quote.sample.map((sample) => (
              <li key={sample.recipient} data-testid="reminder-sample">
                <Typography.Text strong>{sample.name ? `${sample.name} (${sample.recipient})` : sample.recipient}</Typography.Text>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{sample.text}</Typography.Paragraph>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Flex>
  );
}

function ReminderForm({ campaignId, onSent }: { campaignId: number; onSent: () => void }) {
  const intl = useIntl();
  const dialogs = useDialogs();
  // Groups are read by those who may read them; the others remind everyone with a balance.
  const readsGroups = usePermitted('groups.read');
  const groups = useEndpointOptions(readsGroups ? groupsEndpoint : undefined, (group) => group.name);
  const [message, setMessage] = useState(PLEDGE_REMINDER_DEFAULT_TEXT);
  const [group, setGroup] = useState<number | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [quote, setQuote] = useState<SendQuote | undefined>();
  const [sent, setSent] = useState<SendResult['send'] | undefined>();
  const [busy, setBusy] = useState<'preview' | 'send' | undefined>();
  const input = () => (group === undefined ? { message } : { message, group });

  const preview = async () => {
    const text = await schemaProblem('reminderSchema', input());
    setProblem(text);
    if (text) return;
    setBusy('preview');
    try {
      setQuote(await quoteReminder(campaignId, input()));
    } catch (error) {
      dialogs.error(error);
    } finally {
      setBusy(undefined);
    }
  };
  const send = async () => {
    setBusy('send');
    try {
      const answer = await sendReminder(campaignId, input());
      setSent(answer.send);
      setQuote(undefined);
      onSent();
    } catch (error) {
      dialogs.error(error);
    } finally {
      setBusy(undefined);
    }
  };
  // Any change asks for a new preview before sending: what is sent is what was previewed.
  const changed = () => {
    setQuote(undefined);
    setSent(undefined);
  };

  return (
    <Form layout="vertical" onFinish={() => void preview()}>
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>
          <FormattedMessage id="campaigns.remind.intro" />
        </Typography.Paragraph>
        <Form.Item
          label={intl.formatMessage({ id: 'campaigns.remind.message' })}
          htmlFor="reminder-message"
          validateStatus={problem ? 'error' : undefined}
          help={problem ? translateText(intl, problem) : undefined}
          extra={<PlaceholderHint />}
          style={{ marginBottom: 0 }}
        >
          <Input.TextArea
            id="reminder-message"
            rows={4}
            value={message}
            onChange={(event) => {
              setMessage(event.target.value);
              changed();
            }}
          />
        </Form.Item>
        {readsGroups && (
          <Form.Item label={intl.formatMessage({ id: 'campaigns.remind.group' })} htmlFor="reminder-group" style={{ marginBottom: 0 }}>
            <Select<number>
              id="reminder-group"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={intl.formatMessage({ id: 'campaigns.remind.everyone' })}
              value={group}
              onChange={(value) => {
                setGroup(value ?? undefined);
                changed();
              }}
              options={groups.options}
              loading={groups.loading}
            />
          </Form.Item>
        )}
        <Flex justify="end" gap={8} wrap>
          <Button htmlType="submit" loading={busy === 'preview'} disabled={busy !== undefined}>
            <FormattedMessage id="campaigns.remind.preview" />
          </Button>
          <Button type="primary" disabled={!quote || quote.units > quote.balance || busy !== undefined} loading={busy === 'send'} onClick={() => void send()}>
            <FormattedMessage id="campaigns.remind.send" />
          </Button>
        </Flex>
        {!quote && !sent && (
          <Typography.Text type="secondary">
            <FormattedMessage id="campaigns.remind.previewFirst" />
          </Typography.Text>
        )}
        {quote && <QuoteFacts quote={quote} />}
        {sent && (
          <Alert
            type="success"
            showIcon
            role="status"
            title={<FormattedMessage id="campaigns.remind.sent" values={{ queued: sent.queued, units: sent.units, optedOut: sent.optedOut }} />}
          />
        )}
      </Flex>
    </Form>
  );
}

/**
 * 'Send reminder' (issue 30.4): a text with the person's own figures ({firstName}, {pledged}, {paid}, {balance},
 * {campaign}) to everyone with a balance, or to those of a group. 'Preview' asks the server what it would queue and
 * cost, with the first recipients' texts filled in; 'Send' (only after a preview of the same text, with units enough)
 * queues one SMS per person through the outbox.
 */
export function ReminderDrawer({ campaignId, open, onClose, onSent }: { campaignId: number; open: boolean; onClose: () => void; onSent: () => void }) {
  const intl = useIntl();
  return (
    <Drawer open={open} onClose={onClose} title={intl.formatMessage({ id: 'campaigns.remind.button' })} size={600} destroyOnHidden>
      {open && <ReminderForm campaignId={campaignId} onSent={onSent} />}
    </Drawer>
  );
}
