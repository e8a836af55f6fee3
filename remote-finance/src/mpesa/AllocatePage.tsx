import { incomesEndpoint, onlineTransactionsEndpoint, UNALLOCATED_TRANSACTIONS_PATH, type OnlineTransaction } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { ListPage, useDialogs, useRefreshAfterSave, type PagedList } from '@ushirika/shared/ui';
import { allocationSchema } from '@ushirika/shared/validation';
import { Button, Flex, Select, Typography } from 'antd';
import { useState, type Key } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAccountsFor } from '../accounts/resource';
import { allocatePayments, unallocatedApi } from './api';
import { paymentColumns } from './columns';

/** No account chosen yet (spec: 'Select Account', default 0). */
const NO_ACCOUNT = 0;
/** Every list an allocation changes: the payments (all, and those waiting) and the income. */
const ALLOCATION_CHANGES = [UNALLOCATED_TRANSACTIONS_PATH, onlineTransactionsEndpoint.path, incomesEndpoint.path];

/** The income accounts a payment may go to (CR; ROOT too on the etracker product), after 'Select Account' (0). */
function useAccountOptions() {
  const intl = useIntl();
  const accounts = useAccountsFor('income');
  return { ...accounts, options: [{ value: NO_ACCOUNT, label: intl.formatMessage({ id: 'mpesa.allocate.account' }) }, ...accounts.options] };
}

/** The schema's messages for what is missing (no payment ticked, no account), or none. */
function problemsOf(body: { account: number; selectedRecords: string }): Promise<string[]> {
  return allocationSchema.validate(body, { abortEarly: false }).then(
    () => [],
    (error: { errors?: string[] }) => error.errors ?? [String(error)],
  );
}

interface ControlsProps {
  list: PagedList<OnlineTransaction>;
  selected: readonly Key[];
  onAllocated: () => void;
}

/** 'Select Account' and Submit: POST /allocateaccounts with the ticked payments of the page, then the list again. */
function AllocateControls({ list, selected, onAllocated }: ControlsProps) {
  const intl = useIntl();
  const dialogs = useDialogs();
  const refresh = useRefreshAfterSave();
  const accounts = useAccountOptions();
  const [account, setAccount] = useState<number>(NO_ACCOUNT);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    // Only what is ticked on the page shown is sent.
    const ids = list.rows.filter((payment) => selected.includes(payment.id)).map((payment) => payment.id);
    const body = { account, selectedRecords: ids.join(',') };
    const missing = await problemsOf(body);
    setProblems(missing);
    if (missing.length > 0) return;
    setBusy(true);
    try {
      const answer = await allocatePayments(body);
      onAllocated();
      setAccount(NO_ACCOUNT);
      await Promise.all(ALLOCATION_CHANGES.map((path) => refresh(path)));
      dialogs.success(answer.status_msg);
    } catch (error) {
      // 409: another person allocated one of them first; the server says to reload and choose again.
      dialogs.error(error);
      await refresh(UNALLOCATED_TRANSACTIONS_PATH);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical gap={4} align="end">
      <Flex gap={8} wrap>
        <Select<number>
          id="allocate-account"
          aria-label={intl.formatMessage({ id: 'mpesa.allocate.account' })}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ minWidth: 260 }}
          loading={accounts.loading}
          value={account}
          onChange={(value) => setAccount(value)}
          options={accounts.options}
        />
        <Button type="primary" loading={busy} disabled={busy} onClick={() => void submit()}>
          <FormattedMessage id="kit.form.submit" />
        </Button>
      </Flex>
      {problems.length > 0 ? (
        <Typography.Text type="danger" role="alert">
          {problems.map((problem) => translateText(intl, problem)).join(' · ')}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary" style={{ maxWidth: 480, textAlign: 'end' }}>
          <FormattedMessage id="mpesa.allocate.hint" />
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * /finance/mpesa/allocate (spec 2.10, 4): the payments waiting for an account, a checkbox on each and one in
 * the header that ticks every payment of the page (and none on the next click), 'Select Account' and Submit.
 * All or none are allocated; the list is read again afterwards.
 */
export function AllocatePage() {
  const [selected, setSelected] = useState<Key[]>([]);
  return (
    <ListPage<OnlineTransaction>
      title="mpesa.allocate.title"
      parent="menu.finance"
      columns={paymentColumns}
      load={unallocatedApi.page}
      dates
      selection={{ selected, onChange: setSelected }}
      tools={(list) => <AllocateControls list={list} selected={selected} onAllocated={() => setSelected([])} />}
    />
  );
}
