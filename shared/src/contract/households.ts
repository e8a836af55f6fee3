import * as yup from 'yup';
import { idField, instantField, partnerRef, versionField, type ListResponse, type SaveResponse } from './common';
import { HOUSEHOLD_ROLES, type HouseholdRole } from './contacts';

// ---------------------------------------------------------------------------------------------
// Households (ours; issue 27.6): people who live together, a head and the others. A contact is in one
// household at most. Built by the import from a household id or name column, kept in Contacts -> Households.
//
// GET    /api/v2/households?page&pagesize&searchKey     (contacts.read)  -> { households, total }, by name
// GET    /api/v2/households/{id}                        (contacts.read)  -> { household } with its members
// POST   /api/v2/households        HouseholdInput       (contacts.write) -> { status_msg, household } 201
// PUT    /api/v2/households/{id}   HouseholdInput & { version? } (contacts.write) -> { status_msg, household }
// DELETE /api/v2/households/{id}                        (contacts.write) -> { status_msg }: the household
//        goes, its members stay contacts without one.
// GET    /api/v2/households/{id}/activity               its history
//
// A send to groups may reach each household once (`onePerHousehold` on the send, messaging contract): a group
// member in a household is reached through the household's head, once, whoever of them is in the groups; a member
// in no household (or in one without a head) is reached as before.

/** One member of a household, as the household's page lists them. */
export const householdMemberRow = yup.object({
  MemberId: idField(),
  firstName: yup.string().defined(),
  lastName: yup.string().defined(),
  phone: yup.string().defined(),
  role: yup.string<HouseholdRole>().oneOf(HOUSEHOLD_ROLES).defined(),
});
export type HouseholdMember = yup.InferType<typeof householdMemberRow>;

export const householdRow = yup.object({
  id: idField(),
  name: yup.string().defined(),
  /**
   * The household's key in the files (the import's householdId column and the export's 'Household ID'): the
   * other system's household id for one an import made, `H-<id>` for one made here.
   */
  key: yup.string().defined(),
  /** "First Last" of the head; null when the household has none. */
  head: yup.string().nullable().defined(),
  memberCount: yup.number().integer().defined(),
  createdAt: instantField(),
  Partner: partnerRef,
  version: versionField(),
});
export type Household = yup.InferType<typeof householdRow>;
export type HouseholdsResponse = ListResponse<'households', Household>;

/** GET /households/{id}: the household with its members, head first, then spouse, child, other, each by name. */
export const householdDetailRow = householdRow.shape({ members: yup.array(householdMemberRow).defined() });
export type HouseholdDetail = yup.InferType<typeof householdDetailRow>;
export type HouseholdResponse = { household: HouseholdDetail };
export type HouseholdSaveResponse = SaveResponse<'household', HouseholdDetail>;

export const householdsPath = 'households';
export const HOUSEHOLD_SAVED = 'Household saved successfully!';
export const HOUSEHOLD_DELETED = 'Household deleted';
/** A household holds at most this many members. */
export const MAX_HOUSEHOLD_MEMBERS = 50;
