import * as yup from 'yup';
import { ROLES, ROLES_REQUIRED, type Role } from '@ushirika/shared/contract';
import { booleanInput, optionalEmail, phone, text, textInput, TEXT_LIMITS } from './rules';

/**
 * The staff forms' bodies (issue 25; the rows and answers are in contract/staff.ts). Here, with the other forms'
 * rules, so that a list screen importing the contract never downloads the phone-number library.
 */

export const ROLES_INVALID = `Roles must be chosen from ${ROLES.join(', ')}`;

/** The roles a member holds: at least one, each one of ROLES, each once (a repeated one counts once). */
const rolesField = () =>
  yup
    .array(
      textInput<Role>('Role')
        .required(ROLES_INVALID)
        .max(20, ROLES_INVALID)
        .oneOf([...ROLES], ROLES_INVALID),
    )
    .typeError(ROLES_INVALID)
    .max(ROLES.length, ROLES_INVALID)
    .transform((value: unknown) => (Array.isArray(value) ? [...new Set(value)] : value));

/** POST /api/v2/staff: the mobile is read in the partner's country (validate with `{ context: { country } }`). */
export const staffCreateRequest = yup.object({
  name: text('Name is required', { label: 'Name', max: TEXT_LIMITS.name }, { length: 2, message: 'Name must be at least 2 characters' }),
  phone: phone('Mobile is required', 'Mobile must be a valid mobile number, e.g. 0712 345 678 or +254 712 345 678', 'Mobile'),
  email: optionalEmail('Email must be a valid email address, e.g. name@example.com'),
  roles: rolesField().required(ROLES_REQUIRED).min(1, ROLES_REQUIRED),
});
export type StaffCreateRequest = yup.InferType<typeof staffCreateRequest>;

const ACTIVE_INVALID = 'Active must be true or false';

export const NOTHING_TO_CHANGE = 'Send the roles, or whether the member is active';

/** PUT /api/v2/staff/{id}: new roles, deactivate (false) or reactivate (true); either or both. */
export const staffChangeRequest = yup
  .object({
    roles: rolesField().min(1, ROLES_REQUIRED).nonNullable(ROLES_REQUIRED).optional().default(undefined),
    active: booleanInput(ACTIVE_INVALID).nonNullable(ACTIVE_INVALID).optional(),
  })
  .test('something', NOTHING_TO_CHANGE, (value) => value.roles !== undefined || value.active !== undefined);
export type StaffChangeRequest = yup.InferType<typeof staffChangeRequest>;
