import { api } from '@ushirika/shared/api';
import { LOOKUPS_PATH, type LookupRow } from '@ushirika/shared/contract';

/**
 * An M-Pesa code (TransID) as the member's SMS shows it: ten capital letters and digits, 'TK60708BHZ'. The server
 * keeps any 1 to 40; a code of another length is a typing mistake, told here before M-Pesa is asked.
 */
export const MPESA_CODE = /^[A-Z0-9]{10}$/;

/** The code as typed, in the form M-Pesa knows it: spaces out, capitals ('tk60 708bhz' -> 'TK60708BHZ'). */
export const codeOf = (typed: string) => typed.replace(/\s+/g, '').toUpperCase();

/** How many of the latest look-ups the dialog lists. */
export const RECENT_LOOKUPS = 5;

/** How often look-ups still waiting for M-Pesa's answer are read again. */
export const FOLLOW_LOOKUPS_MS = 3000;

/** POST /mpesa/lookups { transId } -> the look-up: M-Pesa's Transaction Status API is asked, its answer comes later. */
export const lookUpCode = (transId: string) => api.post(LOOKUPS_PATH, { json: { transId } }).json<LookupRow>();

/** GET /mpesa/lookups: the partner's latest look-ups, newest first. */
export const loadRecentLookups = async (signal?: AbortSignal): Promise<LookupRow[]> =>
  (await api.get(LOOKUPS_PATH, { searchParams: { page: 1, pagesize: RECENT_LOOKUPS }, signal }).json<{ lookups: LookupRow[] }>()).lookups;
