import { ETRACKER_PRODUCT, type PartnerArea } from './constants';

/**
 * Staff roles and what each may do (issue 25): the one permission table, read by the server (every route
 * declares the permission it needs, api/src/auth/permissions.ts) and by every front end (menus, buttons,
 * screens). Roles are fixed and few; a staff member may hold several, and may do what any of them allows.
 */

export const ROLES = ['owner', 'administrator', 'treasurer', 'finance_clerk', 'secretary', 'messaging', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** The roles an etracker partner (a money-only product) offers. */
export const ETRACKER_ROLES: readonly Role[] = ['owner', 'treasurer', 'finance_clerk', 'viewer'];

/** The roles only an owner grants or removes (an administrator manages every other). */
export const OWNER_GRANTED_ROLES: readonly Role[] = ['owner', 'treasurer'];

/** The roles that must sign in with a second step where the partner requires it. */
export const TWO_STEP_ROLES: readonly Role[] = ['owner', 'treasurer'];

export const PERMISSIONS = [
  /** The dashboards, their money totals included. */
  'dashboard.read',
  'contacts.read',
  'contacts.write',
  /** Import contacts from a file, export them to one. */
  'contacts.transfer',
  /** Groups, group types and who is in a group. */
  'groups.read',
  'groups.write',
  /** Meetings and meeting types. */
  'meetings.read',
  'meetings.write',
  /** Messages sent, failed messages, uploaded files, opt-outs, the units balance. */
  'messaging.read',
  /** Send (it costs units), upload numbers, opt numbers out and in. */
  'messaging.send',
  /** The saved message texts (templates). */
  'messaging.configure',
  /** Income and expense lists; record and correct income and expenses (accounts read, for the pickers). */
  'finance.record',
  /** Waiting M-Pesa payments: allocate them, link an income to the contact who paid. */
  'finance.allocate',
  /** Accounts set-up, M-Pesa rules, budgets. */
  'finance.manage',
  /** Statements, giving statements, budgets read. */
  'finance.reports',
  /** The partner's settings. */
  'settings.manage',
  /** Staff: list, invite, change roles, deactivate (never `owner` nor `treasurer` without security.manage). */
  'staff.manage',
  /** Grant or remove `owner` and `treasurer`, reset another's second step, require two-step sign-in. */
  'security.manage',
  /** The whole activity log (Settings -> Activity). */
  'activity.read',
  /** The activity log's finance events (issue 26: treasurers). */
  'activity.finance',
  /** Close a month: no entry dated in it can be recorded, corrected or reversed. */
  'finance.close',
  /** Reopen a closed month, with a reason. */
  'finance.reopen',
  /** Erase a person's personal data on request (right to erasure). */
  'contacts.erase',
  /** Settings → M-Pesa (issue 29): Daraja credentials, the giving page, registering the callback URLs, replaying failed callbacks. */
  'mpesa.configure',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const CONTACT_WORK: Permission[] = ['contacts.read', 'contacts.write', 'contacts.transfer', 'groups.read', 'groups.write', 'meetings.read', 'meetings.write'];
const MESSAGING_WORK: Permission[] = ['messaging.read', 'messaging.send', 'messaging.configure'];

/** What each role may do. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: PERMISSIONS,
  administrator: ['dashboard.read', ...CONTACT_WORK, ...MESSAGING_WORK, 'settings.manage', 'staff.manage'],
  treasurer: [
    'dashboard.read',
    'contacts.read',
    'finance.record',
    'finance.allocate',
    'finance.manage',
    'finance.reports',
    'finance.close',
    'activity.finance',
    'mpesa.configure',
  ],
  finance_clerk: ['dashboard.read', 'finance.record', 'finance.allocate'],
  secretary: ['dashboard.read', ...CONTACT_WORK],
  messaging: ['dashboard.read', 'contacts.read', 'groups.read', 'messaging.read', 'messaging.send'],
  viewer: ['dashboard.read', 'contacts.read', 'groups.read', 'meetings.read'],
};

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);
export const isPermission = (value: unknown): value is Permission => typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);

/**
 * The permissions each area an etracker partner (money only) may have turned on brings (issue 28.7): its staff
 * hold them, as their roles give them, only where the partner has the area (partners.areas, set with `pnpm ops`).
 * A general partner has every area.
 */
export const AREA_PERMISSIONS: Readonly<Record<PartnerArea, readonly Permission[]>> = {
  contacts: [...CONTACT_WORK, 'contacts.erase'],
  messaging: MESSAGING_WORK,
};

/** What the permissions depend on beyond the roles: the partner's product and, for an etracker partner, its areas. */
export interface PermissionPartner {
  product: string;
  /** The areas turned on (an etracker partner's); none when absent. */
  areas?: readonly PartnerArea[] | null;
}

/**
 * Every permission any of `roles` gives, in the table's order; with the partner, without those of the areas an
 * etracker partner has not turned on (AREA_PERMISSIONS).
 */
export function permissionsOf(roles: readonly Role[], partner?: PermissionPartner): Permission[] {
  const held = new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role] ?? []));
  if (partner?.product === ETRACKER_PRODUCT) {
    for (const [area, permissions] of Object.entries(AREA_PERMISSIONS) as Array<[PartnerArea, readonly Permission[]]>) {
      if (!partner.areas?.includes(area)) for (const permission of permissions) held.delete(permission);
    }
  }
  return PERMISSIONS.filter((permission) => held.has(permission));
}

/**
 * Whether a signed-in user may do `permission`. A user without a permission list (the legacy server's answer, a
 * session stored before roles) may do everything: the screens then show every action and the server decides.
 * Here, in the stateless contract, so a remote's own kit copy has it even in a host whose session store predates it.
 */
export function can(user: { permissions?: readonly Permission[] } | null, permission: Permission): boolean {
  if (!user) return false;
  return user.permissions === undefined || user.permissions.includes(permission);
}

/** What a refused call does not allow, after "You do not have permission to ": the server's 403 text. */
export const PERMISSION_ACTIONS: Readonly<Record<Permission, string>> = {
  'dashboard.read': 'see the dashboards',
  'contacts.read': 'see contacts',
  'contacts.write': 'add or change contacts',
  'contacts.transfer': 'import or export contacts',
  'groups.read': 'see groups',
  'groups.write': 'add or change groups',
  'meetings.read': 'see meetings',
  'meetings.write': 'add or change meetings',
  'messaging.read': 'see messages',
  'messaging.send': 'send messages',
  'messaging.configure': 'change the saved messages',
  'finance.record': 'record income and expenses',
  'finance.allocate': 'allocate M-Pesa payments',
  'finance.manage': 'set up accounts, M-Pesa rules and budgets',
  'finance.reports': 'see statements and budgets',
  'settings.manage': 'change the settings',
  'staff.manage': 'manage staff',
  'security.manage': 'manage owners, treasurers and two-step sign-in',
  'activity.read': 'see the activity log',
  'activity.finance': 'see the activity log',
  'finance.close': 'close a month',
  'finance.reopen': 'reopen a closed month',
  'contacts.erase': "erase a person's personal data",
  'mpesa.configure': 'set up M-Pesa',
};

/** The 403 answer's text for a call that needs `permission`. */
export const noPermissionText = (permission: Permission): string => `You do not have permission to ${PERMISSION_ACTIONS[permission]}.`;

/**
 * What a route needs: a permission, any signed-in user (their own account: /me, the password, sessions), or
 * nobody (login, health, the gateways' callbacks, which their secret guards).
 */
export type RouteAccess = Permission | 'signed-in' | 'public';
