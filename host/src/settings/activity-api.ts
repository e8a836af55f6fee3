import { api, loadAll, partnerToday, type PageLoader } from '@ushirika/shared/api';
import { ACTIVITY_CSV_PATH, ACTIVITY_PATH, type ActivityEntry, type ActivityList, type ActivityQuery, type StaffMember } from '@ushirika/shared/contract';
import { loadStaff } from './staff-api';

/** Settings → Activity's filters as the screen holds them: each empty when not used. */
export type ActivityFilters = Required<{ [Key in Exclude<keyof ActivityQuery, 'page' | 'pagesize'>]: string }>;

export const NO_FILTERS: ActivityFilters = { user: '', area: '', entity: '', entityid: '', startdate: '', enddate: '' };

/** The filters that are set, as query parameters (the empty ones are left out: 'everyone', 'every area'). */
export function filterParams(filters: ActivityFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters)
      .filter(([, value]) => value.trim() !== '')
      .map(([key, value]) => [key, value.trim()]),
  );
}

/**
 * `GET /api/v2/activity` with the filters, one page at a time (the page's own dates, when the filters set none, are
 * the standard list's: from 2020 to the partner's today). The filters key the screen's cache.
 */
export function activityLoader(filters: ActivityFilters): PageLoader<ActivityEntry> {
  const params = filterParams(filters);
  const load: PageLoader<ActivityEntry> = async (query, signal) => {
    const body = await api.get(ACTIVITY_PATH, { searchParams: { ...query, ...params }, signal }).json<ActivityList & { total_is_estimate?: boolean }>();
    return { rows: body.activity, total: body.total, ...(body.total_is_estimate ? { totalIsEstimate: true } : {}) };
  };
  return Object.assign(load, { path: ACTIVITY_PATH, params });
}

/** The file name the server gives in `Content-Disposition`, if any. */
function attachmentName(header: string | null): string | undefined {
  const match = /filename="?([^";]+)"?/i.exec(header ?? '');
  return match?.[1];
}

/** `GET /api/v2/activity.csv` with the same filters: every matching event, read through the api client (with the token). */
export async function downloadActivity(filters: ActivityFilters): Promise<{ blob: Blob; fileName: string }> {
  const response = await api.get(ACTIVITY_CSV_PATH, { searchParams: filterParams(filters) });
  return { blob: await response.blob(), fileName: attachmentName(response.headers.get('content-disposition')) ?? `activity-${partnerToday()}.csv` };
}

/** The partner's staff, for the person filter (Settings → Staff's list: only for who may read it). */
export const loadAllStaff = (signal?: AbortSignal): Promise<StaffMember[]> => loadAll(loadStaff, signal);
