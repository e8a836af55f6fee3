import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { formatDate, NotFound } from '@ushirika/shared/ui';
import { Button, Flex, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { partnerToday } from '@ushirika/shared/api';
import { STATEMENTS_PATH } from '../paths';
import { useAccountStatement, useGivingStatement } from './queries';
import { statementSearch, statementRequestOf, type StatementRequest } from './statement-request';
import { StatementResult } from './StatementParts';
import { AccountStatementView, GivingStatementView } from './StatementViews';

/** Marks what the printed page leaves out (the buttons). */
const NO_PRINT = 'reports-no-print';
const SHEET = 'reports-print-sheet';

/**
 * A4 portrait with margins. The host shows every area's screen inside its layout (menu, header, footer); a
 * printed statement is the sheet alone, so the layout's parts are hidden when printing. The sheet is also
 * A4-wide on screen, so what is seen is what prints.
 */
const PRINT_CSS = `
@page { size: A4 portrait; margin: 14mm 12mm; }
.${SHEET} { max-width: 210mm; margin: 0 auto; padding: 12mm; background: #fff; box-shadow: 0 1px 4px rgba(0, 0, 0, 0.12); }
.${SHEET} .ant-table-cell, .${SHEET} .ant-descriptions-item-label, .${SHEET} .ant-descriptions-item-content { padding: 3px 6px !important; font-size: 9pt; }
.${SHEET} .ant-table-cell *, .${SHEET} .ant-descriptions-item-content * { font-size: inherit; }
@media print {
  .ant-layout-sider, .ant-layout-header, .ant-layout-footer, .${NO_PRINT} { display: none !important; }
  .ant-layout, .ant-layout-content { margin: 0 !important; padding: 0 !important; min-height: 0 !important; background: #fff !important; }
  .${SHEET} { max-width: none; margin: 0; padding: 0; box-shadow: none; }
  .${SHEET} thead { display: table-header-group; }
  .${SHEET} tr { break-inside: avoid; }
}
`;

function PrintedStatement({ request }: { request: StatementRequest }) {
  const account = useAccountStatement(request);
  const giving = useGivingStatement(request);
  return request.kind === 'account' ? (
    <StatementResult state={account}>
      {(statement) => <Sheet partner={statement.Partner.name} kind={request.kind} body={<AccountStatementView statement={statement} print />} />}
    </StatementResult>
  ) : (
    <StatementResult state={giving}>
      {(statement) => <Sheet partner={statement.Partner.name} kind={request.kind} body={<GivingStatementView statement={statement} print />} />}
    </StatementResult>
  );
}

/** The printed page: the partner's name, which statement, the statement, and the day it was printed. */
function Sheet({ partner, kind, body }: { partner: string; kind: StatementRequest['kind']; body: React.ReactNode }) {
  const { locale } = useIntl();
  return (
    <>
      {/* The page's one h1 (at an h2's size): the partner whose statement it is. */}
      <Typography.Title level={1} style={{ marginTop: 0, marginBottom: 4, fontSize: 30 }}>
        {partner}
      </Typography.Title>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        <FormattedMessage id={kind === 'account' ? 'reports.statements.tab.account' : 'reports.statements.tab.giving'} />
      </Typography.Title>
      {body}
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 16 }}>
        <FormattedMessage id="reports.print.printedOn" values={{ date: formatDate(partnerToday(), locale) }} />
      </Typography.Text>
    </>
  );
}

/**
 * /finance/statements/print: the statement of the address (as the statements screen keeps it) on an A4 sheet,
 * with 'Print' (the browser's print dialog) and 'Back' to the statements screen, neither of them printed.
 */
export function StatementPrintPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const request = statementRequestOf(search);
  if (!request) return <NotFound />;
  return (
    <>
      <style>{PRINT_CSS}</style>
      <Flex gap={8} justify="flex-end" className={NO_PRINT} style={{ maxWidth: '210mm', margin: '0 auto 16px' }}>
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(`${STATEMENTS_PATH}?${statementSearch(request)}`)}>
          <FormattedMessage id="reports.back" />
        </Button>
        <Button type="primary" icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()}>
          <FormattedMessage id="reports.print" />
        </Button>
      </Flex>
      <article className={SHEET}>
        <PrintedStatement request={request} />
      </article>
    </>
  );
}
