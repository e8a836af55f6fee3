import { api } from '@ushirika/shared/api';
import { SECURITY_PATH, type SecuritySaved, type SecuritySettings } from '@ushirika/shared/contract';

/** GET /api/v2/security: whether the partner requires two-step sign-in of its owners and treasurers. */
export const loadSecurity = (signal?: AbortSignal): Promise<SecuritySettings> => api.get(SECURITY_PATH, { signal }).json<SecuritySettings>();

/** PUT /api/v2/security (owners only). */
export const saveSecurity = (requireTwoStep: boolean): Promise<SecuritySaved> => api.put(SECURITY_PATH, { json: { requireTwoStep } }).json<SecuritySaved>();
