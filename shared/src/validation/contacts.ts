import * as yup from 'yup';
import { EXTERNAL_ID_MAX_LENGTH, GENDERS, MARITAL_STATUSES, MEMBERSHIP_STATUSES } from '@ushirika/shared/contract';
import { choice, idList, optionalEmail, optionalIsoDate, optionalOption, optionalText, phone, text, TEXT_LIMITS } from './rules';

/*
 * The contacts area's forms (spec 5). Field order is the form's order, so the server's
 * "first failing message" is the one the user would see first. Maximum lengths are ours (rules.ts).
 */

const atLeastTwo = (message: string) => ({ length: 2, message });
const NAME = { label: 'Name', max: TEXT_LIMITS.name };
const DESCRIPTION = { label: 'Description', max: TEXT_LIMITS.paragraph };

/**
 * The fields the contact create and edit forms share. Gender and residence are optional since issue 27 (an
 * import may not have them: docs/spec-deviations.md); given, they are checked as before. Date of birth,
 * membership and marital status and the external id (issue 27.5) are optional: '' when not known.
 */
const contactFields = {
  firstName: text('First Name is required', NAME, atLeastTwo('Name must be at least 2 characters')),
  lastName: text('Last name is required', NAME, atLeastTwo('Name must be at least 2 characters')),
  gender: optionalOption(GENDERS, 'Gender must be Male (M), Female (F) or Other (O)', 'Gender'),
  // Ours: the spec only requires the mobile; a number we cannot normalise is refused (see normalizePhone).
  mobile: phone('Mobile is required', 'Mobile must be a valid phone number, e.g. 0712 345 678 or +254 712 345 678', 'Mobile'),
  residence: optionalText({ label: 'Residence', max: TEXT_LIMITS.line }),
  dateOfBirth: optionalIsoDate('Date of birth must be a date, e.g. 1990-11-03', 'Date of birth').test(
    'not-future',
    'Date of birth cannot be in the future',
    (value) => !value || value <= new Date().toISOString().slice(0, 10),
  ),
  membershipStatus: optionalOption(MEMBERSHIP_STATUSES, 'Membership status must be member, visitor, adherent or former', 'Membership status'),
  maritalStatus: optionalOption(MARITAL_STATUSES, 'Marital status must be single, married, widowed, divorced or separated', 'Marital status'),
  externalId: optionalText({ label: 'External ID', max: EXTERNAL_ID_MAX_LENGTH }),
};

/** New contact form and POST /member (spec 5, "Contact"). */
export const contactSchema = yup.object(contactFields);

/**
 * Edit contact form and PUT /member/{id}. The spec gives email no rule; we keep it optional but
 * refuse text that is not an address (docs/spec-deviations.md). Imports validate with this schema.
 */
export const contactEditSchema = yup.object({
  ...contactFields,
  email: optionalEmail('Email must be a valid email address, e.g. name@example.com'),
});

/**
 * Group form, POST /groups and PUT /groups/{id} (spec 5, "Group"). The spec's messages for the
 * group type ('Gender is required') and the brand name ('Description is required') are the legacy
 * client's copy-paste slips; we name the field instead (docs/spec-deviations.md).
 */
export const groupSchema = yup.object({
  groupType: choice('Group type is required'),
  name: text('Name is required', NAME),
  description: text('Description is required', DESCRIPTION, atLeastTwo('Description must be at least 2 characters')),
  brandName: text('Brand name is required', { label: 'Brand name', max: TEXT_LIMITS.name }),
});

/** Group type form, POST /group_types and PUT /group_types/{id} (spec 5, "Group type"). */
export const groupTypeSchema = yup.object({
  name: text('Name is required', NAME),
  description: text('Description is required', DESCRIPTION, atLeastTwo('Description must be at least 2 characters')),
});

/** Save of the group membership editor, POST /groupmembers: the group and its complete new member list. */
export const groupMembersSchema = yup.object({
  group: choice('Group is required'),
  selectedRecords: idList('Selected members must be contact ids separated by commas', 'Selected members'),
});

/**
 * An erasure of a contact's personal data, POST /member/{id}/erase (issue 26.5): why, as the activity log keeps it
 * (a request's date and channel, a reference; never the person's name or number, which the log must not hold).
 */
export const contactEraseSchema = yup.object({
  reason: text('Erasure reason is required', { label: 'Erasure reason', max: TEXT_LIMITS.line }, { length: 5, message: 'Erasure reason must be at least 5 characters' }),
});

export type ContactInput = yup.InferType<typeof contactSchema>;
export type ContactEditInput = yup.InferType<typeof contactEditSchema>;
export type GroupInput = yup.InferType<typeof groupSchema>;
export type GroupTypeInput = yup.InferType<typeof groupTypeSchema>;
export type GroupMembersInput = yup.InferType<typeof groupMembersSchema>;
export type ContactEraseInput = yup.InferType<typeof contactEraseSchema>;
