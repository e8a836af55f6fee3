import type { SessionUser } from '@ushirika/shared/contract';
import { isEtracker } from '@ushirika/shared/session';

export const DEFAULT_DASHBOARD_PATH = '/dashboard/default';
export const GENERAL_DASHBOARD_PATH = '/dashboard/home';
export const ETRACKER_DASHBOARD_PATH = '/dashboard/etracker';

/** /dashboard/default resolves to the product's dashboard (spec 2.1, 2.6). */
export function dashboardPathFor(user: SessionUser | null): string {
  return isEtracker(user) ? ETRACKER_DASHBOARD_PATH : GENERAL_DASHBOARD_PATH;
}
