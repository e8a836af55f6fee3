import { TagsOutlined } from '@ant-design/icons';
import type { OnlineTransaction } from '@ushirika/shared/contract';
import { ListPage, usePermitted } from '@ushirika/shared/ui';
import { Button, Checkbox } from 'antd';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { ALLOCATE_SCREEN_PATH, RULES_PATH } from '../paths';
import { transactionsApi, unallocatedApi } from './api';
import { allocatedColumn, paymentColumns } from './columns';

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

const columns = [...paymentColumns, allocatedColumn];

/**
 * /finance/mpesa 'Mpesa' (spec 2.10): every payment that arrived through the C2B callback, latest first, with
 * what the payer typed as 'account' and where it was allocated, within the dates chosen; 'Waiting for allocation
 * only' lists those still without an account (from page 1, the search and dates kept). 'Allocate Accounts' opens
 * the allocation; the rules are for those who set them up (finance.manage).
 */
export function TransactionsPage() {
  const setsRules = usePermitted('finance.manage');
  const [waiting, setWaiting] = useState(false);
  return (
    <ListPage<OnlineTransaction>
      title="mpesa.title"
      parent="menu.finance"
      columns={columns}
      load={waiting ? unallocatedApi.page : transactionsApi.page}
      dates
      add={{ label: 'mpesa.allocate.button', to: ALLOCATE_SCREEN_PATH }}
      tools={() => (
        <>
          <WaitingOnly waiting={waiting} onChange={setWaiting} />
          {setsRules && <RulesButton />}
        </>
      )}
    />
  );
}
