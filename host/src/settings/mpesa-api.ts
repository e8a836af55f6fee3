import { api, pageLoader } from '@ushirika/shared/api';
import {
  MPESA_CALLBACKS_PATH,
  MPESA_SETUP_PATH,
  MPESA_SETUP_REGISTER_PATH,
  MPESA_SETUP_TEST_PATH,
  mpesaCallbackReplayPath,
  type ConnectionTest,
  type MpesaCallbackRow,
  type MpesaRegistration,
  type MpesaSetup,
  type MpesaSetupInput,
} from '@ushirika/shared/contract';

/** Settings → M-Pesa's calls (issue 29; the contract: shared/src/contract/giving.ts). All need mpesa.configure. */

/** GET /api/v2/mpesa/setup: the partner's Daraja setup and giving page; which secrets are stored, never their values. */
export const loadMpesaSetup = (signal?: AbortSignal): Promise<MpesaSetup> => api.get(MPESA_SETUP_PATH, { signal }).json<MpesaSetup>();

/** PUT /api/v2/mpesa/setup: the fields given change (a secret given as '' is removed); 409 when `version` is not the latest. */
export const saveMpesaSetup = (body: MpesaSetupInput): Promise<MpesaSetup> => api.put(MPESA_SETUP_PATH, { json: body }).json<MpesaSetup>();

/** POST /api/v2/mpesa/setup/test: a token fetched with the stored keys, or what failed, in words. */
export const testMpesaConnection = (): Promise<ConnectionTest> => api.post(MPESA_SETUP_TEST_PATH).json<ConnectionTest>();

/** POST /api/v2/mpesa/setup/register: C2B RegisterURL with the partner's URLs; Safaricom's answer, also kept in the setup. */
export const registerMpesaUrls = (): Promise<MpesaRegistration> => api.post(MPESA_SETUP_REGISTER_PATH).json<MpesaRegistration>();

/** GET /api/v2/mpesa/callbacks: the partner's callbacks that need a person, newest first, a page at a time. */
export const loadMpesaCallbacks = pageLoader<MpesaCallbackRow>(MPESA_CALLBACKS_PATH, 'callbacks');

/** POST /api/v2/mpesa/callbacks/{id}/replay: processed again (a payment is never stored twice); the row as it is now. */
export const replayMpesaCallback = (id: string): Promise<MpesaCallbackRow> => api.post(mpesaCallbackReplayPath(id)).json<MpesaCallbackRow>();
