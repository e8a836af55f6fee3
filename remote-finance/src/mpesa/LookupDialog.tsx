import { useQuery } from '@tanstack/react-query';
import { errorText } from '@ushirika/shared/api';
import { LOOKUPS_PATH, onlineTransactionsEndpoint, UNALLOCATED_TRANSACTIONS_PATH, type LookupRow, type LookupStatus } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { DateTimeText, LoadFailed, ScrollingTable, useLabel, useRefreshAfterSave, type ListColumn } from '@ushirika/shared/ui';
import { Alert, App, Button, Flex, Form, Input, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, RawIntlProvider, useIntl } from 'react-intl';
import { codeOf, FOLLOW_LOOKUPS_MS, loadRecentLookups, lookUpCode, MPESA_CODE } from './lookups';

const STATUS_COLOURS: Record<LookupStatus, string> = { waiting: 'processing', found: 'success', 'not-found': 'warning', failed: 'error' };

/** A look-up's status as a tag: 'Asking M-Pesa…', 'Found', 'Not found', 'Failed'. */
const StatusTag = ({ status }: { status: LookupStatus }) => (
  <Tag color={STATUS_COLOURS[status]}>
    <FormattedMessage id={`mpesa.lookup.status.${status}`} />
  </Tag>
);

/** The code field's rule: the code typed, ten letters and digits (spaces and small letters are forgiven). */
function useCodeRule() {
  const intl = useIntl();
  return {
    validator: async (_: unknown, typed: string | undefined) => {
      const code = codeOf(typed ?? '');
      if (code === '') throw new Error(intl.formatMessage({ id: 'mpesa.lookup.required' }));
      if (!MPESA_CODE.test(code)) throw new Error(intl.formatMessage({ id: 'mpesa.lookup.invalid' }));
    },
  };
}

/** The code and 'Look up': POST /mpesa/lookups, then the look-ups again; a refusal in the server's words. */
function LookupForm({ onAsked }: { onAsked: (lookup: LookupRow) => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<{ code: string }>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const ask = async ({ code }: { code: string }) => {
    setBusy(true);
    setFailure(undefined);
    try {
      onAsked(await lookUpCode(codeOf(code)));
      form.resetFields();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex vertical gap={8}>
      <Form form={form} layout="vertical" onFinish={(values) => void ask(values)} requiredMark={false}>
        <Flex gap={8} align="flex-start" wrap>
          <Form.Item
            name="code"
            label={intl.formatMessage({ id: 'mpesa.lookup.code' })}
            rules={[useCodeRule()]}
            validateTrigger="onSubmit"
            style={{ flex: '1 1 200px', marginBottom: 0 }}
          >
            <Input placeholder="TK60708BHZ" autoComplete="off" maxLength={40} style={{ textTransform: 'uppercase' }} />
          </Form.Item>
          <Form.Item label=" " style={{ marginBottom: 0 }}>
            <Button type="primary" htmlType="submit" loading={busy} disabled={busy}>
              <FormattedMessage id="mpesa.lookup.submit" />
            </Button>
          </Form.Item>
        </Flex>
      </Form>
      {failure !== undefined && <Alert type="error" showIcon title={translateText(intl, errorText(failure))} />}
    </Flex>
  );
}

/**
 * The latest look-ups, read again every few seconds while one is still waiting for M-Pesa's answer. A look-up
 * found (now, or while followed) refreshes the payments' lists: the payment is there, waiting for allocation.
 */
function useRecentLookups() {
  const refresh = useRefreshAfterSave();
  const query = useQuery({
    queryKey: [LOOKUPS_PATH, 'recent'],
    queryFn: ({ signal }) => loadRecentLookups(signal),
    refetchInterval: (current) => (current.state.data?.some((lookup) => lookup.status === 'waiting') ? FOLLOW_LOOKUPS_MS : false),
    staleTime: 0,
  });
  const seenFound = useRef<Set<number> | undefined>(undefined);
  const rows = query.data;
  useEffect(() => {
    if (!rows) return;
    const found = rows.filter((lookup) => lookup.status === 'found').map((lookup) => lookup.id);
    // The first answer only notes what was found before the dialog opened.
    const fresh = seenFound.current ? found.filter((id) => !seenFound.current!.has(id)) : [];
    seenFound.current = new Set([...(seenFound.current ?? []), ...found]);
    if (fresh.length > 0) for (const path of [onlineTransactionsEndpoint.path, UNALLOCATED_TRANSACTIONS_PATH]) void refresh(path);
  }, [rows, refresh]);
  return query;
}

/** The dialog's body: the form, then the latest look-ups with their status and M-Pesa's words. */
function LookupPanel({ onShow }: { onShow: (transId: string) => void }) {
  const intl = useIntl();
  const label = useLabel();
  const refresh = useRefreshAfterSave();
  const lookups = useRecentLookups();
  const columns: ListColumn<LookupRow>[] = [
    { key: 'code', title: 'mpesa.lookup.code', dataIndex: 'transId' },
    { key: 'status', title: 'mpesa.lookup.column.status', dataIndex: 'status', render: (status: LookupStatus) => <StatusTag status={status} /> },
    { key: 'words', title: 'mpesa.lookup.column.words', dataIndex: 'resultDesc', render: (words: string | null) => (words ? translateText(intl, words) : null) },
    { key: 'asked', title: 'mpesa.lookup.column.asked', dataIndex: 'createdAt', render: (at: string) => <DateTimeText value={at} /> },
    {
      key: 'show',
      title: 'kit.list.actions',
      render: (_: unknown, lookup: LookupRow) =>
        lookup.status === 'found' ? (
          <Button type="link" onClick={() => onShow(lookup.transId)}>
            <FormattedMessage id="mpesa.lookup.show" />
          </Button>
        ) : null,
    },
  ];
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        <FormattedMessage id="mpesa.lookup.intro" />
      </Typography.Paragraph>
      <LookupForm onAsked={() => void refresh(LOOKUPS_PATH)} />
      <section aria-label={intl.formatMessage({ id: 'mpesa.lookup.recent' })}>
        <Typography.Title level={3} style={{ fontSize: 16 }}>
          <FormattedMessage id="mpesa.lookup.recent" />
        </Typography.Title>
        {lookups.error && !lookups.isFetching ? (
          <LoadFailed error={lookups.error} onRetry={() => void lookups.refetch()} />
        ) : (
          <ScrollingTable<LookupRow>
            size="small"
            rowKey="id"
            pagination={false}
            loading={lookups.isPending}
            columns={columns.map(({ card: _card, ...column }) => ({ ...column, title: label(column.title) }))}
            dataSource={lookups.data ?? []}
            locale={{ emptyText: <FormattedMessage id={lookups.isPending ? 'kit.list.loading' : 'mpesa.lookup.none'} /> }}
          />
        )}
      </section>
    </Flex>
  );
}

/**
 * 'Look up a payment by its M-Pesa code' (issue 29.4): a member says they paid, the payment is not in the list.
 * Opens the dialog; `onShow` narrows the list to a payment found.
 */
export function useLookupDialog(onShow: (transId: string) => void) {
  const { modal } = App.useApp();
  const intl = useIntl();
  return () => {
    const dialog = modal.info({
      title: intl.formatMessage({ id: 'mpesa.lookup.title' }),
      icon: null,
      width: 720,
      okText: intl.formatMessage({ id: 'mpesa.lookup.close' }),
      // The dialog renders above the area's texts: they go with its content.
      content: (
        <RawIntlProvider value={intl}>
          <LookupPanel
            onShow={(transId) => {
              dialog.destroy();
              onShow(transId);
            }}
          />
        </RawIntlProvider>
      ),
    });
  };
}
