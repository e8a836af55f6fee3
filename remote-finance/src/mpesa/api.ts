import { api, endpointApi } from '@ushirika/shared/api';
import { ALLOCATE_PATH, billRefRulesEndpoint, onlineTransactionsEndpoint, UNALLOCATED_TRANSACTIONS_PATH, type AllocationResult } from '@ushirika/shared/contract';
import type { AllocationInput } from '@ushirika/shared/validation';

/** GET /onlinetrans: every M-Pesa payment, latest first. */
export const transactionsApi = endpointApi(onlineTransactionsEndpoint);
/** GET /onlinetrans/0: the payments still waiting for an account (spec 4). */
export const unallocatedApi = endpointApi({ ...onlineTransactionsEndpoint, path: UNALLOCATED_TRANSACTIONS_PATH });

/** POST /allocateaccounts { account, selectedRecords }: each payment gets the account and one income record, all or none. */
export const allocatePayments = (body: AllocationInput) => api.post(ALLOCATE_PATH, { json: body }).json<AllocationResult>();

/** DELETE /mpesarules/{id}: payments with that account reference wait for a person again. */
export const deleteRule = (id: number) => api.delete(`${billRefRulesEndpoint.path}/${id}`).json<{ status_msg: string }>();
