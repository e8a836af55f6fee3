import type { DemoUser } from './demo';

/**
 * Every screen a person can open by its address (spec 2.5), with who opens it and what kind of screen it is.
 * One list for the screen-wide checks: accessibility (axe on each route, each language, phone and desktop) and
 * weight (the JavaScript each route downloads, against its budget in `web-budgets.ts`).
 *
 * Edit screens need a record: they are reached from their list, not listed here by address.
 */
export type ScreenKind = 'login' | 'dashboard' | 'list' | 'form';

export interface Screen {
  path: string;
  /** The demo user who opens it; the login screen has none. */
  user?: DemoUser;
  kind: ScreenKind;
}

const general = (path: string, kind: ScreenKind): Screen => ({ path, user: 'jane', kind });
const etracker = (path: string, kind: ScreenKind): Screen => ({ path, user: 'peter', kind });

export const SCREENS: Screen[] = [
  { path: '/login', kind: 'login' },
  // The public giving page (issue 29): signed out, in the login's weight class.
  { path: '/give/grace', kind: 'login' },
  general('/dashboard/home', 'dashboard'),
  etracker('/dashboard/etracker', 'dashboard'),
  general('/contacts/default', 'list'),
  general('/contacts/new', 'form'),
  general('/contacts/groups', 'list'),
  general('/contacts/groups/new', 'form'),
  general('/contacts/grouptypes', 'list'),
  general('/contacts/grouptypes/new', 'form'),
  general('/contacts/households', 'list'),
  general('/contacts/households/new', 'form'),
  general('/contacts/imports', 'list'),
  general('/finance/income', 'list'),
  general('/finance/income/new', 'form'),
  general('/finance/expenses', 'list'),
  general('/finance/expenses/new', 'form'),
  general('/finance/accounts', 'list'),
  general('/finance/mpesa', 'list'),
  general('/finance/statements', 'list'),
  general('/finance/budgets', 'list'),
  // Pledges and campaigns (issue 30); the demo's Sanctuary Building is the first campaign the seed makes.
  general('/finance/campaigns', 'list'),
  general('/finance/campaigns/new', 'form'),
  general('/finance/campaigns/1', 'list'),
  general('/finance/periods', 'list'),
  etracker('/etracker/accounts', 'list'),
  etracker('/etracker/accounts/new', 'form'),
  general('/meetings/default', 'list'),
  general('/meetings/new', 'form'),
  general('/meetings/meetingtypes', 'list'),
  general('/meetings/meetingtypes/new', 'form'),
  general('/meetings/absentees', 'list'),
  general('/messaging/messages', 'list'),
  general('/messaging/messages/new', 'form'),
  general('/messaging/uploaded_files', 'list'),
  general('/messaging/failed_messages', 'list'),
  general('/messaging/config', 'list'),
  general('/messaging/config/new', 'form'),
  general('/settings/staff', 'list'),
  general('/settings/activity', 'list'),
  general('/settings/mpesa', 'form'),
  general('/account/two-step', 'form'),
];
