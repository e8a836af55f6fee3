import { lazyScreen } from '../lazy-screen';

/*
 * The activity log's screens for the host's Settings -> Activity, each loaded when first shown (with the log's
 * texts), so that the kit every screen downloads grows by these two lines only. A Suspense above covers the wait.
 */

/** The log as a paged table: `<ActivityTable key={filters} load={loader} />`. */
export const ActivityTable = lazyScreen(() => import('./ActivityTable'), 'ActivityTable');
/** The log's texts (actions, kinds of record, areas, fields) over a screen that names them itself, its filters say. */
export const ActivityTexts = lazyScreen(() => import('./HistoryTexts'), 'HistoryTexts');
