import { IMPORT_UNDO_DAYS, type ContactImportResult } from '@ushirika/shared/contract';
import { Button, Result } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { CONTACTS_PATH } from '../contacts/paths';
import { IMPORTS_PATH } from './paths';
import { knownText } from './server-text';

/** Step 4: what the import wrote (one batch: created and updated), the way to undo it (Imports) and back. */
export function ImportResult({ result }: { result: ContactImportResult }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { created, updated } = result.batch;
  return (
    <Result
      status="success"
      title={knownText(intl, result.status_msg, 'contacts.import.done.title')}
      subTitle={
        <>
          <FormattedMessage id="contacts.import.done.counts" values={{ created, updated }} />{' '}
          <FormattedMessage id="contacts.import.done.undo" values={{ days: IMPORT_UNDO_DAYS }} />
        </>
      }
      extra={[
        <Button key="imports" type="primary" onClick={() => navigate(IMPORTS_PATH)}>
          <FormattedMessage id="contacts.import.done.imports" />
        </Button>,
        <Button key="contacts" onClick={() => navigate(CONTACTS_PATH)}>
          <FormattedMessage id="contacts.import.done.contacts" />
        </Button>,
      ]}
    />
  );
}
