import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormRule } from 'antd';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { MPESA_SETUP_PATH, type MpesaSetup } from '@ushirika/shared/contract';
import { staleSaveOf, useDialogs } from '@ushirika/shared/ui';
import { loadMpesaSetup, saveMpesaSetup } from './mpesa-api';
import type { SetupChanges } from './mpesa-form';

/** The cache key of the partner's M-Pesa setup: every section of the screen reads the one copy. */
const SETUP_KEY = [MPESA_SETUP_PATH];

/** The partner's M-Pesa setup (GET mpesa/setup). */
export const useMpesaSetup = () => useQuery({ queryKey: SETUP_KEY, queryFn: ({ signal }) => loadMpesaSetup(signal) });

/** Replaces the setup the screen shows with `setup` (an answer that carries it, or a part of it such as a registration). */
export function useShowSetup(): (change: (setup: MpesaSetup) => MpesaSetup) => void {
  const queries = useQueryClient();
  return useCallback((change) => queries.setQueryData<MpesaSetup>(SETUP_KEY, (setup) => setup && change(setup)), [queries]);
}

/**
 * Saves `changes` over the version of the setup the screen shows (PUT mpesa/setup) and says `successText`. A refusal
 * shows 'Error!' with the server's words; a save over someone else's newer change saves nothing, says who made it,
 * and reads the setup again when the user chooses to. Resolves the setup the form should now show (the one saved,
 * or the one read again), or undefined to keep the form as typed.
 */
export function useSaveSetup(): (changes: SetupChanges, successText: string) => Promise<MpesaSetup | undefined> {
  const queries = useQueryClient();
  const dialogs = useDialogs();
  return useCallback(
    async (changes, successText) => {
      const shown = queries.getQueryData<MpesaSetup>(SETUP_KEY);
      if (!shown) return undefined;
      try {
        const saved = await saveMpesaSetup({ ...changes, version: shown.version });
        queries.setQueryData(SETUP_KEY, saved);
        void dialogs.success(successText);
        return saved;
      } catch (error) {
        const stale = staleSaveOf(error);
        if (!stale) {
          dialogs.error(error);
          return undefined;
        }
        if (!(await dialogs.stale(stale))) return undefined;
        try {
          return await queries.fetchQuery({ queryKey: SETUP_KEY, queryFn: ({ signal }) => loadMpesaSetup(signal), staleTime: 0 });
        } catch (failure) {
          dialogs.error(failure);
          return undefined;
        }
      }
    },
    [queries, dialogs],
  );
}

/** An antd rule from one of mpesa-form's checks (a message id, or undefined when the value is fine). */
export function useCheck(): (check: (value: string | undefined) => string | undefined) => FormRule {
  const intl = useIntl();
  return (check) => ({
    validator: (_, value: string | undefined) => {
      const wrong = check(value);
      return wrong ? Promise.reject(new Error(intl.formatMessage({ id: wrong }))) : Promise.resolve();
    },
  });
}
