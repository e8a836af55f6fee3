import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText } from '@ushirika/shared/api';
import { LEDGER_SETTINGS_PATH, PERIODS_PATH, REOPEN_REASON_REQUIRED, type LedgerPeriod } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { usePartnerTimeZone } from '@ushirika/shared/session';
import { formatDateTime, PageHeader, ScrollingTable, useDialogs, usePermitted } from '@ushirika/shared/ui';
import { Alert, Button, Card, Checkbox, Drawer, Flex, Skeleton, Tag, Typography, type TableColumnType } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { closePeriod, loadLedgerSettings, loadPeriods, reopenPeriod, saveLedgerSettings } from '../ledger/api';
import { monthLabel } from '../ledger/closed-month';
import { ReasonForm } from '../ledger/ReasonForm';

/*
 * Finance -> Periods (issue 26.4): the partner's months, newest first, closed or open. A treasurer closes a month
 * that has ended (finance.close); nothing dated in it is then recorded, corrected or reversed, so its statements
 * never change. An owner reopens it with a reason (finance.reopen). Whoever sets up the finances (finance.manage)
 * chooses here whether a corrected income's payer gets a correction SMS.
 */

/** 'Closed by Tess Treasurer on 1 Apr 2026, 10:00' and the like: who and when, in the partner's time zone. */
function Who({ by, at }: { by: string | null; at: string | null }) {
  const intl = useIntl();
  const timeZone = usePartnerTimeZone();
  if (at === null) return null;
  const when = formatDateTime(at, intl.locale, timeZone);
  return by ? <FormattedMessage id="ledger.periods.byAt" values={{ name: by, at: when }} /> : <>{when}</>;
}

/** The correction SMS setting (finance.manage): on, a corrected income's payer gets one SMS with the new entry. */
function CorrectionSms() {
  const dialogs = useDialogs();
  const client = useQueryClient();
  const settings = useQuery({ queryKey: [LEDGER_SETTINGS_PATH], queryFn: ({ signal }) => loadLedgerSettings(signal) });
  const [saving, setSaving] = useState(false);
  const change = async (correctionSms: boolean) => {
    setSaving(true);
    try {
      const saved = await saveLedgerSettings({ correctionSms });
      client.setQueryData([LEDGER_SETTINGS_PATH], { correctionSms: saved.correctionSms });
      void dialogs.success(saved.status_msg);
    } catch (error) {
      dialogs.error(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card style={{ marginBottom: 16 }}>
      <Checkbox
        checked={settings.data?.correctionSms ?? false}
        disabled={settings.isPending || settings.isError || saving}
        onChange={(event) => void change(event.target.checked)}
      >
        <FormattedMessage id="ledger.periods.correctionSms" />
      </Checkbox>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        <FormattedMessage id="ledger.periods.correctionSmsHint" />
      </Typography.Paragraph>
    </Card>
  );
}

/** Asks an owner why a closed month is reopened, in a panel over the list, and reopens it. */
function ReopenDrawer({ month, onClose, onDone }: { month: string | undefined; onClose: () => void; onDone: (message: string) => void }) {
  const intl = useIntl();
  const dialogs = useDialogs();
  const reopen = async (reason: string) => {
    try {
      onDone((await reopenPeriod(month!, reason)).status_msg);
    } catch (error) {
      dialogs.error(error);
    }
  };
  return (
    <Drawer
      open={month !== undefined}
      onClose={onClose}
      title={month && intl.formatMessage({ id: 'ledger.periods.reopenTitle' }, { month: monthLabel(month, intl.locale) })}
      size={480}
      destroyOnHidden
    >
      {month && <ReasonForm key={month} required={REOPEN_REASON_REQUIRED} confirm="ledger.periods.reopen" onConfirm={reopen} onCancel={onClose} />}
    </Drawer>
  );
}

export function PeriodsPage() {
  const intl = useIntl();
  const dialogs = useDialogs();
  const client = useQueryClient();
  const closes = usePermitted('finance.close');
  const reopens = usePermitted('finance.reopen');
  const manages = usePermitted('finance.manage');
  const periods = useQuery({ queryKey: [PERIODS_PATH], queryFn: ({ signal }) => loadPeriods(signal) });
  const [reopening, setReopening] = useState<string | undefined>();
  const [closing, setClosing] = useState<string | undefined>();
  const months = periods.data?.periods ?? [];
  // The first month listed is this month: it has not ended, so it cannot be closed yet.
  const current = months[0]?.month;

  const done = (message: string) => {
    void client.invalidateQueries({ queryKey: [PERIODS_PATH] });
    void dialogs.success(message);
  };
  const close = async (month: string) => {
    const confirmed = await dialogs.confirm({
      title: intl.formatMessage({ id: 'ledger.periods.closeTitle' }, { month: monthLabel(month, intl.locale) }),
      text: 'ledger.periods.closeText',
      okText: 'ledger.periods.close',
    });
    if (!confirmed) return;
    setClosing(month);
    try {
      done((await closePeriod(month)).status_msg);
    } catch (error) {
      dialogs.error(error);
    } finally {
      setClosing(undefined);
    }
  };

  const columns: TableColumnType<LedgerPeriod>[] = [
    { key: 'month', title: intl.formatMessage({ id: 'ledger.periods.column.month' }), render: (_, period) => monthLabel(period.month, intl.locale) },
    {
      key: 'status',
      title: intl.formatMessage({ id: 'ledger.periods.column.status' }),
      render: (_, period) =>
        period.closed ? (
          <Tag color="red">
            <FormattedMessage id="ledger.periods.closed" />
          </Tag>
        ) : (
          <Tag color="green">
            <FormattedMessage id="ledger.periods.open" />
          </Tag>
        ),
    },
    { key: 'closedBy', title: intl.formatMessage({ id: 'ledger.periods.column.closed' }), render: (_, period) => <Who by={period.closedBy} at={period.closedAt} /> },
    {
      key: 'reopenedBy',
      title: intl.formatMessage({ id: 'ledger.periods.column.reopened' }),
      render: (_, period) =>
        period.reopenedAt && (
          <Flex vertical>
            <Who by={period.reopenedBy} at={period.reopenedAt} />
            <Typography.Text type="secondary">{period.reopenReason}</Typography.Text>
          </Flex>
        ),
    },
    {
      key: 'actions',
      title: intl.formatMessage({ id: 'kit.list.actions' }),
      render: (_, period) => {
        if (period.closed) {
          return reopens ? (
            <Button onClick={() => setReopening(period.month)}>
              <FormattedMessage id="ledger.periods.reopen" />
            </Button>
          ) : null;
        }
        return closes && period.month !== current ? (
          <Button loading={closing === period.month} onClick={() => void close(period.month)}>
            <FormattedMessage id="ledger.periods.close" />
          </Button>
        ) : null;
      },
    },
  ];

  return (
    <>
      <PageHeader title="ledger.periods.title" parent="menu.finance" />
      {manages && <CorrectionSms />}
      <Card>
        <Typography.Paragraph>
          <FormattedMessage id="ledger.periods.intro" />
        </Typography.Paragraph>
        {periods.isPending ? (
          <div role="status" aria-busy="true">
            <Skeleton active paragraph={{ rows: 6 }} />
          </div>
        ) : periods.isError ? (
          <Alert
            type="error"
            showIcon
            title={<FormattedMessage id="kit.list.failed" />}
            description={translateText(intl, errorText(periods.error))}
            action={
              <Button onClick={() => void periods.refetch()}>
                <FormattedMessage id="kit.list.retry" />
              </Button>
            }
          />
        ) : (
          <ScrollingTable<LedgerPeriod> rowKey="month" columns={columns} dataSource={months} pagination={false} />
        )}
      </Card>
      <ReopenDrawer
        month={reopening}
        onClose={() => setReopening(undefined)}
        onDone={(message) => {
          setReopening(undefined);
          done(message);
        }}
      />
    </>
  );
}
