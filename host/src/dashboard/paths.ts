import type { SessionUser } from '@ushirika/shared/contract';
import { isEtracker } from '@ushirika/shared/session';

export const DEFAULT_DASHBOARD_PATH = '/dashboard/default';
export const GENERAL_DASHBOARD_PATH = '/dashboard/home';
export const ETRACKER_DASHBOARD_PATH = '/dashboard/etracker';

/** /dashboard/default resolves to the product's dashboard (spec 2.1, 2.6). */
export function dashboardPathFor(user: SessionUser | null): string {
  return isEtracker(user) ? ETRACKER_DASHBOARD_PATH : GENERAL_DASHBOARD_PATH;
}

/** The lists the dashboards' cards and 'View all' links open (the menu's routes: host/src/menu/menus.ts). */
export const MESSAGES_LIST_PATH = '/messaging/messages';
export const CONTACTS_LIST_PATH = '/contacts/default';
export const INCOME_LIST_PATH = '/finance/income';
export const EXPENSES_LIST_PATH = '/finance/expenses';
export const ACCOUNTS_LIST_PATH = '/etracker/accounts';
/** A campaign's screen in the Finance area (issue 30), which a dashboard's campaign card opens. */
export const campaignScreenPath = (id: number) => `/finance/campaigns/${id}`;
