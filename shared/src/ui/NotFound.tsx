import { Button, Result } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { DASHBOARD_PATH } from './PageHeader';

/** The page for an address no route matches, inside an area or in the host. */
export function NotFound() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={<FormattedMessage id="kit.notFound.title" />}
      subTitle={<FormattedMessage id="kit.notFound.text" />}
      extra={
        <Button type="primary" onClick={() => navigate(DASHBOARD_PATH)}>
          <FormattedMessage id="kit.notFound.back" />
        </Button>
      }
    />
  );
}
