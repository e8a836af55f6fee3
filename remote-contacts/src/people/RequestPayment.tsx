import { MobileOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '@ushirika/shared/api';
import {
  accountsEndpoint,
  EXPRESS_PATH,
  INCOME_ACCOUNT_TYPES,
  MPESA_MAX_AMOUNT,
  personGivingPath,
  personPaymentsPath,
  type Account,
  type ExpressRequestRow,
  type Member,
  type PaymentRequest,
} from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { isEtracker, useSession } from '@ushirika/shared/session';
import { groupedMoney, LoadFailed, useEndpointOptions, usePermitted, useRefreshAfterSave } from '@ushirika/shared/ui';
import { Alert, App, Button, Flex, Form, Input, Select, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FormattedMessage, RawIntlProvider, useIntl } from 'react-intl';
import { AmountInput } from './AmountInput';
import { FOLLOW_PROMPT_MS, loadPaymentRequest, requestPayment } from './payment-request-api';

/** What the form holds: the fund's id, whole shillings as text, the phone as typed. */
interface RequestValues {
  fund?: number;
  amount?: string;
  phone?: string;
}

/** Whole shillings from 1 to M-Pesa's largest payment, as plain digits ('1500'). */
const isWholeShillings = (amount: string) => /^\d+$/.test(amount) && Number(amount) >= 1 && Number(amount) <= Number(MPESA_MAX_AMOUNT);

/**
 * The accounts money is received on, as the income form offers them (CR; ROOT too on the etracker product): the
 * same request and filter as the Finance area's `useAccountsFor('income')`, which this area cannot import.
 */
function useIncomeFunds() {
  const user = useSession((state) => state.user);
  const types = INCOME_ACCOUNT_TYPES[isEtracker(user) ? 'etracker' : 'general'];
  return useEndpointOptions(
    accountsEndpoint,
    (account: Account) => account.name,
    (account) => types.includes(account.type),
  );
}

/** Fund, amount and phone, then Send: POST /mpesa/express with the contact's id; a refusal in the server's words. */
function RequestForm({
  member,
  start,
  onSent,
  onClose,
}: {
  member: Member;
  start: RequestValues;
  onSent: (checkoutRequestId: string, values: RequestValues) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const funds = useIncomeFunds();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const send = async (values: RequestValues) => {
    setBusy(true);
    setFailure(undefined);
    const body: PaymentRequest = { fund: values.fund!, amount: values.amount!, phone: values.phone!.trim(), memberId: member.id };
    try {
      const { checkoutRequestId } = await requestPayment(body);
      onSent(checkoutRequestId, values);
    } catch (error) {
      setFailure(error);
      setBusy(false);
    }
  };
  return (
    <Form<RequestValues> layout="vertical" initialValues={start} onFinish={(values) => void send(values)} requiredMark={false}>
      <Typography.Paragraph>
        <FormattedMessage id="people.request.intro" />
      </Typography.Paragraph>
      <Form.Item name="fund" label={text('people.request.fund')} rules={[{ required: true, message: text('people.request.fund.required') }]}>
        <Select options={funds.options} loading={funds.loading} showSearch={{ optionFilterProp: 'label' }} />
      </Form.Item>
      <Form.Item
        name="amount"
        label={text('people.request.amount')}
        validateTrigger="onSubmit"
        rules={[
          { required: true, message: text('people.request.amount.required') },
          {
            validator: async (_, amount: string | undefined) => {
              if (amount && !isWholeShillings(amount)) throw new Error(text('people.request.amount.invalid', { max: groupedMoney(MPESA_MAX_AMOUNT) }));
            },
          },
        ]}
      >
        <AmountInput whole />
      </Form.Item>
      <Form.Item name="phone" label={text('people.request.phone')} rules={[{ required: true, whitespace: true, message: text('people.request.phone.required') }]}>
        <Input type="tel" autoComplete="off" />
      </Form.Item>
      {failure !== undefined && <Alert type="error" showIcon title={translateText(intl, errorText(failure))} style={{ marginBottom: 16 }} />}
      <Flex gap={8} justify="flex-end">
        <Button onClick={onClose} disabled={busy}>
          <FormattedMessage id="people.request.cancel" />
        </Button>
        <Button type="primary" htmlType="submit" loading={busy} disabled={busy}>
          <FormattedMessage id="people.request.send" />
        </Button>
      </Flex>
    </Form>
  );
}

/** What a prompt came to, in words: paid with its receipt, cancelled, no answer, or failed with M-Pesa's words. */
function Outcome({ prompt, name }: { prompt: ExpressRequestRow; name: string }) {
  const intl = useIntl();
  switch (prompt.status) {
    case 'waiting':
      return (
        <Flex align="center" gap={8} role="status">
          <Spin size="small" />
          <Typography.Text>
            <FormattedMessage id="people.request.waiting" values={{ name }} />
          </Typography.Text>
        </Flex>
      );
    case 'paid':
      return <Alert type="success" showIcon role="status" title={intl.formatMessage({ id: 'people.request.paid' }, { receipt: prompt.receiptNumber ?? '' })} />;
    case 'cancelled':
      return <Alert type="warning" showIcon role="status" title={intl.formatMessage({ id: 'people.request.cancelled' }, { name })} />;
    case 'timeout':
      return <Alert type="warning" showIcon role="status" title={intl.formatMessage({ id: 'people.request.timeout' }, { name })} />;
    default: {
      const reason = prompt.resultDesc ? translateText(intl, prompt.resultDesc) : intl.formatMessage({ id: 'people.request.noReason' });
      return <Alert type="error" showIcon role="status" title={intl.formatMessage({ id: 'people.request.failed' }, { reason })} />;
    }
  }
}

/**
 * The prompt followed: GET /mpesa/express/{checkoutRequestId} every two seconds while it waits for the member's
 * PIN. Paid, the contact's giving and payments are read again: the income is theirs.
 */
function FollowPrompt({ member, checkoutRequestId, onAgain, onClose }: { member: Member; checkoutRequestId: string; onAgain: () => void; onClose: () => void }) {
  const refresh = useRefreshAfterSave();
  const prompt = useQuery({
    queryKey: [EXPRESS_PATH, checkoutRequestId],
    queryFn: ({ signal }) => loadPaymentRequest(checkoutRequestId, signal),
    refetchInterval: (query) => (query.state.data?.status === 'waiting' ? FOLLOW_PROMPT_MS : false),
    staleTime: 0,
  });
  const status = prompt.data?.status;
  useEffect(() => {
    if (status !== 'paid') return;
    for (const path of [personGivingPath(member.id), personPaymentsPath(member.id)]) void refresh(path);
  }, [status, member.id, refresh]);
  const name = member.firstName || `${member.firstName} ${member.lastName}`.trim();
  const settled = status !== undefined && status !== 'waiting';
  return (
    <Flex vertical gap={16}>
      {prompt.data ? (
        <Outcome prompt={prompt.data} name={name} />
      ) : prompt.error && !prompt.isFetching ? (
        <LoadFailed error={prompt.error} onRetry={() => void prompt.refetch()} />
      ) : (
        <Flex align="center" gap={8} role="status">
          <Spin size="small" />
          <Typography.Text>
            <FormattedMessage id="people.request.waiting" values={{ name }} />
          </Typography.Text>
        </Flex>
      )}
      <Flex gap={8} justify="flex-end">
        {settled && status !== 'paid' && (
          <Button onClick={onAgain}>
            <FormattedMessage id="people.request.again" />
          </Button>
        )}
        <Button type={settled ? 'primary' : 'default'} onClick={onClose}>
          <FormattedMessage id="people.request.close" />
        </Button>
      </Flex>
    </Flex>
  );
}

/** The dialog's body: the form, then the prompt it sent followed; 'Try again' returns to the form as it was. */
function RequestPaymentPanel({ member, onClose }: { member: Member; onClose: () => void }) {
  const [values, setValues] = useState<RequestValues>({ phone: member.phone });
  const [sent, setSent] = useState<string | null>(null);
  if (sent) return <FollowPrompt member={member} checkoutRequestId={sent} onAgain={() => setSent(null)} onClose={onClose} />;
  return (
    <RequestForm
      member={member}
      start={values}
      onSent={(checkoutRequestId, typed) => {
        setValues(typed);
        setSent(checkoutRequestId);
      }}
      onClose={onClose}
    />
  );
}

/**
 * 'Request payment' on a person's page (issue 29.3): an M-Pesa Express prompt to the contact's phone for an amount
 * to a fund, followed until it is paid, cancelled, unanswered or failed. For those who record income
 * (finance.record), on a contact with a phone.
 */
export function RequestPaymentButton({ member }: { member: Member }) {
  const allowed = usePermitted('finance.record');
  const { modal } = App.useApp();
  const intl = useIntl();
  if (!allowed || member.erased || !member.phone) return null;
  const open = () => {
    const dialog = modal.info({
      title: intl.formatMessage({ id: 'people.request.title' }, { name: `${member.firstName} ${member.lastName}`.trim() }),
      icon: null,
      footer: null,
      width: 520,
      // The dialog renders above the page's texts: they go with its content.
      content: (
        <RawIntlProvider value={intl}>
          <RequestPaymentPanel member={member} onClose={() => dialog.destroy()} />
        </RawIntlProvider>
      ),
    });
  };
  return (
    <Button icon={<MobileOutlined aria-hidden />} onClick={open}>
      <FormattedMessage id="people.request.button" />
    </Button>
  );
}
