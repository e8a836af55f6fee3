import { api } from '@ushirika/shared/api';
import { recordActivityPath, type ActivityEntry, type ActivityList } from '@ushirika/shared/contract';
import type { PageLoader } from '../data';

/**
 * A record's history, one page at a time: `GET /<path>/{id}/activity`. Cached under the resource's path (with the
 * record's id as its parameter), so a save of the record, which refreshes what was read from its path, refreshes
 * its history too.
 */
export function historyLoader(path: string, id: number): PageLoader<ActivityEntry> {
  const load: PageLoader<ActivityEntry> = async (query, signal) => {
    const body = await api.get(recordActivityPath(path, id), { searchParams: { ...query }, signal }).json<ActivityList & { total_is_estimate?: boolean }>();
    return { rows: body.activity, total: body.total, ...(body.total_is_estimate ? { totalIsEstimate: true } : {}) };
  };
  return Object.assign(load, { path, params: { history: String(id) } });
}
