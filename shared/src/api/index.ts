export { api, API_PREFIX } from './client';
export { listQuery, localIsoDate, partnerToday } from './list-query';
export type { ListQueryInput } from './list-query';
export { errorText, NO_RESPONSE_TEXT } from './errors';
export { endpointApi, loadAll, pageLoader, saveRecord } from './resources';
export type { Page, PageLoader, SaveAnswer } from './resources';
