import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The database as Kysely sees it. Column types say what the drivers hand back: both `pg` and
 * PGlite return `timestamptz` as Date; `numeric`, `date` and `time` are always selected through
 * explicit casts to text in the queries (no float, no time-zone shift), so they are typed as strings.
 */
/** Set by the database; seeding and tests may backdate it. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Numeric = ColumnType<string, string, string>;
type Json<T> = ColumnType<T, string, string>;

export interface PartnerSetting {
  name: string;
  value: string;
}

export interface PartnersTable {
  id: Generated<number>;
  name: string;
  product: string;
  sms_units: ColumnType<number, number | undefined, number>;
  settings: Json<PartnerSetting[]>;
  /** ISO 3166-1 alpha-2 ('KE' by default, migration 0003): local phone numbers are read as this country's. */
  country: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  partner_id: number;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  created_at: CreatedAt;
}

export interface MeetingTypesTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  description: string;
  created_at: CreatedAt;
}

export interface MeetingsTable {
  id: Generated<number>;
  tenant_id: number;
  meeting_type_id: number;
  /** YYYY-MM-DD */
  date_of_meeting: string;
  /** HH:mm */
  start_time: string;
  end_time: string;
  actual_attendance: number;
  expected_attendance: number;
  subject: string;
  facilitator: string;
  speaker: string;
  total_offering: Numeric;
  notes: string;
  created_at: CreatedAt;
}

export interface MembersTable {
  id: Generated<number>;
  tenant_id: number;
  first_name: string;
  last_name: string;
  /** M, F or O */
  gender: string;
  /** E.164, unique per tenant */
  phone: string;
  /** '' when none */
  email: ColumnType<string, string | undefined, string>;
  residence: string;
  created_at: CreatedAt;
}

/** Contacts per partner, kept by triggers on members (migration 0002). */
export interface MemberCountsTable {
  tenant_id: number;
  /** bigint: `pg` hands it back as a string */
  total: ColumnType<string, never, never>;
}

export interface GroupTypesTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  description: string;
  created_at: CreatedAt;
}

export interface GroupsTable {
  id: Generated<number>;
  tenant_id: number;
  group_type_id: number;
  name: string;
  description: string;
  brand_name: string;
  created_at: CreatedAt;
}

export interface GroupMembersTable {
  tenant_id: number;
  group_id: number;
  member_id: number;
  /** when the contact joined the group */
  created_at: CreatedAt;
}

export interface MessageConfigsTable {
  id: Generated<number>;
  tenant_id: number;
  config: string;
  value: string;
  created_at: CreatedAt;
}

/** Every change of a partner's SMS units, written by the statement that changes `partners.sms_units` (migration 0005). */
export interface SmsUnitEntriesTable {
  tenant_id: number;
  id: Generated<number>;
  /** Units added (top-up, refund) or taken (send, resend: negative). */
  change: number;
  balance_after: number;
  reason: 'opening' | 'top-up' | 'send' | 'resend' | 'refund';
  send_id: number | null;
  note: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
}

/** A recipients file of an Upload send, kept so its partner can download it again. */
export interface UploadedFilesTable {
  tenant_id: number;
  id: Generated<number>;
  name: string;
  /** MIME type as uploaded */
  file_type: string;
  /** 'csv' or 'xlsx' */
  extension: string;
  size: number;
  content: Uint8Array;
  /** The uploading user's name, as the list shows it */
  uploaded_by: string;
  recipients: number;
  created_at: CreatedAt;
}

export type RecipientType = 'Typed' | 'Group' | 'Upload' | 'Receipt';

/** One send as the user asked for it: its notifications are the recipients. */
export interface MessageSendsTable {
  tenant_id: number;
  id: Generated<number>;
  recipient_type: RecipientType;
  /** The text as written, placeholders included */
  message: string;
  group_id: number | null;
  upload_id: number | null;
  /** When a scheduled send is due; null for now */
  send_at: Date | null;
  created_by: number | null;
  recipients: ColumnType<number, number | undefined, number>;
  units: ColumnType<number, number | undefined, number>;
  cancelled_at: Date | null;
  created_at: CreatedAt;
}

/**
 * The outbox's life cycle (migration 0005): queued → claimed → sending → sent → delivered, or failed
 * with a reason; `unknown` when a worker died during the gateway request; `opted_out` never leaves;
 * `cancelled` when its scheduled send was cancelled.
 */
export type NotificationState = 'queued' | 'claimed' | 'sending' | 'sent' | 'delivered' | 'failed' | 'unknown' | 'opted_out' | 'cancelled';

export interface NotificationsTable {
  tenant_id: number;
  id: Generated<number>;
  send_id: number;
  member_id: number | null;
  /** E.164 */
  recipient: string;
  type: ColumnType<string, string | undefined, string>;
  category: ColumnType<string, string | undefined, string>;
  /** The text sent to this recipient (placeholders filled) */
  message: string;
  state: ColumnType<NotificationState, NotificationState | undefined, NotificationState>;
  /** Units charged for it (its segments); 0 when opted out */
  units: ColumnType<number, number | undefined, number>;
  /** Not sent before this instant: the schedule, or the next retry */
  due_at: ColumnType<Date, Date | string | undefined, Date | string>;
  attempts: ColumnType<number, number | undefined, number>;
  claimed_by: string | null;
  claimed_at: Date | null;
  provider_message_id: string | null;
  /** The gateway's cost text, e.g. 'KES 0.8000' */
  cost: string | null;
  parts: number | null;
  failure_reason: string | null;
  resent_at: Date | null;
  sent_at: Date | null;
  delivered_at: Date | null;
  created_at: CreatedAt;
}

export interface SmsOptOutsTable {
  tenant_id: number;
  id: Generated<number>;
  /** E.164 */
  phone: string;
  /** Who opted the number out: staff, the recipient's STOP reply, or the gateway's blacklist */
  source: 'staff' | 'reply' | 'gateway';
  created_at: CreatedAt;
}

export interface Database {
  partners: PartnersTable;
  users: UsersTable;
  meeting_types: MeetingTypesTable;
  meetings: MeetingsTable;
  members: MembersTable;
  member_counts: MemberCountsTable;
  group_types: GroupTypesTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  message_configs: MessageConfigsTable;
  sms_unit_entries: SmsUnitEntriesTable;
  uploaded_files: UploadedFilesTable;
  message_sends: MessageSendsTable;
  notifications: NotificationsTable;
  sms_opt_outs: SmsOptOutsTable;
}

export type Partner = Selectable<PartnersTable>;
export type User = Selectable<UsersTable>;
export type NewMeetingType = Insertable<MeetingTypesTable>;
export type NewMeeting = Insertable<MeetingsTable>;
export type MeetingUpdate = Updateable<MeetingsTable>;
export type NewMember = Insertable<MembersTable>;
export type NewGroup = Insertable<GroupsTable>;
