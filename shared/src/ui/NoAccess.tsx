import { Button, Result } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { DASHBOARD_PATH } from './PageHeader';

/**
 * The screen a user sees at an address their roles do not allow (issue 25): said plainly, with who can
 * change it and the way back, instead of an empty page or a failed request.
 */
export function NoAccess() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={<FormattedMessage id="kit.noAccess.title" />}
      subTitle={<FormattedMessage id="kit.noAccess.text" />}
      extra={
        <Button type="primary" onClick={() => navigate(DASHBOARD_PATH)}>
          <FormattedMessage id="kit.noAccess.back" />
        </Button>
      }
    />
  );
}
