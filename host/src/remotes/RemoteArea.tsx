import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useFirstScreenReady } from '../layout/boot-loader';
import { AreaErrorBoundary } from './AreaErrorBoundary';
import { AreaLoadError, AreaLoading } from './AreaPanels';
import type { AreaLoader, AreaName } from './areas';

interface RemoteAreaProps {
  area: AreaName;
  /** The first path segment this area is mounted at (finance: 'finance' or 'etracker'). */
  base: string;
  load: AreaLoader;
}

function Ready({ children }: { children: ReactNode }) {
  useFirstScreenReady();
  return children;
}

/**
 * One business area: its remote's `./routes`, lazily loaded, inside an error boundary. A remote that cannot be
 * loaded shows an error panel with Retry; Retry builds a new lazy component because React caches a rejected one.
 */
export function RemoteArea({ area, base, load }: RemoteAreaProps) {
  const [attempt, setAttempt] = useState(0);
  const { pathname } = useLocation();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `attempt` is deliberate: each Retry needs a new lazy component
  const Area = useMemo(() => lazy(() => load(area)), [area, load, attempt]);
  return (
    <AreaErrorBoundary
      resetKey={`${attempt}:${pathname}`}
      fallback={() => (
        <Ready>
          <AreaLoadError area={area} onRetry={() => setAttempt((n) => n + 1)} />
        </Ready>
      )}
    >
      <Suspense fallback={<AreaLoading area={area} />}>
        <Ready>
          {/* eslint-disable-next-line react-hooks/static-components -- memoised per area and attempt, see above */}
          <Area base={base} />
        </Ready>
      </Suspense>
    </AreaErrorBoundary>
  );
}
