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
}

export type Partner = Selectable<PartnersTable>;
export type User = Selectable<UsersTable>;
export type NewMeetingType = Insertable<MeetingTypesTable>;
export type NewMeeting = Insertable<MeetingsTable>;
export type MeetingUpdate = Updateable<MeetingsTable>;
export type NewMember = Insertable<MembersTable>;
export type NewGroup = Insertable<GroupsTable>;
