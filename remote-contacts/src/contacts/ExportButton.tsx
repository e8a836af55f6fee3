import { DownloadOutlined } from '@ant-design/icons';
import { downloadBlob, useDialogs } from '@ushirika/shared/ui';
import { Button } from 'antd';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { exportContacts } from './api';
import { exportFileName } from './download';

/**
 * 'Export CSV': downloads the contacts the list's search matches (all of them when there is no search): the
 * active ones, or the archived ones when the list shows those.
 */
export function ExportButton({ searchKey, archived = false }: { searchKey: string; archived?: boolean }) {
  const dialogs = useDialogs();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      downloadBlob(await (archived ? exportContacts(searchKey, true) : exportContacts(searchKey)), exportFileName());
    } catch (error) {
      dialogs.error(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined aria-hidden />} loading={busy} onClick={() => void download()}>
      <FormattedMessage id="contacts.export" />
    </Button>
  );
}
