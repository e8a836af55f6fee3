import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { create } from 'zustand';
import { PRIMARY_COLOUR } from '@ushirika/shared/brand';

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

const SPINNER_CSS = `
.boot-loader { position: fixed; inset: 0; z-index: 2000; display: flex; align-items: center; justify-content: center; background: rgba(255, 255, 255, 0.92); }
.boot-loader::after { content: ''; width: 36px; height: 36px; border-radius: 50%; border: 4px solid ${PRIMARY_COLOUR}33; border-top-color: ${PRIMARY_COLOUR}; animation: boot-spin 0.8s linear infinite; }
@keyframes boot-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .boot-loader::after { animation-duration: 2.4s; } }
`;

/**
 * Full-page loader while the first screen gets ready; never shown for more than BOOT_LOADER_MAX_MS. Plain CSS,
 * no antd: it shows before antd has loaded (and the login screen never loads it).
 */
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
    <>
      <style href="boot-loader" precedence="default">
        {SPINNER_CSS}
      </style>
      <div role="status" aria-label={intl.formatMessage({ id: 'app.loading' })} className="boot-loader" />
    </>
  );
}
