import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { create } from 'zustand';

/** Spec 9: the loader overlay is gone after 3000 ms at the latest. */
export const BOOT_LOADER_MAX_MS = 3000;

const useBootState = create<{ ready: boolean; markReady: () => void }>()((set) => ({
  ready: false,
  markReady: () => set({ ready: true }),
}));

/** Called by the first screen that can be used (login, a dashboard, an area or its error panel). */
export function useFirstScreenReady(): void {
  useEffect(() => useBootState.getState().markReady(), []);
}

/** Full-page loader while the first screen gets ready; never shown for more than BOOT_LOADER_MAX_MS. */
export function BootLoader({ maxMs = BOOT_LOADER_MAX_MS }: { maxMs?: number }) {
  const ready = useBootState((state) => state.ready);
  const [expired, setExpired] = useState(false);
  const intl = useIntl();
  useEffect(() => {
    const timer = setTimeout(() => setExpired(true), maxMs);
    return () => clearTimeout(timer);
  }, [maxMs]);
  if (ready || expired) return null;
  return (
    <div
      role="status"
      aria-label={intl.formatMessage({ id: 'app.loading' })}
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 2000,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'rgba(255, 255, 255, 0.92)',
      }}
    >
      <Spin size="large" />
    </div>
  );
}
