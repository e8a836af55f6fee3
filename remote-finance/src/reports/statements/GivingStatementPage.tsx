import { MessageOutlined } from '@ant-design/icons';
import { ActionButton } from '@ushirika/shared/ui';
import { givingStatementSchema } from '@ushirika/shared/validation';
import { Flex, Input } from 'antd';
import { sendGivingStatement, type GivingStatementQuery } from '../api';
import { QueryField, QueryForm } from '../QueryForm';
import { thisYearSoFar, type StatementTabProps } from './AccountStatementPage';
import { useGivingStatement, useShowStatement } from './queries';
import { PrintButton, StatementResult } from './StatementParts';
import { GivingStatementView } from './StatementViews';

/** 'Send by SMS': queues the summary to the contributor (charged in SMS units), then 'Awesome!' with the server's text. */
function SendButton({ query }: { query: GivingStatementQuery }) {
  return <ActionButton labelId="reports.giving.send" icon={<MessageOutlined aria-hidden />} run={() => sendGivingStatement(query)} />;
}

/**
 * The 'Giving statement' tab: what one contributor (found by phone number) gave over a period, every gift with
 * its receipt number and the total; printable, and sent to them as an SMS summary.
 */
export function GivingStatementPage({ request, onShown }: StatementTabProps) {
  const show = useShowStatement(onShown);
  const shown = request?.kind === 'giving' ? request : null;
  const statement = useGivingStatement(shown);
  const initialValues = shown ? { phone: shown.phone, startdate: shown.startdate, enddate: shown.enddate } : { phone: '', ...thisYearSoFar() };
  return (
    <>
      <QueryForm schema={givingStatementSchema} initialValues={initialValues} onShow={(query) => show({ kind: 'giving', ...query })}>
        <QueryField name="phone" label="reports.field.phone" hint="reports.field.phone.hint">
          <Input type="tel" autoComplete="off" />
        </QueryField>
        <QueryField name="startdate" label="reports.field.startdate">
          <Input type="date" />
        </QueryField>
        <QueryField name="enddate" label="reports.field.enddate" dependencies={['startdate']}>
          <Input type="date" />
        </QueryField>
      </QueryForm>
      {shown && (
        <StatementResult state={statement}>
          {(data) => (
            <>
              <Flex wrap gap={8} style={{ marginBottom: 16 }}>
                <PrintButton request={shown} />
                <SendButton query={{ phone: shown.phone, startdate: shown.startdate, enddate: shown.enddate }} />
              </Flex>
              <GivingStatementView statement={data} />
            </>
          )}
        </StatementResult>
      )}
    </>
  );
}
