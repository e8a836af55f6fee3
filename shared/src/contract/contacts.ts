import * as yup from 'yup';
import { endpoint, idField, instantField, namedTypeRow, partnerRef, versionField, type ListResponse, type NamedType, type SaveResponse } from './common';

/** Gender codes a contact can have (spec 5: Male (M), Female (F), Other (O)). */
export const GENDERS = ['M', 'F', 'O'] as const;
export type Gender = (typeof GENDERS)[number];

/** The label each gender code shows in the form's select and in exported files (English ids for i18n). */
export const GENDER_LABELS: Record<Gender, string> = { M: 'Male', F: 'Female', O: 'Other' };

/**
 * A contact's membership status (issue 27.5): '' when not known. The partner's own words for them are the
 * screens' labels; the codes are what the API, the export and the import's dictionary use.
 */
export const MEMBERSHIP_STATUSES = ['member', 'visitor', 'adherent', 'former'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
export const MEMBERSHIP_STATUS_LABELS: Record<MembershipStatus, string> = { member: 'Member', visitor: 'Visitor', adherent: 'Adherent', former: 'Former member' };

/** A contact's marital status (issue 27.5): '' when not known. */
export const MARITAL_STATUSES = ['single', 'married', 'widowed', 'divorced', 'separated'] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];
export const MARITAL_STATUS_LABELS: Record<MaritalStatus, string> = {
  single: 'Single',
  married: 'Married',
  widowed: 'Widowed',
  divorced: 'Divorced',
  separated: 'Separated',
};

/** A member's place in their household (issue 27.6). */
export const HOUSEHOLD_ROLES = ['head', 'spouse', 'child', 'other'] as const;
export type HouseholdRole = (typeof HOUSEHOLD_ROLES)[number];
export const HOUSEHOLD_ROLE_LABELS: Record<HouseholdRole, string> = { head: 'Head', spouse: 'Spouse', child: 'Child', other: 'Other' };

/** External ids (another system's id of the person, issue 27.2) are at most this long. */
export const EXTERNAL_ID_MAX_LENGTH = 64;

// ---------------------------------------------------------------------------------------------
// Contacts (members)

/** '' when the contact's gender is not known (an import may not have it, issue 27.5). */
const optionalGender = () =>
  yup
    .string<Gender | ''>()
    .oneOf([...GENDERS, ''])
    .defined();

/** The household a contact belongs to, as their row shows it; null when none. */
export const memberHouseholdRef = yup.object({
  id: idField(),
  name: yup.string().defined(),
  role: yup.string<HouseholdRole>().oneOf(HOUSEHOLD_ROLES).defined(),
});
export type MemberHouseholdRef = yup.InferType<typeof memberHouseholdRef>;

/**
 * GET /api/v2/member -> { members, total }. Bodies: `ContactInput` (POST /member) and `ContactEditInput`
 * (PUT /member/{id}, with the email) from the shared validation; the phone is sent as `mobile` (the legacy
 * name) in any common spelling and stored normalised (see `normalizePhone`).
 */
export const memberRow = yup.object({
  id: idField(),
  firstName: yup.string().defined(),
  lastName: yup.string().defined(),
  /** M, F or O; '' when not known (issue 27.5: an import may not have it). */
  gender: optionalGender(),
  /** E.164, e.g. "+254712345678": stored normalised so one person cannot be saved twice under two spellings. */
  phone: yup.string().defined(),
  /** '' when none was given (the create form has no email field). */
  email: yup.string().defined(),
  /** '' when not known. */
  residence: yup.string().defined(),
  /** YYYY-MM-DD; null when not known. */
  dateOfBirth: yup.string().nullable().defined(),
  membershipStatus: yup
    .string<MembershipStatus | ''>()
    .oneOf([...MEMBERSHIP_STATUSES, ''])
    .defined(),
  maritalStatus: yup
    .string<MaritalStatus | ''>()
    .oneOf([...MARITAL_STATUSES, ''])
    .defined(),
  /** The person's id in the system the partner imported them from ('' for none): the import matches on it first. */
  externalId: yup.string().defined(),
  household: memberHouseholdRef.nullable().defined(),
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

/**
 * GET /api/v2/member (and its export) also takes `membershipStatus` (one of MEMBERSHIP_STATUSES, or 'none' for
 * the contacts without one) and `householdId` (the members of one household), issue 27.5.
 */
export const MEMBER_MEMBERSHIP_FILTERS = [...MEMBERSHIP_STATUSES, 'none'] as const;
export type MemberMembershipFilter = (typeof MEMBER_MEMBERSHIP_FILTERS)[number];

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
// Import and export: ./imports.ts (issue 27). Households: ./households.ts.
