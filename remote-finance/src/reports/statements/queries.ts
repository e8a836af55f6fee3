import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_STATEMENT_PATH, GIVING_STATEMENT_PATH } from '@ushirika/shared/contract';
import { useDialogs } from '@ushirika/shared/ui';
import { useCallback } from 'react';
import { loadAccountStatement, loadGivingStatement, type AccountStatementQuery, type GivingStatementQuery } from '../api';
import type { StatementRequest } from './statement-request';

/*
 * Statements are read through the page's query cache, keyed by their API path (as the kit keys lists), so the
 * statements screen and the print view share one answer, and Back from the print view shows it at once.
 */

export const accountStatementQuery = ({ account, startdate, enddate }: AccountStatementQuery) =>
  queryOptions({
    queryKey: [ACCOUNT_STATEMENT_PATH, account, startdate, enddate],
    queryFn: ({ signal }) => loadAccountStatement({ account, startdate, enddate }, signal),
  });

export const givingStatementQuery = ({ phone, startdate, enddate }: GivingStatementQuery) =>
  queryOptions({
    queryKey: [GIVING_STATEMENT_PATH, phone, startdate, enddate],
    queryFn: ({ signal }) => loadGivingStatement({ phone, startdate, enddate }, signal),
  });

/** The account statement `request` names (nothing is asked while it names none). */
export function useAccountStatement(request: StatementRequest | null) {
  const query = request?.kind === 'account' ? request : { account: 0, startdate: '', enddate: '' };
  return useQuery({ ...accountStatementQuery(query), enabled: request?.kind === 'account' });
}

/** The giving statement `request` names (nothing is asked while it names none). */
export function useGivingStatement(request: StatementRequest | null) {
  const query = request?.kind === 'giving' ? request : { phone: '', startdate: '', enddate: '' };
  return useQuery({ ...givingStatementQuery(query), enabled: request?.kind === 'giving' });
}

/**
 * 'Show': reads the statement first and only then hands the request on (to put it in the address), so a
 * refusal (a period too long, an unknown account) shows in 'Error!' with the server's text and the form
 * keeps what was typed.
 */
export function useShowStatement(onShown: (request: StatementRequest) => void): (request: StatementRequest) => Promise<void> {
  const client = useQueryClient();
  const dialogs = useDialogs();
  return useCallback(
    async (request) => {
      try {
        // Always asked again (staleTime 0): what was recorded a moment ago belongs on the statement.
        if (request.kind === 'account') await client.fetchQuery({ ...accountStatementQuery(request), staleTime: 0 });
        else await client.fetchQuery({ ...givingStatementQuery(request), staleTime: 0 });
      } catch (error) {
        dialogs.error(error);
        return;
      }
      onShown(request);
    },
    [client, dialogs, onShown],
  );
}
