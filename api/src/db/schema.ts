import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';
import type {
  ActivityArea,
  ActivityChange,
  ActivityValue,
  ActorType,
  DarajaEnvironment,
  DarajaSecret,
  ExpressStatus,
  ExpressTransactionType,
  LookupStatus,
  PartnerArea,
  ResponseType,
  Role,
} from '@ushirika/shared/contract';

/**
 * The database as Kysely sees it. Column types say what the drivers hand back: both `pg` and
 * PGlite return `timestamptz` as Date; `numeric`, `date` and `time` are always selected through
 * explicit casts to text in the queries (no float, no time-zone shift), so they are typed as strings.
 */
/** Set by the database; seeding and tests may backdate it. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Numeric = ColumnType<string, string, string>;
type Json<T> = ColumnType<T, string, string>;

/**
 * The columns of a record an edit screen changes (migration 0015, api/src/db/record-versions.ts): its version
 * (1 when created, one more per change), who made the last change (a user id; null when no signed-in person
 * did) and when.
 */
export interface Versioned {
  version: ColumnType<number, never, number>;
  updated_by: ColumnType<number | null, never, number | null>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

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
  /** The last receipt number given to an income (migration 0006); the next income takes this + 1. */
  last_receipt_number: ColumnType<number, number | undefined, number>;
  /** The secret in the C2B callback path that finds this partner (migration 0007). Its short codes: partner_mpesa_short_codes. */
  mpesa_callback_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** The secret whose URLs Safaricom has while a new one's wait to be registered: it still finds the partner (migration 0020). */
  mpesa_previous_callback_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a callback last came on the previous secret (migration 0020). */
  mpesa_previous_secret_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** IANA zone of the partner's days, weeks and months ('Africa/Nairobi' by default, migration 0010) */
  time_zone: ColumnType<string, string | undefined, string>;
  /** Owners and treasurers must sign in with a second step (migration 0022): their owners' choice. */
  require_two_step: ColumnType<boolean, boolean | undefined, boolean>;
  /** A corrected income's payer gets one correction SMS (migration 0024): the partner's choice, off by default. */
  correction_sms: ColumnType<boolean, boolean | undefined, boolean>;
  /** The areas an etracker partner has turned on beyond finance (migration 0027; `pnpm ops`): a general partner has all. */
  areas: ColumnType<PartnerArea[], PartnerArea[] | undefined, PartnerArea[]>;
  /** The public giving page is /give/{giving_code} (migration 0028); none until chosen in Settings → M-Pesa. */
  giving_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** Whole shillings the giving page allows (exact decimals as text). */
  giving_min_amount: ColumnType<string, string | undefined, string>;
  giving_max_amount: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  partner_id: number;
  /** Unique across partners, compared lower-cased; optional when the staff member has a mobile (migration 0022). */
  email: string | null;
  /** Null while the staff member's invitation waits to be accepted (migration 0022). */
  password_hash: string | null;
  first_name: string;
  last_name: string;
  /** Tokens carry the generation they were issued in; changing the password or logging out everywhere adds one (migration 0008). */
  token_generation: ColumnType<number, number | undefined, number>;
  /** The fixed roles held (shared/src/contract/permissions.ts), at least one (migration 0022). */
  roles: Role[];
  /** A deactivated staff member cannot sign in (migration 0022). */
  active: ColumnType<boolean, boolean | undefined, boolean>;
  /** E.164, unique across partners: staff sign in with it too (migration 0022). */
  phone: ColumnType<string | null, string | null | undefined, string | null>;
  /** SHA-256 (hex) of the one-time link that sets the password, and when it expires. */
  invitation_hash: ColumnType<string | null, string | null | undefined, string | null>;
  invitation_expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The TOTP secret (base32) once two-step sign-in is on; the pending one between the QR code and the first code. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The RFC 6238 time step of the last code accepted: a code is taken once (RFC 6238 section 5.2). */
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
}

/** One sign-in: the token's `sid` (migration 0022). */
export interface UserSessionsTable {
  id: string;
  user_id: number;
  created_at: CreatedAt;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
  ended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  user_agent: ColumnType<string, string | undefined, string>;
  address: ColumnType<string, string | undefined, string>;
}

/** Two-step sign-in's recovery codes, hashed, each used once (migration 0022). */
export interface UserRecoveryCodesTable {
  user_id: number;
  code_hash: string;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A forgotten password's code, hashed: 10 minutes, 5 tries (migration 0022). */
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  expires_at: Date;
  tries: ColumnType<number, number | undefined, number>;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

export interface MeetingTypesTable extends Versioned {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  description: string;
  created_at: CreatedAt;
}

export interface MeetingsTable extends Versioned {
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
  /** The group whose meeting it is (migration 0027): attendance is taken from its members; null for none. */
  group_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** People counted who are not ticked by name (migration 0027). */
  visitors: ColumnType<number, number | undefined, number>;
  /** The searched columns, lower-cased, as one text (migration 0009): read by db/search-text.ts only. */
  search_text: GeneratedAlways<string>;
}

export interface MembersTable extends Versioned {
  id: Generated<number>;
  tenant_id: number;
  first_name: string;
  last_name: string;
  /** M, F or O */
  gender: string;
  /** E.164, unique per tenant; searched by its start on its own prefix index (migration 0030) and by fragment on trigrams (0009) */
  phone: string;
  /** '' when none */
  email: ColumnType<string, string | undefined, string>;
  residence: string;
  created_at: CreatedAt;
  /**
   * The searched columns, lower-cased, as one text (migration 0009): read by db/search-text.ts only, for the
   * contacts search and for the messages list's recipients (migration 0030, through notifications.member_id).
   */
  search_text: GeneratedAlways<string>;
  /** Archived (migration 0025): hidden from lists, choices and sends; their giving stays. Null while active. */
  archived_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  archived_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** Their personal data erased on request (migration 0025): names, phone, email and residence replaced everywhere. */
  erased_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Migration 0026 (issue 27): '' / null when not known. Gender above may be '' too. */
  date_of_birth: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  membership_status: ColumnType<string, string | undefined, string>;
  marital_status: ColumnType<string, string | undefined, string>;
  /** The person's id in the system they were imported from; unique per tenant when given. */
  external_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Who came to a meeting, by name (migration 0027). */
export interface MeetingAttendeesTable {
  tenant_id: number;
  meeting_id: number;
  member_id: number;
  created_at: CreatedAt;
}

/** Households (migration 0026): `external_key` is the imported file's household id; null for one made here (`H-<id>`). */
export interface HouseholdsTable extends Versioned {
  tenant_id: number;
  id: Generated<number>;
  name: string;
  external_key: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface HouseholdMembersTable {
  tenant_id: number;
  household_id: number;
  member_id: number;
  /** head, spouse, child or other; one head per household */
  role: string;
  created_at: CreatedAt;
}

/** One import (migration 0026): what it created and updated, and when it was undone. */
export interface ContactImportBatchesTable {
  tenant_id: number;
  id: Generated<number>;
  created_at: CreatedAt;
  created_by: number | null;
  file_name: ColumnType<string, string | undefined, string>;
  created: ColumnType<number, number | undefined, number>;
  updated: ColumnType<number, number | undefined, number>;
  undone_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  undone_by: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A contact an import created or updated: the fields it wrote and, for an update, their values before. */
export interface ContactImportChangesTable {
  tenant_id: number;
  batch_id: number;
  member_id: number;
  kind: 'created' | 'updated';
  after: Json<Record<string, string>>;
  before: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
}

/** A saved column matching of the import (migration 0026). */
export interface ContactImportPresetsTable {
  tenant_id: number;
  id: Generated<number>;
  name: string;
  mapping: Json<Record<string, string | null>>;
  created_at: CreatedAt;
}

/** Contacts per partner, kept by triggers on members (migration 0002). */
export interface MemberCountsTable {
  tenant_id: number;
  /** bigint: `pg` hands it back as a string */
  total: ColumnType<string, never, never>;
}

export interface GroupTypesTable extends Versioned {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  description: string;
  created_at: CreatedAt;
}

export interface GroupsTable extends Versioned {
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

export interface MessageConfigsTable extends Versioned {
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

/** 'Staff': the product's own messages to staff (invitations, reset codes), never listed with the partner's messages. */
export type RecipientType = 'Typed' | 'Group' | 'Upload' | 'Receipt' | 'Staff';

/** One send as the user asked for it: its notifications are the recipients. */
export interface MessageSendsTable {
  tenant_id: number;
  id: Generated<number>;
  recipient_type: RecipientType;
  /** The text as written, placeholders included: what the messages list searches (migration 0030's trigram index) */
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
  /** The contact it went to, when the number is one's: the messages list finds a recipient's name through it (migration 0030) */
  member_id: number | null;
  /** E.164 */
  recipient: string;
  type: ColumnType<string, string | undefined, string>;
  category: ColumnType<string, string | undefined, string>;
  /** The text sent to this recipient (placeholders filled); not searched (no index): the list searches the send's text and the contact */
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

export type AccountType = 'CR' | 'DR' | 'ROOT';
export type PaymentChannel = 'CASH' | 'M-PESA' | 'ACCOUNT' | 'CHEQUE';

/** Migration 0006. `parent_id` null is the API's parentId 0 ('Root Account'). */
export interface AccountsTable extends Versioned {
  tenant_id: number;
  id: Generated<number>;
  name: string;
  type: AccountType;
  parent_id: number | null;
  /** Offered on the giving page (migration 0028). */
  open_for_giving: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

export interface IncomesTable extends Versioned {
  tenant_id: number;
  id: Generated<number>;
  /** Sequential per partner (partners.last_receipt_number), never reused */
  receipt_number: number;
  first_name: string;
  last_name: string;
  /** E.164 when typed in; as M-Pesa sent it when allocated from a payment (possibly ''). Its start is searched on incomes_phone_idx (migration 0030). */
  phone: string;
  amount: Numeric;
  payment_for: string;
  account_id: number;
  /** YYYY-MM-DD */
  date_of_transaction: string;
  mode: PaymentChannel;
  reference: string;
  /** The M-Pesa payment it was allocated from (unique: a payment is allocated once) */
  online_transaction_id: number | null;
  /** The contact it is linked to (migration 0021: found from the payer's MSISDN, or chosen by a treasurer); its phone is then the contact's */
  member_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The SMS receipt's send, when one was asked for */
  receipt_send_id: number | null;
  /** The meeting whose offering it records (migration 0027); null for none. */
  meeting_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** The searched columns, lower-cased, as one text (migration 0009): read by db/search-text.ts only. */
  search_text: GeneratedAlways<string>;
  /** The entry this one reverses (migration 0024): its amount is the other's, negated; same account and date. */
  reversal_of_id: ColumnType<number | null, number | null | undefined, never>;
  /** The reversing entry of this one, once it is reversed (migration 0024): its money never changes again. */
  reversed_by_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The entry this one replaces, when it was made by a correction (migration 0024). */
  correction_of_id: ColumnType<number | null, number | null | undefined, never>;
  /** Why a reversal or correction was made (migration 0024); null on an ordinary entry. */
  reason: ColumnType<string | null, string | null | undefined, never>;
}

/** Each partner's number of incomes, kept by statement triggers (migration 0006): the unfiltered list's total. */
export interface IncomeCountsTable {
  tenant_id: number;
  /** bigint: `pg` hands it back as a string */
  total: ColumnType<string, never, never>;
}

/**
 * Each partner's figures per day, source and channel, kept by statement triggers (migration 0010): the
 * dashboards' weekly and monthly sums. Written by the triggers (and setPartnerTimeZone) only.
 */
export interface DayTotalsTable {
  tenant_id: number;
  day: ColumnType<string, never, never>;
  source: ColumnType<'income' | 'expense' | 'payment' | 'message' | 'attendance', never, never>;
  channel: ColumnType<string, never, never>;
  amount: ColumnType<Numeric, never, never>;
}

export interface ExpensesTable extends Versioned {
  tenant_id: number;
  id: Generated<number>;
  payee: string;
  amount: Numeric;
  payment_for: string;
  account_id: number;
  /** YYYY-MM-DD */
  date_of_transaction: string;
  mode: PaymentChannel;
  reference: string;
  notes: string;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** The entry this one reverses (migration 0024): its amount is the other's, negated; same account and date. */
  reversal_of_id: ColumnType<number | null, number | null | undefined, never>;
  /** The reversing entry of this one, once it is reversed (migration 0024): its money never changes again. */
  reversed_by_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The entry this one replaces, when it was made by a correction (migration 0024). */
  correction_of_id: ColumnType<number | null, number | null | undefined, never>;
  /** Why a reversal or correction was made (migration 0024); null on an ordinary entry. */
  reason: ColumnType<string | null, string | null | undefined, never>;
}

/** One account's budget for one month. */
export interface BudgetsTable {
  tenant_id: number;
  account_id: number;
  year: number;
  /** 1 to 12 */
  month: number;
  amount: Numeric;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type MpesaCallbackOutcome =
  | 'received'
  | 'accepted'
  | 'rejected'
  | 'duplicate'
  | 'malformed'
  | 'unknown-partner'
  /** From an address MPESA_CALLBACK_SOURCES does not list (migration 0014): kept, not processed. */
  | 'forbidden-source'
  /** A confirmation of the partner's with no readable TransID or amount (migration 0016): kept for a person. */
  | 'held'
  /** A confirmation repeating a stored TransID with another amount, payer or short code (migration 0020): the payment is flagged. */
  | 'differing-repeat'
  | 'failed';

/** A paybill or till number a partner takes C2B payments on (migration 0020); one partner's only. */
export interface PartnerMpesaShortCodesTable {
  tenant_id: number;
  short_code: string;
  kind: ColumnType<'paybill' | 'till' | null, 'paybill' | 'till' | null | undefined, 'paybill' | 'till' | null>;
  created_at: CreatedAt;
}

/** The C2B inbox (migration 0007): every callback's raw body, stored before it is read. Global, not per partner. */
/** C2B's two callbacks, M-Pesa Express's result, Transaction Status's result and queue time-out (migration 0028). */
export type MpesaCallbackKind = 'validation' | 'confirmation' | 'stk' | 'status-result' | 'status-timeout';

export interface MpesaCallbacksTable {
  id: Generated<string>;
  kind: MpesaCallbackKind;
  tenant_id: number | null;
  trans_id: string | null;
  body: string;
  outcome: ColumnType<MpesaCallbackOutcome, MpesaCallbackOutcome | undefined, MpesaCallbackOutcome>;
  detail: string | null;
  received_at: CreatedAt;
  /** Where it came from (request.ip) and its body's size in bytes (migration 0016); null before. */
  source: ColumnType<string | null, string | null | undefined, string | null>;
  body_size: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A confirmed M-Pesa payment (migration 0007), once per TransID per partner. */
export interface OnlineTransactionsTable {
  tenant_id: number;
  id: Generated<number>;
  trans_id: string;
  transaction_type: string;
  trans_time: ColumnType<Date, Date | string, Date | string>;
  amount: Numeric;
  short_code: string;
  bill_ref: string;
  invoice_number: ColumnType<string, string | undefined, string>;
  org_account_balance: ColumnType<string, string | undefined, string>;
  third_party_trans_id: ColumnType<string, string | undefined, string>;
  /** As sent: a phone number or a SHA-256 hash */
  msisdn: string;
  first_name: ColumnType<string, string | undefined, string>;
  middle_name: ColumnType<string, string | undefined, string>;
  last_name: ColumnType<string, string | undefined, string>;
  account_id: number | null;
  income_id: number | null;
  allocated_by: 'rule' | 'staff' | null;
  allocated_at: Date | null;
  callback_id: string | null;
  created_at: CreatedAt;
  /** Why a person must look at it (migration 0016: reasons joined by '; '); null when nothing is wrong. Never allocated by a rule while set. */
  check_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** How it reached us (migration 0028): a C2B confirmation, a prompt's callback, a Transaction Status result. */
  origin: ColumnType<MpesaPaymentOrigin, MpesaPaymentOrigin | undefined, MpesaPaymentOrigin>;
}

export type MpesaPaymentOrigin = 'c2b' | 'stk' | 'status';

/** A partner's Daraja set-up (migration 0028). `secrets`: the sealed JSON of the DARAJA_SECRETS stored (partners/secrets.ts). */
export interface PartnerDarajaTable {
  tenant_id: number;
  environment: ColumnType<DarajaEnvironment, DarajaEnvironment | undefined, DarajaEnvironment>;
  express_short_code: ColumnType<string, string | undefined, string>;
  transaction_type: ColumnType<ExpressTransactionType, ExpressTransactionType | undefined, ExpressTransactionType>;
  party_b: ColumnType<string, string | undefined, string>;
  initiator: ColumnType<string, string | undefined, string>;
  response_type: ColumnType<ResponseType, ResponseType | undefined, ResponseType>;
  secrets: ColumnType<string | null, string | null | undefined, string | null>;
  secrets_set: ColumnType<DarajaSecret[], DarajaSecret[] | undefined, DarajaSecret[]>;
  registered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  registration_ok: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  registration_message: ColumnType<string | null, string | null | undefined, string | null>;
  version: ColumnType<number, number | undefined, number>;
  updated_by: ColumnType<number | null, number | null | undefined, number | null>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** 'sending' is stored before Daraja is called; the contract's statuses after (migration 0028). */
export type ExpressRequestStatus = 'sending' | ExpressStatus;

/** One M-Pesa Express prompt (migration 0028). */
export interface MpesaExpressRequestsTable {
  tenant_id: number;
  id: Generated<string>;
  checkout_request_id: ColumnType<string | null, string | null | undefined, string | null>;
  merchant_request_id: ColumnType<string | null, string | null | undefined, string | null>;
  account_id: number;
  member_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Whole shillings, exact decimal text. */
  amount: ColumnType<string, string, string>;
  /** 2547… as prompted. */
  phone: string;
  origin: 'giving-page' | 'staff';
  requested_by: ColumnType<number | null, number | null | undefined, number | null>;
  status: ColumnType<ExpressRequestStatus, ExpressRequestStatus | undefined, ExpressRequestStatus>;
  result_code: ColumnType<string | null, string | null | undefined, string | null>;
  result_desc: ColumnType<string | null, string | null | undefined, string | null>;
  receipt_number: ColumnType<string | null, string | null | undefined, string | null>;
  online_transaction_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Sent to the development simulator, not Daraja. */
  simulated: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  prompted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  settled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  next_query_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  query_attempts: ColumnType<number, number | undefined, number>;
}

export type LookupRequestStatus = 'sending' | LookupStatus;

/** A reported M-Pesa code asked of the Transaction Status API (migration 0028). */
export interface MpesaLookupsTable {
  tenant_id: number;
  id: Generated<string>;
  trans_id: string;
  requested_by: ColumnType<number | null, number | null | undefined, number | null>;
  status: ColumnType<LookupRequestStatus, LookupRequestStatus | undefined, LookupRequestStatus>;
  conversation_id: ColumnType<string | null, string | null | undefined, string | null>;
  originator_conversation_id: ColumnType<string | null, string | null | undefined, string | null>;
  result_code: ColumnType<string | null, string | null | undefined, string | null>;
  result_desc: ColumnType<string | null, string | null | undefined, string | null>;
  online_transaction_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  settled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** BillRefNumber → account (migration 0007). */
export interface BillRefRulesTable extends Versioned {
  tenant_id: number;
  id: Generated<number>;
  bill_ref: string;
  /** Upper case, spaces removed (contract billRefKey) */
  bill_ref_key: string;
  account_id: number;
  /** The campaign whose M-Pesa account code made this rule (migration 0029), else null. */
  campaign_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
}

/** A harambee: a target raised into one income account between two dates (migration 0029). Totals kept by triggers. */
export interface CampaignsTable extends Versioned {
  tenant_id: number;
  id: Generated<number>;
  name: string;
  target: ColumnType<string, string, string>;
  start_date: ColumnType<string, string, string>;
  end_date: ColumnType<string, string, string>;
  account_id: number;
  /** The M-Pesa account code as typed (its rule's key is billRefKey(code)); null when none. */
  code: ColumnType<string | null, string | null | undefined, string | null>;
  status: ColumnType<'open' | 'closed', 'open' | 'closed' | undefined, 'open' | 'closed'>;
  paid: ColumnType<string, never, never>;
  pledged: ColumnType<string, never, never>;
  owed: ColumnType<string, never, never>;
  pledgers: ColumnType<number, never, never>;
  fulfilled: ColumnType<number, never, never>;
  /** Contacts who gave without a pledge. */
  unpledged: ColumnType<number, never, never>;
  created_by: number | null;
  created_at: CreatedAt;
}

/** One contact's pledge to a campaign and what they have paid toward it (migration 0029). */
export interface PledgesTable {
  tenant_id: number;
  id: Generated<number>;
  campaign_id: number;
  member_id: number;
  pledged: ColumnType<string, string | undefined, string>;
  paid: ColumnType<string, never, never>;
  balance: ColumnType<string, never, never>;
  pledged_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  thanked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** lower(last name + ' ' + first name) of the contact, kept by triggers: the list's name order. */
  name_key: ColumnType<string, never, never>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A pledge raised or lowered (migration 0029). */
export interface PledgeChangesTable {
  tenant_id: number;
  id: Generated<string>;
  pledge_id: number;
  previous: ColumnType<string, string, never>;
  amount: ColumnType<string, string, never>;
  source: 'screen' | 'import';
  changed_by: number | null;
  changed_at: CreatedAt;
}

/** A campaign's income per week, Monday first (migration 0029; kept by the incomes trigger). */
export interface CampaignWeeksTable {
  tenant_id: number;
  campaign_id: number;
  week: ColumnType<string, never, never>;
  amount: ColumnType<string, never, never>;
}

/** The partner's thank-you SMS for a fulfilled pledge (migration 0029); no row: on, with the product's text. */
export interface PledgeThanksTable {
  tenant_id: number;
  enabled: boolean;
  /** Null: the product's text (PLEDGE_THANKS_DEFAULT_TEXT). */
  text: string | null;
  version: ColumnType<number, never, number>;
  updated_by: number | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A rate limit's counter for one key and window (migration 0008; the PostgreSQL store of api/src/auth/rate-limit-store.ts). */
export interface RateLimitHitsTable {
  key: string;
  hits: number;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

/** A running outbox worker's last sign of life (migration 0011): read by GET /readyz. Not tenant data. */
export interface WorkerHeartbeatsTable {
  /** host:pid:random, as the worker names its claims */
  worker_id: string;
  /** How often this worker beats: it is stale after a few missed beats */
  beat_interval_ms: number;
  started_at: CreatedAt;
  beat_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A gateway account that cannot send now (migration 0018; messaging/outbox/gateway-pause.ts). Not tenant data. */
export interface SmsGatewayPausesTable {
  /** e.g. africastalking:<username>: never a secret */
  account: string;
  reason: 'credit' | 'held' | 'refused';
  /** The gateway's word (InsufficientBalance, HTTP 401 ...) */
  detail: ColumnType<string, string | undefined, string>;
  since: ColumnType<Date, Date | string | undefined, Date | string>;
  probe_at: ColumnType<Date, Date | string, Date | string>;
  probes: ColumnType<number, number | undefined, number>;
}

/**
 * One event of the activity log (migration 0023): append-only, the database refuses UPDATE and DELETE. Written
 * by api/src/activity/record.ts only, in the transaction of its change.
 */
export interface ActivityEventsTable {
  tenant_id: number;
  /** bigint: read it as text */
  id: GeneratedAlways<string>;
  /** The transaction's instant */
  at: CreatedAt;
  actor_type: ActorType;
  user_id: number | null;
  address: string | null;
  action: string;
  area: ActivityArea;
  entity: string;
  entity_id: string | null;
  /** The fields that changed, personal ones excepted (those are in activity_personal_values) */
  changes: Json<ActivityChange[]>;
  details: Json<Record<string, ActivityValue>>;
}

/**
 * An event's personal values (names, phone, email, residence) kept apart from it (migration 0023), so that a
 * person's erasure removes them and leaves the event: the log still says what changed, no longer from what to what.
 */
export interface ActivityPersonalValuesTable {
  tenant_id: number;
  event_id: string;
  changes: Json<ActivityChange[]>;
}

/** A month of the partner's books (migration 0024): closed, nothing dated in it is recorded, corrected or reversed. */
export interface LedgerPeriodsTable {
  tenant_id: number;
  /** The month's first day, YYYY-MM-DD */
  month: string;
  closed: boolean;
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  closed_by: number | null;
  reopened_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  reopened_by: number | null;
  reopen_reason: string | null;
}

export interface Database {
  partners: PartnersTable;
  users: UsersTable;
  user_sessions: UserSessionsTable;
  user_recovery_codes: UserRecoveryCodesTable;
  password_resets: PasswordResetsTable;
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
  accounts: AccountsTable;
  incomes: IncomesTable;
  income_counts: IncomeCountsTable;
  day_totals: DayTotalsTable;
  expenses: ExpensesTable;
  budgets: BudgetsTable;
  mpesa_callbacks: MpesaCallbacksTable;
  partner_mpesa_short_codes: PartnerMpesaShortCodesTable;
  online_transactions: OnlineTransactionsTable;
  partner_daraja: PartnerDarajaTable;
  mpesa_express_requests: MpesaExpressRequestsTable;
  mpesa_lookups: MpesaLookupsTable;
  bill_ref_rules: BillRefRulesTable;
  campaigns: CampaignsTable;
  pledges: PledgesTable;
  pledge_changes: PledgeChangesTable;
  campaign_weeks: CampaignWeeksTable;
  pledge_thanks: PledgeThanksTable;
  rate_limit_hits: RateLimitHitsTable;
  worker_heartbeats: WorkerHeartbeatsTable;
  sms_gateway_pauses: SmsGatewayPausesTable;
  activity_events: ActivityEventsTable;
  activity_personal_values: ActivityPersonalValuesTable;
  ledger_periods: LedgerPeriodsTable;
  meeting_attendees: MeetingAttendeesTable;
  households: HouseholdsTable;
  household_members: HouseholdMembersTable;
  contact_import_batches: ContactImportBatchesTable;
  contact_import_changes: ContactImportChangesTable;
  contact_import_presets: ContactImportPresetsTable;
}

export type Partner = Selectable<PartnersTable>;
export type User = Selectable<UsersTable>;
export type NewMeetingType = Insertable<MeetingTypesTable>;
export type NewMeeting = Insertable<MeetingsTable>;
export type MeetingUpdate = Updateable<MeetingsTable>;
export type NewMember = Insertable<MembersTable>;
export type NewGroup = Insertable<GroupsTable>;
