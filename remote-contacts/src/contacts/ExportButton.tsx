import { DownloadOutlined } from '@ant-design/icons';
import { downloadBlob, useDialogs } from '@ushirika/shared/ui';
import { Button } from 'antd';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { exportContacts } from './api';
import { exportFileName } from './download';
import type { ContactFilters } from './filters';

/**
 * 'Export CSV': downloads the contacts the list shows: those its search matches (all of them when there is no
 * search), with its filters (the archived ones when the list shows those, one membership status).
 */
export function ExportButton({ searchKey, filters }: { searchKey: string; filters: ContactFilters }) {
  const dialogs = useDialogs();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      downloadBlob(await exportContacts(searchKey, filters), exportFileName());
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
