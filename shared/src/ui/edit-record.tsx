import { Button, Result } from 'antd';
import { useCallback, useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Spec 2.1: an edit screen gets its record through local storage and navigation state, never a route
 * parameter. Navigation state is the fresh copy; local storage keeps the record across a reload or a
 * new tab. Keyed by the edit path, so two areas' editors never read each other's record.
 */
const storageKey = (path: string) => `ushirika.edit:${path}`;

function isRecord(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function fromState(state: unknown): object | null {
  return isRecord(state) && 'record' in state && isRecord(state.record) ? state.record : null;
}

function fromStorage(path: string): object | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(path)) ?? 'null');
    return isRecord(parsed) ? parsed : null;
  } catch {
    // Damaged or foreign data: treat as nothing selected rather than crash the screen.
    return null;
  }
}

/** Returns `open(path, record)`: remembers the record for the edit screen at `path` and goes there. */
export function useOpenEditor(): (path: string, record: object) => void {
  const navigate = useNavigate();
  return useCallback(
    (path, record) => {
      localStorage.setItem(storageKey(path), JSON.stringify(record));
      navigate(path, { state: { record } });
    },
    [navigate],
  );
}

/**
 * The record handed to the edit screen at `path`, or null when the screen was opened without one
 * (typed address, cleared storage): render `<NothingSelected>` then.
 */
export function useEditRecord<T extends object>(path: string): T | null {
  const { state } = useLocation();
  return useMemo(() => (fromState(state) ?? fromStorage(path)) as T | null, [state, path]);
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
