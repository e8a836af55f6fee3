import { DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useRefreshAfterSave } from './data';
import { useDialogs, type ConfirmOptions } from './dialogs';

export interface ConfirmedDeleteButtonProps {
  /** Catalogue id of the button's label ('Remove', 'Delete'). */
  labelId: string;
  /** The confirmation the user answers first (catalogue ids). */
  confirm: ConfirmOptions;
  /** Deletes the record; answers the server's `status_msg`, shown in 'Awesome!'. */
  remove: () => Promise<{ status_msg: string }>;
  /** The API path whose lists and choices are refreshed after the delete. */
  refreshPath: string;
}

/**
 * A list row's delete action: asks first, deletes, refreshes the lists read from `refreshPath` and says
 * so; a failure shows 'Error!' with the server's text. Busy while the request runs.
 */
export function ConfirmedDeleteButton({ labelId, confirm, remove, refreshPath }: ConfirmedDeleteButtonProps) {
  const dialogs = useDialogs();
  const refresh = useRefreshAfterSave();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!(await dialogs.confirm(confirm))) return;
    setBusy(true);
    try {
      const answer = await remove();
      await refresh(refreshPath);
      dialogs.success(answer.status_msg);
    } catch (error) {
      dialogs.error(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="link" danger icon={<DeleteOutlined aria-hidden />} loading={busy} onClick={() => void run()}>
      <FormattedMessage id={labelId} />
    </Button>
  );
}
