import { useEffect, useState } from 'react';
import type { ExpressStatus } from '@ushirika/shared/contract';
import { readGiftStatus } from './give-api';

/** How often the page asks about a prompt, and for how long before it stops following (with words). */
export const FOLLOW_EVERY_MS = 2000;
export const FOLLOW_FOR_MS = 180_000;

/** What a followed prompt has come to; `stopped` when the page gave up asking (M-Pesa may still answer). */
export type GiftProgress = ExpressStatus | 'stopped';

export interface FollowTiming {
  everyMs?: number;
  forMs?: number;
}

/**
 * Follows the prompt `checkoutRequestId` of the giving page `code` until it is no longer `waiting`: one question
 * every `everyMs`, the next only once the last is answered; a lost answer is asked again. After `forMs` it stops.
 * Null while nothing is followed.
 */
export function useGiftProgress(
  code: string,
  checkoutRequestId: string | null,
  { everyMs = FOLLOW_EVERY_MS, forMs = FOLLOW_FOR_MS }: FollowTiming = {},
): GiftProgress | null {
  const [progress, setProgress] = useState<{ id: string; status: GiftProgress } | null>(null);

  useEffect(() => {
    if (!checkoutRequestId) return undefined;
    const abort = new AbortController();
    const until = Date.now() + forMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (status: GiftProgress) => setProgress({ id: checkoutRequestId, status });
    const ask = async () => {
      try {
        const { status } = await readGiftStatus(code, checkoutRequestId, abort.signal);
        if (abort.signal.aborted) return;
        if (status !== 'waiting') {
          settle(status);
          return;
        }
      } catch {
        // No answer (a phone's connection comes and goes): ask again at the next turn.
        if (abort.signal.aborted) return;
      }
      if (Date.now() >= until) settle('stopped');
      else timer = setTimeout(() => void ask(), everyMs);
    };
    timer = setTimeout(() => void ask(), everyMs);
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [code, checkoutRequestId, everyMs, forMs]);

  if (!checkoutRequestId) return null;
  return progress?.id === checkoutRequestId ? progress.status : 'waiting';
}
