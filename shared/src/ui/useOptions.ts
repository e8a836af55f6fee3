import { useEffect, useRef, useState } from 'react';
import type { Option } from './form/fields';

export interface OptionsState {
  options: Option[];
  loading: boolean;
  error: unknown;
}

/**
 * Choices for a SelectField that come from the server (spec 9: dropdowns ask for page 1, size 25).
 * Loaded once per mount; a late answer after the screen closed is dropped.
 */
export function useOptions(load: (signal: AbortSignal) => Promise<Option[]>): OptionsState {
  const [state, setState] = useState<OptionsState>({ options: [], loading: true, error: undefined });
  const loadRef = useRef(load);
  useEffect(() => {
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (options) => !controller.signal.aborted && setState({ options, loading: false, error: undefined }),
      (error: unknown) => !controller.signal.aborted && setState({ options: [], loading: false, error }),
    );
    return () => controller.abort();
  }, []);
  return state;
}
