import { MessageOutlined } from '@ant-design/icons';
import { api } from '@ushirika/shared/api';
import { GIVING_STATEMENT_SEND_QUOTE_PATH, type GivingSmsQuote } from '@ushirika/shared/contract';
import { ActionButton, DateInput, useConfirmSms, type SmsPreviewFacts } from '@ushirika/shared/ui';
import { givingStatementSchema } from '@ushirika/shared/validation';
import { Flex, Input } from 'antd';
import { sendGivingStatement, type GivingStatementQuery } from '../api';
import { QueryField, QueryForm } from '../QueryForm';
import { thisYearSoFar, type StatementTabProps } from './AccountStatementPage';
import { useGivingStatement, useShowStatement } from './queries';
import { PrintButton, StatementResult } from './StatementParts';
import { GivingStatementView } from './StatementViews';

/** The statement's SMS as the preview shows it: the system's text to the contributor, its parts and units. */
async function givingSmsPreview(query: GivingStatementQuery): Promise<SmsPreviewFacts> {
  const quote = await api.post(GIVING_STATEMENT_SEND_QUOTE_PATH, { json: query }).json<GivingSmsQuote>();
  const { text, recipient, name, recipients, optedOut, segments, encoding, units, balance } = quote;
  return { text, recipients, sample: [name ? `${name} (${recipient})` : recipient], optedOut, segments, encoding, units, balance };
}

/**
 * 'Send by SMS': first the SMS's preview (issue 28.5: its text, the contributor, parts and units against the balance,
 * from the server's quote); when confirmed, queues the summary to the contributor (charged in SMS units), then
 * 'Awesome!' with the server's text. Cancel sends nothing. The text is the system's: a Unicode character it holds
 * (a letter of a name, such as 'ë') is marked; typographic quotes and dashes are already made plain by the server.
 */
function SendButton({ query }: { query: GivingStatementQuery }) {
  const confirmSms = useConfirmSms();
  const send = async () => ((await confirmSms(() => givingSmsPreview(query))) ? sendGivingStatement(query) : undefined);
  return <ActionButton labelId="reports.giving.send" icon={<MessageOutlined aria-hidden />} run={send} />;
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
