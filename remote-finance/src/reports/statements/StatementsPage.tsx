import { isEtracker, useSession } from '@ushirika/shared/session';
import { PageHeader } from '@ushirika/shared/ui';
import { Card, Tabs } from 'antd';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { AccountStatementPage } from './AccountStatementPage';
import { GivingStatementPage } from './GivingStatementPage';
import { kindOf, statementRequestOf, statementSearch, type StatementRequest } from './statement-request';

/**
 * /finance/statements 'Statements' (the spec's 'Coming Soon', built in issue 9): an account statement or a
 * contributor's giving statement. The statement shown is kept in the address, so the print view reads the same
 * one and Back from it shows it again. An etracker partner (a trading group) has no giving statement (issue
 * 28.7; its server refuses them too): its staff see the account statement alone, whatever the address says.
 */
export function StatementsPage() {
  const intl = useIntl();
  const [search, setSearch] = useSearchParams();
  const giving = useSession((state) => !isEtracker(state.user));
  const asked = statementRequestOf(search);
  const request = giving || asked?.kind !== 'giving' ? asked : null;
  const onShown = useCallback((next: StatementRequest) => setSearch(statementSearch(next), { replace: true }), [setSearch]);
  const tab = (key: StatementRequest['kind'], label: string, Page: typeof AccountStatementPage) => ({
    key,
    label: intl.formatMessage({ id: label }),
    children: <Page request={request} onShown={onShown} />,
  });
  return (
    <>
      <PageHeader title="reports.statements.title" parent="menu.finance" />
      <Card>
        <Tabs
          activeKey={giving ? kindOf(search) : 'account'}
          onChange={(key) => setSearch({ kind: key }, { replace: true })}
          destroyOnHidden
          items={[
            tab('account', 'reports.statements.tab.account', AccountStatementPage),
            ...(giving ? [tab('giving', 'reports.statements.tab.giving', GivingStatementPage)] : []),
          ]}
        />
      </Card>
    </>
  );
}
