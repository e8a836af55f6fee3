import {
  AccountBookOutlined,
  CalendarOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileTextOutlined,
  FundOutlined,
  MessageOutlined,
  SettingOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import { PARTNER_AREAS, type PartnerArea, type Permission, type SessionUser } from '@ushirika/shared/contract';
import { isEtracker } from '@ushirika/shared/session';
import { allowedMenu } from './filter-menu';

export interface MenuLink {
  kind: 'link';
  /** Catalogue id of the title. */
  titleId: string;
  path: string;
  /** What the screen behind the link needs (issue 25): the link shows only to users who may do it. */
  permission: Permission;
  icon?: ComponentType;
}

export interface MenuGroup {
  kind: 'group';
  key: string;
  titleId: string;
  icon?: ComponentType;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

const link = (titleId: string, path: string, permission: Permission, icon?: ComponentType): MenuLink => ({ kind: 'link', titleId, path, permission, icon });

/** Ours, after the spec's entries: the partner's own set-up (issue 25). */
const SETTINGS_GROUP: MenuGroup = {
  kind: 'group',
  key: 'settings',
  titleId: 'menu.settings',
  icon: SettingOutlined,
  children: [
    link('menu.settings.staff', '/settings/staff', 'staff.manage'),
    // The log (issue 26.2): owners (activity.read, and every permission) and treasurers (its finance events) hold activity.finance.
    link('menu.settings.activity', '/settings/activity', 'activity.finance'),
    // Daraja credentials, the giving page, the callback URLs and the callbacks to replay (issue 29): owners and treasurers.
    link('menu.settings.mpesa', '/settings/mpesa', 'mpesa.configure'),
  ],
};

const CONTACTS_GROUP: MenuGroup = {
  kind: 'group',
  key: 'contacts',
  titleId: 'menu.contacts',
  icon: TeamOutlined,
  children: [
    link('menu.contacts.all', '/contacts/default', 'contacts.read'),
    link('menu.contacts.groups', '/contacts/groups', 'groups.read'),
    link('menu.contacts.groupTypes', '/contacts/grouptypes', 'groups.read'),
    // Ours, after the spec's (issue 27): households, and the imports (each undoable for a while).
    link('menu.contacts.households', '/contacts/households', 'contacts.read'),
    link('menu.contacts.imports', '/contacts/imports', 'contacts.transfer'),
  ],
};

const MEETINGS_GROUP: MenuGroup = {
  kind: 'group',
  key: 'meetings',
  titleId: 'menu.meetings',
  icon: CalendarOutlined,
  children: [
    link('menu.meetings.all', '/meetings/default', 'meetings.read'),
    link('menu.meetings.types', '/meetings/meetingtypes', 'meetings.read'),
    // Who missed a group's last meetings (issue 28.4).
    link('menu.meetings.absentees', '/meetings/absentees', 'meetings.read'),
  ],
};

const MESSAGING_GROUP: MenuGroup = {
  kind: 'group',
  key: 'messaging',
  titleId: 'menu.messaging',
  icon: MessageOutlined,
  children: [
    link('menu.messaging.send', '/messaging/messages', 'messaging.read'),
    link('menu.messaging.uploadedFiles', '/messaging/uploaded_files', 'messaging.read'),
    link('menu.messaging.failed', '/messaging/failed_messages', 'messaging.read'),
    link('menu.messaging.optouts', '/messaging/optouts', 'messaging.read'),
    // The saved texts are set-up: shown to who may change them (a sender reads them in the send form).
    link('menu.messaging.config', '/messaging/config', 'messaging.configure'),
  ],
};

/** Spec 2.4, etracker variant: a flat menu. */
export const ETRACKER_MENU: MenuEntry[] = [
  link('menu.dashboard', '/dashboard/etracker', 'dashboard.read', DashboardOutlined),
  link('menu.etracker.accounts', '/etracker/accounts', 'finance.manage', WalletOutlined),
  link('menu.etracker.moneyIn', '/finance/income', 'finance.record', DollarOutlined),
  link('menu.etracker.moneyOut', '/finance/expenses', 'finance.record', AccountBookOutlined),
  link('menu.etracker.statements', '/finance/statements', 'finance.reports', FileTextOutlined),
  link('menu.etracker.budget', '/finance/budgets', 'finance.reports', FundOutlined),
  // Closing months (issue 26.4).
  link('menu.etracker.periods', '/finance/periods', 'finance.record', CalendarOutlined),
  SETTINGS_GROUP,
];

/** Spec 2.4, general variant. */
export const GENERAL_MENU: MenuEntry[] = [
  link('menu.dashboard', '/dashboard/home', 'dashboard.read', DashboardOutlined),
  CONTACTS_GROUP,
  {
    kind: 'group',
    key: 'finance',
    titleId: 'menu.finance',
    icon: DollarOutlined,
    children: [
      link('menu.finance.income', '/finance/income', 'finance.record'),
      link('menu.finance.expenses', '/finance/expenses', 'finance.record'),
      link('menu.finance.accounts', '/finance/accounts', 'finance.manage'),
      link('menu.finance.mpesa', '/finance/mpesa', 'finance.allocate'),
      // Harambee campaigns: targets, pledges, progress and reminders (issue 30).
      link('menu.finance.campaigns', '/finance/campaigns', 'finance.record'),
      // Beyond the spec's general menu (which lists four links): the statements and budgets the etracker menu has.
      link('menu.finance.statements', '/finance/statements', 'finance.reports'),
      link('menu.finance.budget', '/finance/budgets', 'finance.reports'),
      // Closing months (issue 26.4).
      link('menu.finance.periods', '/finance/periods', 'finance.record'),
    ],
  },
  MEETINGS_GROUP,
  MESSAGING_GROUP,
  SETTINGS_GROUP,
];

/**
 * The menu groups each area an etracker partner may turn on brings (issue 28.7; `pnpm ops set-partner-areas`):
 * contacts with their groups and meetings, messaging. They follow its finance links, before Settings.
 */
const AREA_GROUPS: Readonly<Record<PartnerArea, MenuGroup[]>> = { contacts: [CONTACTS_GROUP, MEETINGS_GROUP], messaging: [MESSAGING_GROUP] };

/** The etracker menu of a partner with `areas` turned on: its own links, the areas' groups, Settings. */
export function etrackerMenu(areas: readonly PartnerArea[] | undefined): MenuEntry[] {
  const turnedOn = PARTNER_AREAS.flatMap((area) => (areas?.includes(area) ? AREA_GROUPS[area] : []));
  if (turnedOn.length === 0) return ETRACKER_MENU;
  return [...ETRACKER_MENU.filter((entry) => entry !== SETTINGS_GROUP), ...turnedOn, SETTINGS_GROUP];
}

/** The last menu made, kept while the user is the same object (the session store replaces it when it changes). */
let made: { user: SessionUser | null; entries: MenuEntry[] } | null = null;

/**
 * The menu depends on the partner's product (spec 1, 6), for an etracker partner on the areas it has turned on
 * (issue 28.7), and holds only what the user may open (issue 25: the server gives an etracker partner's staff no
 * permission of an area it has not turned on). The same user gives the same array, so the menu's memos hold
 * across renders.
 */
export function menuFor(user: SessionUser | null): MenuEntry[] {
  if (made?.user !== user) made = { user, entries: allowedMenu(isEtracker(user) ? etrackerMenu(user?.Partner.areas) : GENERAL_MENU, user) };
  return made.entries;
}

/** Every link of a menu, groups flattened. */
export function menuLinks(entries: MenuEntry[]): MenuLink[] {
  return entries.flatMap((entry) => (entry.kind === 'link' ? [entry] : entry.children));
}

export interface ActiveEntry {
  link: MenuLink;
  groupKey?: string;
}

/**
 * The link a path belongs to: the exact link, else the one whose path is the longest prefix
 * (/contacts/groups/new highlights Groups), together with its top-level group if any.
 */
export function activeEntry(entries: MenuEntry[], pathname: string): ActiveEntry | null {
  const candidates: ActiveEntry[] = entries.flatMap((entry) =>
    entry.kind === 'link' ? [{ link: entry }] : entry.children.map((child) => ({ link: child, groupKey: entry.key })),
  );
  let best: ActiveEntry | null = null;
  for (const candidate of candidates) {
    const { path } = candidate.link;
    const matches = pathname === path || pathname.startsWith(`${path}/`);
    if (matches && (best === null || path.length > best.link.path.length)) best = candidate;
  }
  return best;
}
