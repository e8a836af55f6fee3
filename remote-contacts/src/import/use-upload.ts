import { useDialogs } from '@ushirika/shared/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadOptions } from './api';

export interface Upload {
  /** A call is under way. */
  busy: boolean;
  /** How much of the file has gone (0 to 1); 1 while the server reads it; null when nothing is under way. */
  sent: number | null;
  /**
   * Runs `call` with a signal and a progress callback. A newer run cancels the one under way (only the last
   * reading the person asked for counts), and so does leaving the screen. Resolves to the answer, or to undefined
   * when it failed ('Error!' told why) or was cancelled.
   */
  run: <T>(call: (options: Required<UploadOptions>) => Promise<T>) => Promise<T | undefined>;
  /** Cancels the call under way, if any (another file chosen). */
  cancel: () => void;
}

/** One upload at a time, with its progress and its failures in the kit's 'Error!' dialog. */
export function useUpload(): Upload {
  const dialogs = useDialogs();
  const current = useRef<AbortController | null>(null);
  const [state, setState] = useState<{ busy: boolean; sent: number | null }>({ busy: false, sent: null });
  useEffect(() => () => current.current?.abort(), []);

  const run = useCallback(
    async <T>(call: (options: Required<UploadOptions>) => Promise<T>): Promise<T | undefined> => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      const latest = () => current.current === controller;
      setState({ busy: true, sent: 0 });
      try {
        return await call({ signal: controller.signal, onProgress: (sent) => latest() && setState({ busy: true, sent }) });
      } catch (error) {
        if (!controller.signal.aborted) dialogs.error(error);
        return undefined;
      } finally {
        if (latest()) {
          current.current = null;
          setState({ busy: false, sent: null });
        }
      }
    },
    [dialogs],
  );
  const cancel = useCallback(() => {
    current.current?.abort();
    current.current = null;
    setState({ busy: false, sent: null });
  }, []);
  return { ...state, run, cancel };
}
