import { Button, Result } from 'antd';
import { useCallback, useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { handOffKey, handOffOwner, useSession } from '@ushirika/shared/session';

/**
 * Spec 2.1: an edit screen gets its record through local storage and navigation state, never a route
 * parameter. Navigation state is the fresh copy; local storage keeps the record across a reload or a
 * new tab. Keyed by partner, user and edit path (`handOffKey`, defined with the session, which removes
 * every stored record at login and logout), so two areas' editors never read each other's record and
 * the next user of the browser never sees the previous user's.
 */

function isRecord(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/**
 * The record in the navigation state. A state written by `useOpenEditor` names its owner: one of
 * another user (a history entry from before a logout, reached with Back) is ignored.
 */
function fromState(state: unknown, owner: string): object | null {
  if (!isRecord(state) || !('record' in state) || !isRecord(state.record)) return null;
  return 'owner' in state && state.owner !== owner ? null : state.record;
}

function fromStorage(key: string): object | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    return isRecord(parsed) ? parsed : null;
  } catch {
    // Damaged or foreign data: treat as nothing selected rather than crash the screen.
    return null;
  }
}

/** Returns `open(path, record)`: remembers the record for the edit screen at `path` and goes there. */
export function useOpenEditor(): (path: string, record: object) => void {
  const navigate = useNavigate();
  const user = useSession((state) => state.user);
  return useCallback(
    (path, record) => {
      localStorage.setItem(handOffKey(user, path), JSON.stringify(record));
      navigate(path, { state: { record, owner: handOffOwner(user) } });
    },
    [navigate, user],
  );
}

/**
 * The record handed to the edit screen at `path`, or null when the screen was opened without one
 * (typed address, cleared storage): render `<NothingSelected>` then.
 */
export function useEditRecord<T extends object>(path: string): T | null {
  const { state } = useLocation();
  const user = useSession((session) => session.user);
  return useMemo(() => (fromState(state, handOffOwner(user)) ?? fromStorage(handOffKey(user, path))) as T | null, [state, path, user]);
}

/** What an edit screen shows when no record was chosen: a friendly note and the way back to the list. */
export function NothingSelected({ backTo }: { backTo: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title={<FormattedMessage id="kit.edit.nothing.title" />}
      subTitle={<FormattedMessage id="kit.edit.nothing.text" />}
      extra={
        <Button type="primary" onClick={() => navigate(backTo)}>
          <FormattedMessage id="kit.edit.nothing.back" />
        </Button>
      }
    />
  );
}
