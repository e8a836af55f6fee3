import type { ContactImportResult } from '@ushirika/shared/contract';
import { Button, Result } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { CONTACTS_PATH } from '../contacts/paths';

/** After the import: how many contacts were created, skipped as duplicates or left out, and the way back. */
export function ImportSummary({ result }: { result: ContactImportResult }) {
  const navigate = useNavigate();
  return (
    <Result
      status={result.created > 0 ? 'success' : 'warning'}
      title={<FormattedMessage id="contacts.import.finished" />}
      subTitle={<FormattedMessage id="contacts.import.done" values={{ ...result }} />}
      extra={
        <Button type="primary" onClick={() => navigate(CONTACTS_PATH)}>
          <FormattedMessage id="contacts.import.backToList" />
        </Button>
      }
    />
  );
}
