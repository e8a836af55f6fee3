export * from './rules';
export * from './meetings';
export * from './contacts';
export * from './messaging';
export { normalizePhone, isPhoneCountry, callingCode, contextCountry, DEFAULT_PHONE_COUNTRY } from './phone';
export type { PhoneCountry, ValidationContext } from './phone';
export { validateFirstError, validateFirstErrorSync, validateFieldsSync } from './first-error';
export type { Validated, ValidatedFields } from './first-error';
export * from './sms-segments';
