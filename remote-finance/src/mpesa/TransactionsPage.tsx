import { TagsOutlined } from '@ant-design/icons';
import type { OnlineTransaction } from '@ushirika/shared/contract';
import { ListPage, usePermitted } from '@ushirika/shared/ui';
import { Button } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { ALLOCATE_SCREEN_PATH, RULES_PATH } from '../paths';
import { transactionsApi } from './api';
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

/**
 * /finance/mpesa 'Mpesa' (spec 2.10): every payment that arrived through the C2B callback, latest first, with
 * what the payer typed as 'account' and where it was allocated. 'Allocate Accounts' opens the allocation; the
 * rules are for those who set them up (finance.manage).
 */
export function TransactionsPage() {
  const setsRules = usePermitted('finance.manage');
  return (
    <ListPage<OnlineTransaction>
      title="mpesa.title"
      parent="menu.finance"
      columns={[...paymentColumns, allocatedColumn]}
      load={transactionsApi.page}
      add={{ label: 'mpesa.allocate.button', to: ALLOCATE_SCREEN_PATH }}
      tools={setsRules ? () => <RulesButton /> : undefined}
    />
  );
}
