import { Button, Result, type ResultProps } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { DASHBOARD_PATH } from './PageHeader';

/**
 * A screen that only says something, with the way back to the dashboard: the kit's 'not found' and 'no access'.
 * `texts` is the prefix of its catalogue ids (`<texts>.title`, `.text`, `.back`).
 */
export function ScreenMessage({ status, texts }: { status: ResultProps['status']; texts: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={<FormattedMessage id={`${texts}.title`} />}
      subTitle={<FormattedMessage id={`${texts}.text`} />}
      extra={
        <Button type="primary" onClick={() => navigate(DASHBOARD_PATH)}>
          <FormattedMessage id={`${texts}.back`} />
        </Button>
      }
    />
  );
}
