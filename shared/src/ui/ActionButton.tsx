import { Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useRefreshAfterSave } from './data';
import { useDialogs, type ConfirmOptions } from './dialogs';

export interface ActionButtonProps {
  /** Catalogue id of the button's label ('Remove', 'Download CSV'). */
  labelId: string;
  icon: ReactNode;
  /** Red, for an action that deletes. */
  danger?: boolean;
  /** Link style, for an action in a list row. */
  link?: boolean;
  /** A confirmation the user answers first (catalogue ids); none asks nothing. */
  confirm?: ConfirmOptions;
  /** The action. The `status_msg` it answers, if any, is shown in 'Awesome!'. */
  run: () => Promise<{ status_msg: string } | void>;
  /** The API path whose lists and choices are refreshed after the action. */
  refreshPath?: string;
}

/**
 * A button that calls the server: asks first when told to, is busy while the request runs, refreshes what
 * the action changed and says so; a failure shows 'Error!' with the server's text. One way for every row
 * action (Remove, Delete) and every page action (downloads, Send by SMS).
 */
export function ActionButton({ labelId, icon, danger, link, confirm, run, refreshPath }: ActionButtonProps) {
  const dialogs = useDialogs();
  const refresh = useRefreshAfterSave();
  const [busy, setBusy] = useState(false);
  const act = async () => {
    if (confirm && !(await dialogs.confirm(confirm))) return;
    setBusy(true);
    try {
      const answer = await run();
      if (refreshPath) await refresh(refreshPath);
      if (answer) dialogs.success(answer.status_msg);
    } catch (error) {
      dialogs.error(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type={link ? 'link' : 'default'} danger={danger} icon={icon} loading={busy} onClick={() => void act()}>
      <FormattedMessage id={labelId} />
    </Button>
  );
}
