import { useEffect, useRef, useState } from 'react';

/**
 * `value` once it has stayed the same (by `key`) for `delay` ms: what a preview asks the server about
 * while the user types, so a request goes out when they pause, not on every key. Until the first value
 * settles it is undefined; afterwards the last settled value stays while the next one waits.
 * `pending` is true while the current value differs from the settled one.
 */
export function useSettled<T>(value: T, key: string, delay: number): { settled: T | undefined; pending: boolean } {
  const [settled, setSettled] = useState<{ key: string; value: T }>();
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  useEffect(() => {
    const timer = setTimeout(() => setSettled({ key, value: latest.current }), delay);
    return () => clearTimeout(timer);
  }, [key, delay]);
  return { settled: settled?.value, pending: settled?.key !== key };
}
