import type { ListResponse, PartnerRef, SaveResponse } from './common';

/** Gender codes a contact can have (spec 5: Male (M), Female (F), Other (O)). */
export const GENDERS = ['M', 'F', 'O'] as const;
export type Gender = (typeof GENDERS)[number];

/** The label each gender code shows in the form's select and in exported files (English ids for i18n). */
export const GENDER_LABELS: Record<Gender, string> = { M: 'Male', F: 'Female', O: 'Other' };

// ---------------------------------------------------------------------------------------------
// Contacts (members)

/** GET /api/v2/member -> { members, total } */
export interface Member {
  id: number;
  firstName: string;
  lastName: string;
  gender: Gender;
  /** E.164, e.g. "+254712345678": stored normalised so one person cannot be saved twice under two spellings. */
  phone: string;
  /** '' when none was given (the create form has no email field). */
  email: string;
  residence: string;
  createdAt: string;
  Partner: PartnerRef;
}
export type MembersResponse = ListResponse<'members', Member>;

/**
 * POST /api/v2/member. The phone is sent as `mobile` (the legacy name) in any common spelling;
 * the server stores it normalised (see `normalizePhone`).
 */
export interface MemberBody {
  firstName: string;
  lastName: string;
  gender: Gender;
  mobile: string;
  residence: string;
}

/** PUT /api/v2/member/{id}: the create body plus the email. */
export interface MemberUpdateBody extends MemberBody {
  email?: string;
}

/** Answer of POST /api/v2/member and PUT /api/v2/member/{id}. */
export type MemberSaveResponse = SaveResponse<'member', Member>;

// ---------------------------------------------------------------------------------------------
// Group types

/** GET /api/v2/group_types -> { group_types, total } (the group form's select asks for page 1, size 25). */
export interface GroupType {
  id: number;
  name: string;
  description: string;
  createdAt: string;
  Partner: PartnerRef;
}
export type GroupTypesResponse = ListResponse<'group_types', GroupType>;

/** POST /api/v2/group_types, PUT /api/v2/group_types/{id} */
export interface GroupTypeBody {
  name: string;
  description: string;
}

/** Answer of POST /api/v2/group_types and PUT /api/v2/group_types/{id}. */
export type GroupTypeSaveResponse = SaveResponse<'group_type', GroupType>;

// ---------------------------------------------------------------------------------------------
// Groups

/** GET /api/v2/groups -> { groups, total } */
export interface Group {
  id: number;
  name: string;
  description: string;
  brandName: string;
  /** id of the group's type */
  groupType: number;
  createdAt: string;
  Partner: PartnerRef;
}
export type GroupsResponse = ListResponse<'groups', Group>;

/**
 * POST /api/v2/groups, PUT /api/v2/groups/{id}. The legacy client saved a group edit through
 * PUT /group_types/{id}, which overwrites a group type; we save through PUT /groups/{id}
 * (docs/spec-deviations.md). `groupType` comes from a select, so a numeric string is accepted.
 */
export interface GroupBody {
  groupType: number | string;
  name: string;
  description: string;
  brandName: string;
}

/** Answer of POST /api/v2/groups and PUT /api/v2/groups/{id}. */
export type GroupSaveResponse = SaveResponse<'group', Group>;

// ---------------------------------------------------------------------------------------------
// Group membership

/** GET /api/v2/groupmembers/{groupId} -> { members, total }: one row per member of the group. */
export interface GroupMember {
  MemberId: number;
  Member: Pick<Member, 'firstName' | 'lastName' | 'gender' | 'phone' | 'email'>;
  /** when the contact joined the group */
  createdAt: string;
}
export type GroupMembersResponse = ListResponse<'members', GroupMember>;

/**
 * POST /api/v2/groupmembers: replaces the group's whole membership with `selectedRecords`
 * (member ids joined with commas, e.g. "12,40,41"; '' empties the group).
 */
export interface GroupMembersBody {
  group: number | string;
  selectedRecords: string;
}

// ---------------------------------------------------------------------------------------------
// Import and export (ours; the spec has neither)
//
// POST /api/v2/member/import/preview  multipart, field `file` (CSV or XLSX)  -> ContactImportPreview
// POST /api/v2/member/import          the same file again, after the preview -> ContactImportResult
// GET  /api/v2/member/export          the list query's searchKey             -> text/csv (UTF-8 with BOM)
//
// The commit re-reads the file rather than trusting a preview sent back by the browser: the server
// validates what it saves, and nothing has to be kept between the two calls.

/**
 * Limits of one import, here so the upload form can refuse a file before sending it; the server
 * enforces them (api/src/contacts/import/limits.ts has the reasons).
 */
export const MAX_IMPORT_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 20_000;

/** The contact fields a file's columns can fill, in the form's order. */
export const CONTACT_IMPORT_FIELDS = ['gender', 'firstName', 'lastName', 'mobile', 'residence', 'email'] as const;
export type ContactImportField = (typeof CONTACT_IMPORT_FIELDS)[number];

/** One file row as read: each field's cell text, trimmed ('' when empty or when the file has no such column). */
export type ContactImportInput = Record<ContactImportField, string>;

/** A valid row, ready to save: gender as M/F/O, mobile in E.164, email '' when none. */
export type ContactImportContact = Required<MemberUpdateBody>;

/**
 * - `ready`: valid and new; the commit creates it.
 * - `duplicate`: valid, but its mobile is on an earlier line of the file or already a contact of
 *   the partner; the commit skips it.
 * - `invalid`: has other errors; the commit leaves it out.
 */
export type ContactImportStatus = 'ready' | 'duplicate' | 'invalid';

export interface ContactImportRow {
  /** the row number a spreadsheet shows for it (the header row is not a contact) */
  line: number;
  input: ContactImportInput;
  /** present when the row passes validation (even if it is a duplicate) */
  contact?: ContactImportContact;
  /** the contact form's messages, at most one per field in form order, then the duplicate notes */
  errors: string[];
  status: ContactImportStatus;
  /**
   * The earlier line with the same mobile. `errors` holds the note in English ('Duplicate of
   * line 4 (same mobile number)'); a translated screen builds it from this number instead.
   */
  duplicateOfLine?: number;
}

/** How the file's header cells were understood: `field` null means the column is ignored. */
export interface ContactImportColumn {
  header: string;
  field: ContactImportField | null;
}

export interface ContactImportCounts {
  /** data rows in the file (blank rows are not counted) */
  total: number;
  ready: number;
  duplicate: number;
  invalid: number;
}

/** Answer of POST /api/v2/member/import/preview. */
export interface ContactImportPreview {
  columns: ContactImportColumn[];
  counts: ContactImportCounts;
  /** every row the commit would not create (invalid or duplicate), with its messages */
  problems: ContactImportRow[];
  /** the first few ready rows, so the user can check that the columns were read the right way */
  sample: ContactImportRow[];
}

/** Answer of POST /api/v2/member/import. */
export interface ContactImportResult {
  created: number;
  /** rows whose mobile was on an earlier line or already belonged to a contact */
  skippedDuplicates: number;
  /** invalid rows, not saved */
  failed: number;
}
