import { PrinterOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorText } from '@ushirika/shared/api';
import { translateText } from '@ushirika/shared/i18n';
import { Alert, Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { STATEMENT_PRINT_PATH } from '../paths';
import { statementSearch, type StatementRequest } from './statement-request';

/**
 * A statement being read: a skeleton until it arrives, the server's text if it was refused (an address
 * opened again after the data changed, say), else `children` with it.
 */
export function StatementResult<Statement>({ state, children }: { state: UseQueryResult<Statement>; children: (statement: Statement) => ReactNode }) {
  const intl = useIntl();
  if (state.data !== undefined) return children(state.data);
  if (state.error) return <Alert type="error" showIcon title={translateText(intl, errorText(state.error))} role="alert" />;
  return <Skeleton active />;
}

/** 'Print': the print view of the statement shown, in this tab (Back returns to it). */
export function PrintButton({ request }: { request: StatementRequest }) {
  const navigate = useNavigate();
  return (
    <Button icon={<PrinterOutlined aria-hidden />} onClick={() => navigate(`${STATEMENT_PRINT_PATH}?${statementSearch(request)}`)}>
      <FormattedMessage id="reports.print" />
    </Button>
  );
}
