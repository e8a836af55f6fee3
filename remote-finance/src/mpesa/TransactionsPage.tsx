import { FileSearchOutlined, TagsOutlined } from '@ant-design/icons';
import type { OnlineTransaction } from '@ushirika/shared/contract';
import { ListPage, usePermitted, type PagedList } from '@ushirika/shared/ui';
import { Button, Checkbox } from 'antd';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { ALLOCATE_SCREEN_PATH, RULES_PATH } from '../paths';
import { transactionsApi, unallocatedApi } from './api';
import { allocatedColumn, paymentColumns } from './columns';
import { useLookupDialog } from './LookupDialog';

/** To the BillRefNumber rules (ours): reached from this screen, not the menu. */
function RulesButton() {
  const navigate = useNavigate();
  return (
    <Button icon={<TagsOutlined aria-hidden />} onClick={() => navigate(RULES_PATH)}>
      <FormattedMessage id="mpesa.rules" />
    </Button>
  );
}

/** 'Waiting for allocation only' (issue 28.3): the payments no account has yet (`GET /onlinetrans/0`). */
function WaitingOnly({ waiting, onChange }: { waiting: boolean; onChange: (waiting: boolean) => void }) {
  return (
    <Checkbox checked={waiting} onChange={(event) => onChange(event.target.checked)}>
      <FormattedMessage id="mpesa.waitingOnly" />
    </Checkbox>
  );
}

/**
 * 'Look up a code' (issue 29.4), for those who allocate: a payment a member reports by its M-Pesa code is asked of
 * M-Pesa; one found is shown in the list by its code, and 'Show every payment' lists them all again.
 */
function LookupTools({ list }: { list: PagedList<OnlineTransaction> }) {
  const [shown, setShown] = useState<string | null>(null);
  const open = useLookupDialog((transId) => {
    setShown(transId);
    list.search(transId);
  });
  return (
    <>
      {shown !== null && list.searchKey === shown && (
        <Button
          onClick={() => {
            setShown(null);
            list.search('');
          }}
        >
          <FormattedMessage id="mpesa.lookup.showAll" />
        </Button>
      )}
      <Button icon={<FileSearchOutlined aria-hidden />} onClick={open}>
        <FormattedMessage id="mpesa.lookup.button" />
      </Button>
    </>
  );
}

const columns = [...paymentColumns, allocatedColumn];

/**
 * /finance/mpesa 'Mpesa' (spec 2.10): every payment that arrived through the C2B callback, latest first, with
 * what the payer typed as 'account' and where it was allocated, within the dates chosen; 'Waiting for allocation
 * only' lists those still without an account (from page 1, the search and dates kept). 'Allocate Accounts' opens
 * the allocation; 'Look up a code' asks M-Pesa about a payment a member reports; the rules are for those who set
 * them up (finance.manage).
 */
export function TransactionsPage() {
  const setsRules = usePermitted('finance.manage');
  const looksUp = usePermitted('finance.allocate');
  const [waiting, setWaiting] = useState(false);
  return (
    <ListPage<OnlineTransaction>
      title="mpesa.title"
      parent="menu.finance"
      columns={columns}
      load={waiting ? unallocatedApi.page : transactionsApi.page}
      dates
      add={{ label: 'mpesa.allocate.button', to: ALLOCATE_SCREEN_PATH }}
      tools={(list) => (
        <>
          <WaitingOnly waiting={waiting} onChange={setWaiting} />
          {looksUp && <LookupTools list={list} />}
          {setsRules && <RulesButton />}
        </>
      )}
    />
  );
}
