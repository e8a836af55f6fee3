import { DownloadOutlined } from '@ant-design/icons';
import { partnerToday } from '@ushirika/shared/api';
import { accountsEndpoint, type Account } from '@ushirika/shared/contract';
import { ActionButton, DateInput, downloadBlob, useEndpointOptions } from '@ushirika/shared/ui';
import { accountStatementSchema } from '@ushirika/shared/validation';
import { Flex, Select } from 'antd';
import { useIntl } from 'react-intl';
import { downloadAccountStatement, type AccountStatementQuery, type StatementFileFormat } from '../api';
import { QueryField, QueryForm } from '../QueryForm';
import { useAccountStatement, useShowStatement } from './queries';
import type { StatementRequest } from './statement-request';
import { PrintButton, StatementResult } from './StatementParts';
import { AccountStatementView } from './StatementViews';

export interface StatementTabProps {
  /** The statement the address names (of any kind: this tab shows only its own). */
  request: StatementRequest | null;
  /** Puts a statement that was read in the address. */
  onShown: (request: StatementRequest) => void;
}

/** 1 January of this year and today, in the partner's calendar: the period a statement form starts with. */
export function thisYearSoFar(now: Date = new Date(), timeZone?: string) {
  const today = partnerToday(now, timeZone);
  return { startdate: `${today.slice(0, 4)}-01-01`, enddate: today };
}

/** Every account of the partner, labelled with its type ('Tithe · Income'): income, expense and client accounts all have statements. */
function AccountSelect(props: object) {
  const intl = useIntl();
  const accounts = useEndpointOptions(accountsEndpoint, (account: Account) =>
    intl.formatMessage({ id: 'reports.accountOption' }, { name: account.name, type: intl.formatMessage({ id: `reports.accountType.${account.type}` }) }),
  );
  return (
    <Select
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      loading={accounts.loading}
      options={[{ value: '', label: intl.formatMessage({ id: 'kit.form.selectOne' }) }, ...accounts.options]}
    />
  );
}

/** 'Download CSV' / 'Download Excel': the statement as a file, read through the api client (with the token). */
function DownloadButton({ query, format }: { query: AccountStatementQuery; format: StatementFileFormat }) {
  const download = async () => {
    const file = await downloadAccountStatement(query, format);
    downloadBlob(file.blob, file.fileName);
  };
  return <ActionButton labelId={format === 'csv' ? 'reports.downloadCsv' : 'reports.downloadExcel'} icon={<DownloadOutlined aria-hidden />} run={download} />;
}

/**
 * The 'Account statement' tab: an account (with its sub-accounts) over a period: opening balance, every income
 * and expense with the running balance, totals and closing balance; as CSV or Excel, or printed.
 */
export function AccountStatementPage({ request, onShown }: StatementTabProps) {
  const show = useShowStatement(onShown);
  const shown = request?.kind === 'account' ? request : null;
  const statement = useAccountStatement(shown);
  const initialValues = shown ? { account: shown.account, startdate: shown.startdate, enddate: shown.enddate } : { account: '', ...thisYearSoFar() };
  return (
    <>
      <QueryForm schema={accountStatementSchema} initialValues={initialValues} onShow={(query) => show({ kind: 'account', ...query })}>
        <QueryField name="account" label="reports.field.account">
          <AccountSelect />
        </QueryField>
        <QueryField name="startdate" label="reports.field.startdate">
          <DateInput />
        </QueryField>
        <QueryField name="enddate" label="reports.field.enddate" dependencies={['startdate']}>
          <DateInput />
        </QueryField>
      </QueryForm>
      {shown && (
        <StatementResult state={statement}>
          {(data) => (
            <>
              <Flex wrap gap={8} style={{ marginBottom: 16 }}>
                <DownloadButton query={shown} format="csv" />
                <DownloadButton query={shown} format="xlsx" />
                <PrintButton request={shown} />
              </Flex>
              <AccountStatementView statement={data} />
            </>
          )}
        </StatementResult>
      )}
    </>
  );
}
