import * as yup from 'yup';

/**
 * Building blocks for the form schemas. Every message is the spec's text (section 5),
 * passed in by the schema that uses the rule, so one schema file reads like the spec.
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_24H = /^([01]\d|2[0-3]):[0-5]\d$/;
const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

/** True for a YYYY-MM-DD string naming a real calendar day (2026-02-30 is not one). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Required trimmed text of at least `min` characters. */
export const text = (required: string, min?: { length: number; message: string }) => {
  let rule = yup.string().trim().required(required);
  if (min) rule = rule.min(min.length, min.message);
  return rule;
};

/** Required calendar date in the YYYY-MM-DD form. */
export const isoDate = (required: string, invalid: string) =>
  yup.string().trim().required(required).test('iso-date', invalid, (v) => v === undefined || isIsoDate(v));

/** Required 24-hour time, HH:mm. */
export const time24h = (required: string, invalid: string) =>
  yup.string().trim().required(required).matches(TIME_24H, { message: invalid, excludeEmptyString: true });

/** Required whole number >= 0 (attendance counts). Accepts numeric strings from form inputs. */
export const count = (required: string, invalid: string) =>
  yup
    .number()
    .transform((value, original) => (original === '' || original === null ? undefined : value))
    .typeError(invalid)
    .required(required)
    .integer(invalid)
    .min(0, invalid);

/**
 * Required amount of money with at most two decimals, kept as a string so no float ever
 * touches it (the database stores numeric(14,2)).
 */
export const money = (required: string, invalid: string) =>
  yup
    .string()
    .transform((value, original) => (typeof original === 'number' ? String(original) : value))
    .trim()
    .required(required)
    .matches(MONEY, { message: invalid, excludeEmptyString: true });

/** Required id chosen from a select: a positive whole number (0 / '' mean "Select one"). */
export const choice = (required: string) =>
  yup
    .number()
    .transform((value, original) => (original === '' || original === null ? undefined : value))
    .typeError(required)
    .required(required)
    .integer(required)
    .moreThan(0, required);
