import * as yup from 'yup';
import { HOUSEHOLD_ROLES, MAX_HOUSEHOLD_MEMBERS, type HouseholdRole } from '@ushirika/shared/contract';
import { choice, option, text, TEXT_LIMITS } from './rules';

/*
 * The household form (issue 27.6), POST /households and PUT /households/{id}: a name and the complete new list
 * of its members, each a contact chosen from the list and their role. Field order is the form's order.
 */

export const HOUSEHOLD_MEMBER_UNKNOWN = 'Choose contacts from the list';
export const HOUSEHOLD_ROLE_INVALID = 'Role must be head, spouse, child or other';
export const HOUSEHOLD_TOO_LARGE = `A household has at most ${MAX_HOUSEHOLD_MEMBERS} members`;
export const HOUSEHOLD_ONE_HEAD = 'A household has one head';
export const HOUSEHOLD_MEMBER_TWICE = 'A contact is listed twice in this household';

/** One member of the household: the contact's id and their role. */
export const householdMemberSchema = yup.object({
  memberId: choice(HOUSEHOLD_MEMBER_UNKNOWN),
  role: option<HouseholdRole>(HOUSEHOLD_ROLES, HOUSEHOLD_ROLE_INVALID, HOUSEHOLD_ROLE_INVALID, 'Role'),
});

type MemberEntry = { memberId?: number | undefined; role?: string | undefined } | undefined;

export const householdSchema = yup.object({
  name: text('Name is required', { label: 'Name', max: TEXT_LIMITS.name }),
  members: yup
    .array(householdMemberSchema)
    .transform((value: unknown) => (value === null ? undefined : value))
    .typeError(HOUSEHOLD_MEMBER_UNKNOWN)
    .default([])
    .max(MAX_HOUSEHOLD_MEMBERS, HOUSEHOLD_TOO_LARGE)
    .test('one-head', HOUSEHOLD_ONE_HEAD, (members) => (members ?? []).filter((member: MemberEntry) => member?.role === 'head').length <= 1)
    .test('each-once', HOUSEHOLD_MEMBER_TWICE, (members) => {
      const ids = (members ?? []).map((member: MemberEntry) => member?.memberId).filter((id) => id !== undefined);
      return new Set(ids).size === ids.length;
    })
    .meta({ jsonSchema: { description: `The household's complete list of members (at most ${MAX_HOUSEHOLD_MEMBERS}); at most one head, and each contact once` } }),
});

export type HouseholdInput = yup.InferType<typeof householdSchema>;
export type HouseholdMemberInput = yup.InferType<typeof householdMemberSchema>;
