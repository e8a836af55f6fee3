import { useDialogs, useRefreshAfterSave } from '@ushirika/shared/ui';
import { useState } from 'react';
import { SENDS_CHANGE } from '../api';

/** What the user answers before the action: a plain confirmation (catalogue ids), or an own one (a send's preview). */
export type ActionConfirmation = { title: string; text: string; okText: string } | (() => Promise<boolean>);

/**
 * A row action that changes messages (Resend, Cancel): optionally confirmed first, then 'Awesome!' with the
 * server's status_msg and every list and the balance refreshed (the list shown reloads), or 'Error!' with it.
 */
export function useMessageAction(run: () => Promise<{ status_msg: string }>, confirm?: ActionConfirmation) {
  const dialogs = useDialogs();
  const refresh = useRefreshAfterSave();
  const [busy, setBusy] = useState(false);
  const act = async () => {
    if (confirm && !(await (typeof confirm === 'function' ? confirm() : dialogs.confirm(confirm)))) return;
    setBusy(true);
    try {
      const answer = await run();
      await Promise.all(SENDS_CHANGE.map((path) => refresh(path)));
      dialogs.success(answer.status_msg);
    } catch (error) {
      dialogs.error(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, act: () => void act() };
}
