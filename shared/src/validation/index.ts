export * from './rules';
export * from './meetings';
export * from './contacts';
export { normalizePhone } from './phone';
export type { PhoneCountry } from './phone';
export { validateFirstError, validateFieldsSync } from './first-error';
export type { Validated, ValidatedFields } from './first-error';
