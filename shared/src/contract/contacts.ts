import * as yup from 'yup';
import { endpoint, idField, instantField, namedTypeRow, partnerRef, versionField, type ListResponse, type NamedType, type SaveResponse } from './common';

/** Gender codes a contact can have (spec 5: Male (M), Female (F), Other (O)). */
export const GENDERS = ['M', 'F', 'O'] as const;
export type Gender = (typeof GENDERS)[number];

/** The label each gender code shows in the form's select and in exported files (English ids for i18n). */
export const GENDER_LABELS: Record<Gender, string> = { M: 'Male', F: 'Female', O: 'Other' };

// ---------------------------------------------------------------------------------------------
// Contacts (members)

const gender = () => yup.string<Gender>().oneOf(GENDERS).defined();

/**
 * GET /api/v2/member -> { members, total }. Bodies: `ContactInput` (POST /member) and `ContactEditInput`
 * (PUT /member/{id}, with the email) from the shared validation; the phone is sent as `mobile` (the legacy
 * name) in any common spelling and stored normalised (see `normalizePhone`).
 */
export const memberRow = yup.object({
  id: idField(),
  firstName: yup.string().defined(),
  lastName: yup.string().defined(),
  gender: gender(),
  /** E.164, e.g. "+254712345678": stored normalised so one person cannot be saved twice under two spellings. */
  phone: yup.string().defined(),
  /** '' when none was given (the create form has no email field). */
  email: yup.string().defined(),
  residence: yup.string().defined(),
  createdAt: instantField(),
  Partner: partnerRef,
  version: versionField(),
  /** When the contact was archived (ISO instant): out of the lists, pickers and sends; null while active (issue 26.5). */
  archivedAt: yup.string().nullable().defined(),
  /**
   * Their personal data was erased on request: the names read ERASED_CONTACT_NAME, the phone is no number
   * (`erased:<id>`), email and residence are empty. An erased contact is archived for good.
   */
  erased: yup.boolean().defined(),
});
export type Member = yup.InferType<typeof memberRow>;
export type MembersResponse = ListResponse<'members', Member>;

/** Answer of POST /api/v2/member and PUT /api/v2/member/{id}. */
export type MemberSaveResponse = SaveResponse<'member', Member>;

// ---------------------------------------------------------------------------------------------
// Archiving and erasure (issue 26.5)
//
// GET  /api/v2/member?archived=only       -> { members, total }: the archived contacts only (the default list hides them)
// POST /api/v2/member/{id}/archive        { version? }  (contacts.write) -> MemberArchiveResponse
// POST /api/v2/member/{id}/restore        { version? }  (contacts.write) -> MemberArchiveResponse
// POST /api/v2/member/{id}/erase          { reason }    (contacts.erase: owners) -> MemberEraseResponse
// GET  /api/v2/member/{id}/activity       the contact's own history (recordActivityPath('member', id))

/** The contacts list's `archived` query parameter: 'only' lists the archived contacts instead of the active ones. */
export const MEMBER_ARCHIVED_FILTERS = ['only'] as const;
export type MemberArchivedFilter = (typeof MEMBER_ARCHIVED_FILTERS)[number];

export const memberArchivePath = (id: number | string) => `member/${id}/archive`;
export const memberRestorePath = (id: number | string) => `member/${id}/restore`;
export const memberErasePath = (id: number | string) => `member/${id}/erase`;

/** What an erased contact's names, and the incomes they gave, read (first name, last name). */
export const ERASED_CONTACT_NAME = { firstName: 'Erased', lastName: 'contact' } as const;

/** Answer of archive and restore: the contact as it is now. */
export type MemberArchiveResponse = SaveResponse<'member', Member>;
/** Answer of an erasure: the text only (nothing of the person's is answered back). */
export interface MemberEraseResponse {
  status_msg: string;
}

// ---------------------------------------------------------------------------------------------
// Group types

/** GET /api/v2/group_types -> { group_types, total }; bodies: `GroupTypeInput` (shared validation). */
export const groupTypeRow = namedTypeRow;
export type GroupType = NamedType;
export const groupTypesEndpoint = endpoint<GroupType>({
  path: 'group_types',
  singular: 'group_type',
  row: groupTypeRow,
  savedText: 'New group type saved successfully!',
});
export type GroupTypesResponse = ListResponse<'group_types', GroupType>;

/** Answer of POST /api/v2/group_types and PUT /api/v2/group_types/{id}. */
export type GroupTypeSaveResponse = SaveResponse<'group_type', GroupType>;

// ---------------------------------------------------------------------------------------------
// Groups

/**
 * GET /api/v2/groups -> { groups, total }. Bodies: `GroupInput` (shared validation), saved through
 * POST /groups and PUT /groups/{id}: the legacy client saved a group edit through PUT /group_types/{id},
 * which overwrites a group type (docs/spec-deviations.md).
 */
export const groupRow = yup.object({
  id: idField(),
  name: yup.string().defined(),
  description: yup.string().defined(),
  brandName: yup.string().defined(),
  /** id of the group's type */
  groupType: idField(),
  createdAt: instantField(),
  Partner: partnerRef,
  /** Changes with the group's fields and with its membership (POST /groupmembers). */
  version: versionField(),
});
export type Group = yup.InferType<typeof groupRow>;
// The spec shows 'New contact saved successfully!' after a group edit and calls it wrong (docs/spec-deviations.md).
export const groupsEndpoint = endpoint<Group>({ path: 'groups', singular: 'group', row: groupRow, savedText: 'New group saved successfully!' });
export type GroupsResponse = ListResponse<'groups', Group>;

/** Answer of POST /api/v2/groups and PUT /api/v2/groups/{id}. */
export type GroupSaveResponse = SaveResponse<'group', Group>;

// ---------------------------------------------------------------------------------------------
// Group membership

/**
 * GET /api/v2/groupmembers/{groupId} -> { members, total }: one row per member of the group.
 * POST /api/v2/groupmembers (body `GroupMembersInput`, shared validation) replaces the group's whole
 * membership with `selectedRecords` (member ids joined with commas, e.g. "12,40,41"; '' empties the group).
 */
export const groupMemberRow = yup.object({
  MemberId: idField(),
  Member: memberRow.pick(['firstName', 'lastName', 'gender', 'phone', 'email']),
  /** when the contact joined the group */
  createdAt: instantField(),
});
export type GroupMember = yup.InferType<typeof groupMemberRow>;
export type GroupMembersResponse = ListResponse<'members', GroupMember>;

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
export const MAX_IMPORT_COLUMNS = 50;

/** The contact fields a file's columns can fill, in the form's order. */
export const CONTACT_IMPORT_FIELDS = ['gender', 'firstName', 'lastName', 'mobile', 'residence', 'email'] as const;
export type ContactImportField = (typeof CONTACT_IMPORT_FIELDS)[number];

const cellText = () => yup.string().defined();

/** One file row as read: each field's cell text, trimmed ('' when empty or when the file has no such column). */
export const contactImportInput = yup.object({
  gender: cellText(),
  firstName: cellText(),
  lastName: cellText(),
  mobile: cellText(),
  residence: cellText(),
  email: cellText(),
});
export type ContactImportInput = Record<ContactImportField, string>;

/** A valid row, ready to save (`ContactEditInput` once validated): gender as M/F/O, mobile in E.164, email '' when none. */
export const contactImportContact = yup.object({
  firstName: yup.string().defined(),
  lastName: yup.string().defined(),
  gender: gender(),
  mobile: yup.string().defined(),
  residence: yup.string().defined(),
  email: yup.string().defined(),
});
export type ContactImportContact = yup.InferType<typeof contactImportContact>;

/**
 * - `ready`: valid and new; the commit creates it.
 * - `duplicate`: valid, but its mobile is on an earlier line of the file or already a contact of
 *   the partner; the commit skips it.
 * - `invalid`: has other errors; the commit leaves it out.
 */
export const CONTACT_IMPORT_STATUSES = ['ready', 'duplicate', 'invalid'] as const;
export type ContactImportStatus = (typeof CONTACT_IMPORT_STATUSES)[number];

export const contactImportRow = yup.object({
  /** the row number a spreadsheet shows for it (the header row is not a contact) */
  line: yup.number().integer().defined(),
  input: contactImportInput,
  /** present when the row passes validation (even if it is a duplicate) */
  contact: contactImportContact.optional().default(undefined),
  /** the contact form's messages, at most one per field in form order, then the duplicate notes */
  errors: yup.array(yup.string().defined()).defined(),
  status: yup.string<ContactImportStatus>().oneOf(CONTACT_IMPORT_STATUSES).defined(),
  /**
   * The earlier line with the same mobile. `errors` holds the note in English ('Duplicate of
   * line 4 (same mobile number)'); a translated screen builds it from this number instead.
   */
  duplicateOfLine: yup.number().integer().optional(),
});
export type ContactImportRow = yup.InferType<typeof contactImportRow>;

/** How the file's header cells were understood: `field` null means the column is ignored. */
export const contactImportColumn = yup.object({
  header: yup.string().defined(),
  field: yup.string<ContactImportField>().oneOf(CONTACT_IMPORT_FIELDS).nullable().defined(),
});
export type ContactImportColumn = yup.InferType<typeof contactImportColumn>;

export const contactImportCounts = yup.object({
  /** data rows in the file (blank rows are not counted) */
  total: yup.number().integer().defined(),
  ready: yup.number().integer().defined(),
  duplicate: yup.number().integer().defined(),
  invalid: yup.number().integer().defined(),
});
export type ContactImportCounts = yup.InferType<typeof contactImportCounts>;

/** Answer of POST /api/v2/member/import/preview. */
export const contactImportPreview = yup.object({
  columns: yup.array(contactImportColumn).defined(),
  counts: contactImportCounts,
  /** every row the commit would not create (invalid or duplicate), with its messages */
  problems: yup.array(contactImportRow).defined(),
  /** the first few ready rows, so the user can check that the columns were read the right way */
  sample: yup.array(contactImportRow).defined(),
});
export type ContactImportPreview = yup.InferType<typeof contactImportPreview>;

/** Answer of POST /api/v2/member/import. */
export const contactImportResult = yup.object({
  created: yup.number().integer().defined(),
  /** rows whose mobile was on an earlier line or already belonged to a contact */
  skippedDuplicates: yup.number().integer().defined(),
  /** invalid rows, not saved */
  failed: yup.number().integer().defined(),
});
export type ContactImportResult = yup.InferType<typeof contactImportResult>;
