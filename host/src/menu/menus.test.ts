import { messagesFor } from '@ushirika/shared/i18n';
import { permissionsOf, type PartnerArea, type Role, type SessionUser } from '@ushirika/shared/contract';
import { demoUser } from '../testing/render';
import { menuFor, type MenuEntry } from './menus';

const english = messagesFor('en');
const title = (id: string) => english[id] ?? id;

/** The menu as a reader sees it: each entry's title, a group's with its links' titles. */
function outline(entries: MenuEntry[]): string[] {
  return entries.map((entry) =>
    entry.kind === 'link' ? title(entry.titleId) : `${title(entry.titleId)}: ${entry.children.map((child) => title(child.titleId)).join(', ')}`,
  );
}

function staff(roles: Role[], product = 'general'): SessionUser {
  return { ...demoUser(product), roles, permissions: permissionsOf(roles) };
}

describe('menuFor (issue 25: the menu follows the role)', () => {
  it('gives an owner every entry in the spec’s order, the Settings group last', () => {
    expect(outline(menuFor(staff(['owner'])))).toEqual([
      'Dashboard',
      'Contacts: All Contacts, Groups, Group Types, Households, Imports',
      'Finance: All Income, Expenses, Accounts, Mpesa, Campaigns, Statements, Budget, Periods',
      'Meetings: All Meetings, Meeting Types, Absentees',
      'Messaging: Recent Messages, Recent Files, Failed Messages, Opted-out Numbers, Message Configs',
      'Settings: Staff, Activity, M-Pesa',
    ]);
    expect(outline(menuFor(staff(['owner'], 'etracker')))).toEqual([
      'Dashboard',
      'Accounts',
      'Money In',
      'Money Out',
      'Statements',
      'Budget',
      'Periods',
      'Settings: Staff, Activity, M-Pesa',
    ]);
  });

  it('shows a viewer the lists they may read and no Finance, Messaging or Settings', () => {
    expect(outline(menuFor(staff(['viewer'])))).toEqual([
      'Dashboard',
      'Contacts: All Contacts, Groups, Group Types, Households',
      'Meetings: All Meetings, Meeting Types, Absentees',
    ]);
    expect(outline(menuFor(staff(['viewer'], 'etracker')))).toEqual(['Dashboard']);
  });

  it('shows a finance clerk income, expenses, M-Pesa, campaigns and the months (which are closed), but no statements, budgets or accounts set-up', () => {
    expect(outline(menuFor(staff(['finance_clerk'])))).toEqual(['Dashboard', 'Finance: All Income, Expenses, Mpesa, Campaigns, Periods']);
    expect(outline(menuFor(staff(['finance_clerk'], 'etracker')))).toEqual(['Dashboard', 'Money In', 'Money Out', 'Periods']);
  });

  it('shows a treasurer all of finance, the contacts list and the activity log, an administrator staff and no finance', () => {
    expect(outline(menuFor(staff(['treasurer'])))).toEqual([
      'Dashboard',
      'Contacts: All Contacts, Households',
      'Finance: All Income, Expenses, Accounts, Mpesa, Campaigns, Statements, Budget, Periods',
      'Settings: Activity, M-Pesa',
    ]);
    expect(outline(menuFor(staff(['treasurer'], 'etracker')))).toEqual([
      'Dashboard',
      'Accounts',
      'Money In',
      'Money Out',
      'Statements',
      'Budget',
      'Periods',
      'Settings: Activity, M-Pesa',
    ]);
    expect(outline(menuFor(staff(['administrator'])))).toEqual([
      'Dashboard',
      'Contacts: All Contacts, Groups, Group Types, Households, Imports',
      'Meetings: All Meetings, Meeting Types, Absentees',
      'Messaging: Recent Messages, Recent Files, Failed Messages, Opted-out Numbers, Message Configs',
      'Settings: Staff',
    ]);
  });

  it('shows a messaging volunteer the messages but not the saved texts’ set-up', () => {
    expect(outline(menuFor(staff(['messaging'])))).toEqual([
      'Dashboard',
      'Contacts: All Contacts, Groups, Group Types, Households',
      'Messaging: Recent Messages, Recent Files, Failed Messages, Opted-out Numbers',
    ]);
  });

  it('joins the roles a member holds, in the menu’s order', () => {
    expect(outline(menuFor(staff(['secretary', 'finance_clerk'])))).toEqual([
      'Dashboard',
      'Contacts: All Contacts, Groups, Group Types, Households, Imports',
      'Finance: All Income, Expenses, Mpesa, Campaigns, Periods',
      'Meetings: All Meetings, Meeting Types, Absentees',
    ]);
  });

  it('shows everything to a session from before roles, and nothing without a user', () => {
    expect(outline(menuFor(demoUser()))).toEqual(outline(menuFor(staff(['owner']))));
    expect(menuFor(null)).toEqual([]);
    // A user who must first enrol their second step holds no permission yet.
    expect(menuFor({ ...demoUser(), roles: ['owner'], permissions: [] })).toEqual([]);
  });

  it('shows an etracker partner Contacts, Meetings and Messaging only when it has turned them on (issue 28.7)', () => {
    /** A member of an etracker partner with `areas`, holding what the server gives them there. */
    const etracker = (roles: Role[], areas: PartnerArea[]): SessionUser => {
      const user = demoUser('etracker');
      return { ...user, Partner: { ...user.Partner, areas }, roles, permissions: permissionsOf(roles, { product: 'etracker', areas }) };
    };
    const finance = ['Dashboard', 'Accounts', 'Money In', 'Money Out', 'Statements', 'Budget', 'Periods'];
    expect(outline(menuFor(etracker(['owner'], [])))).toEqual([...finance, 'Settings: Staff, Activity, M-Pesa']);
    expect(outline(menuFor(etracker(['owner'], ['contacts'])))).toEqual([
      ...finance,
      'Contacts: All Contacts, Groups, Group Types, Households, Imports',
      'Meetings: All Meetings, Meeting Types, Absentees',
      'Settings: Staff, Activity, M-Pesa',
    ]);
    expect(outline(menuFor(etracker(['owner'], ['messaging'])))).toEqual([
      ...finance,
      'Messaging: Recent Messages, Recent Files, Failed Messages, Opted-out Numbers, Message Configs',
      'Settings: Staff, Activity, M-Pesa',
    ]);
    expect(outline(menuFor(etracker(['owner'], ['contacts', 'messaging'])))).toEqual([
      ...finance,
      'Contacts: All Contacts, Groups, Group Types, Households, Imports',
      'Meetings: All Meetings, Meeting Types, Absentees',
      'Messaging: Recent Messages, Recent Files, Failed Messages, Opted-out Numbers, Message Configs',
      'Settings: Staff, Activity, M-Pesa',
    ]);
    // The roles still decide within an area: a viewer reads the lists, a treasurer the contacts.
    expect(outline(menuFor(etracker(['viewer'], ['contacts', 'messaging'])))).toEqual([
      'Dashboard',
      'Contacts: All Contacts, Groups, Group Types, Households',
      'Meetings: All Meetings, Meeting Types, Absentees',
    ]);
    expect(outline(menuFor(etracker(['treasurer'], ['contacts'])))).toEqual([
      'Dashboard',
      'Accounts',
      'Money In',
      'Money Out',
      'Statements',
      'Budget',
      'Periods',
      'Contacts: All Contacts, Households',
      'Settings: Activity, M-Pesa',
    ]);
    // A session from before permissions (the server decides): the areas alone.
    const legacy = demoUser('etracker');
    expect(outline(menuFor(legacy))).toEqual([...finance, 'Settings: Staff, Activity, M-Pesa']);
    expect(outline(menuFor({ ...legacy, Partner: { ...legacy.Partner, areas: ['messaging'] } }))).toContain(
      'Messaging: Recent Messages, Recent Files, Failed Messages, Opted-out Numbers, Message Configs',
    );
  });

  it('gives the same menu for the same user, a new one when the user changes', () => {
    const user = staff(['viewer']);
    expect(menuFor(user)).toBe(menuFor(user));
    expect(menuFor({ ...user })).not.toBe(menuFor(user));
  });
});
