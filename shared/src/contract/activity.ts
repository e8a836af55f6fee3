import * as yup from 'yup';

/**
 * The activity log (issue 26): who changed what, when, from where. Every change made through the API, the
 * gateways' callbacks, the outbox worker and `pnpm ops` writes one event in the transaction of the change;
 * the database refuses to change or remove an event (migration 0023).
 *
 * `GET /api/v2/activity?page&pagesize&startdate&enddate&user&area&entity&entityid` -> { activity, total }
 * (owners: everything; treasurers: the finance area), `GET /api/v2/activity.csv` with the same filters, and
 * each record's own history: `GET /api/v2/<resource path>/{id}/activity?page&pagesize` -> { activity, total }
 * (whoever may read the record).
 */
export const ACTIVITY_PATH = 'activity';
export const ACTIVITY_CSV_PATH = 'activity.csv';
/** A record's own history, under its resource's path: `income/12/activity`. */
export const recordActivityPath = (resourcePath: string, id: number | string) => `${resourcePath}/${id}/activity`;

/** Who made a change: a staff member (their user id is given), or one of the product's own writers. */
export const ACTOR_TYPES = ['staff', 'mpesa', 'sms_gateway', 'system', 'ops'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

/** The parts of the product a change belongs to: the Activity screen's area filter. */
export const ACTIVITY_AREAS = ['contacts', 'groups', 'meetings', 'messaging', 'finance', 'staff', 'settings'] as const;
export type ActivityArea = (typeof ACTIVITY_AREAS)[number];

/** The kinds of record an event names, each in its area. */
export const ACTIVITY_ENTITIES = {
  contact: 'contacts',
  contact_import: 'contacts',
  contact_import_preset: 'contacts',
  household: 'contacts',
  group: 'groups',
  group_type: 'groups',
  group_members: 'groups',
  meeting: 'meetings',
  meeting_type: 'meetings',
  message_send: 'messaging',
  message_config: 'messaging',
  opt_out: 'messaging',
  sms_units: 'messaging',
  uploaded_file: 'messaging',
  account: 'finance',
  income: 'finance',
  expense: 'finance',
  mpesa_payment: 'finance',
  bill_ref_rule: 'finance',
  budget: 'finance',
  period: 'finance',
  giving_statement: 'finance',
  /** An M-Pesa Express prompt (issue 29): from the giving page, or staff's 'Request payment'. */
  payment_request: 'finance',
  /** A payment a member reported by its M-Pesa code, asked of Daraja's Transaction Status API. */
  mpesa_lookup: 'finance',
  /** The partner's Daraja credentials, giving page and registered URLs (Settings → M-Pesa). */
  mpesa_setup: 'settings',
  /** A harambee campaign (issue 30), a contact's pledge to one, a reminder sent, the thank-you SMS set-up. */
  campaign: 'finance',
  pledge: 'finance',
  pledge_thanks: 'finance',
  staff: 'staff',
  session: 'staff',
  partner: 'settings',
} as const satisfies Record<string, ActivityArea>;
export type ActivityEntity = keyof typeof ACTIVITY_ENTITIES;
export const isActivityEntity = (value: unknown): value is ActivityEntity => typeof value === 'string' && Object.hasOwn(ACTIVITY_ENTITIES, value);

/**
 * What was done. `correct`: a posted income or expense replaced by a reversing entry and a new one; `reverse`:
 * reversed with nothing in its place; `erase`: a person's personal data erased on request (the event repeats
 * none of it); `deliver`: the outbox handed messages to the gateway; `report`: the gateway reported delivery.
 */
export const ACTIVITY_ACTIONS = [
  'create',
  'update',
  'delete',
  'archive',
  'restore',
  'erase',
  'import',
  'undo',
  'correct',
  'reverse',
  'allocate',
  'receive',
  'close',
  'reopen',
  'send',
  'quote',
  'cancel',
  'resend',
  'deliver',
  'report',
  'opt_out',
  'opt_in',
  'top_up',
  'invite',
  'accept',
  'sign_in',
  'sign_out',
  'password',
  'two_step',
  /** Issue 29: a prompt sent, a connection tested, URLs registered with Safaricom, a callback replayed, a code looked up. */
  'request',
  'test',
  'register',
  'replay',
  'look_up',
  /** Issue 30: pledge reminders sent; a fulfilled pledge thanked by SMS. */
  'remind',
  'thank',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** A value as the log keeps it: text, a number, true/false, or nothing. */
export type ActivityValue = string | number | boolean | null;

/**
 * One field that changed. `personal`: a person's data (names, phone, email, residence); after that person's
 * erasure `old` and `new` are null and `erased` is true: the log says a value changed, never what it was.
 */
export const activityChange = yup.object({
  field: yup.string().defined(),
  old: yup.mixed<string | number | boolean>().nullable().defined(),
  new: yup.mixed<string | number | boolean>().nullable().defined(),
  erased: yup.boolean().optional(),
});
export type ActivityChange = yup.InferType<typeof activityChange>;

export const activityRow = yup.object({
  id: yup.number().integer().defined(),
  /** ISO instant of the change (the transaction's). */
  at: yup.string().defined(),
  actorType: yup.string<ActorType>().oneOf(ACTOR_TYPES).defined(),
  /** The staff member, when a person made the change. */
  userId: yup.number().integer().nullable().defined(),
  /** Their name as it is now; null for the product's own writers. */
  actorName: yup.string().nullable().defined(),
  /** The address the request came from (staff and callbacks); null for the worker and ops. */
  address: yup.string().nullable().defined(),
  action: yup.string<ActivityAction>().defined(),
  area: yup.string<ActivityArea>().oneOf(ACTIVITY_AREAS).defined(),
  entity: yup.string<ActivityEntity>().defined(),
  /** The record's id (a month `YYYY-MM` for a period); null for an action on no one record. */
  entityId: yup.string().nullable().defined(),
  changes: yup.array(activityChange).defined(),
  /** A bulk action's counts (recipients, rows imported), a correction's reason and linked entries. */
  details: yup
    .mixed<Record<string, ActivityValue>>()
    .defined()
    .meta({ jsonSchema: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean', 'null'] } } }),
});
export type ActivityEntry = yup.InferType<typeof activityRow>;

export interface ActivityList {
  activity: ActivityEntry[];
  total: number;
}

/** The Activity screen's query (besides the standard page, pagesize, startdate, enddate). */
export interface ActivityQuery {
  page: number;
  pagesize: number;
  startdate?: string;
  enddate?: string;
  /** A staff member's user id, or an actor type ('mpesa', 'system', ...). */
  user?: string;
  area?: ActivityArea;
  entity?: ActivityEntity;
  entityid?: string;
}
