import * as yup from 'yup';
import { contextCountry, normalizePhone } from './phone';

declare module 'yup' {
  /**
   * How the API's OpenAPI document describes a rule (api/src/http/schema.ts `jsonSchemaOf` reads it from
   * `describe()`), where the rule's type and built-in tests do not say it all.
   */
  interface CustomSchemaMetadata {
    /** JSON Schema keywords merged over what the converter derives, for what a caller sends and what we answer. */
    jsonSchema?: Record<string, unknown>;
    /** The whole JSON Schema of what a caller may send, where a transform accepts more than the rule's type. */
    inputJsonSchema?: Record<string, unknown>;
  }
}

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
  yup
    .string()
    .trim()
    .required(required)
    .test('iso-date', invalid, (v) => v === undefined || isIsoDate(v))
    .meta({ jsonSchema: { format: 'date', example: '2026-03-01' } });

/** Required 24-hour time, HH:mm. */
export const time24h = (required: string, invalid: string) => yup.string().trim().required(required).matches(TIME_24H, { message: invalid, excludeEmptyString: true });

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
    .matches(MONEY, { message: invalid, excludeEmptyString: true })
    .meta({
      inputJsonSchema: {
        anyOf: [
          { type: 'string', pattern: `^\\s*${MONEY.source.slice(1, -1)}\\s*$` },
          { type: 'number', minimum: 0, multipleOf: 0.01 },
        ],
        description: 'An amount >= 0 with at most two decimals; send it as a string to keep it exact',
        example: '1250.50',
      },
    });

/** Required id chosen from a select: a positive whole number (0 / '' mean "Select one"). */
export const choice = (required: string) =>
  yup
    .number()
    .transform((value, original) => (original === '' || original === null ? undefined : value))
    .typeError(required)
    .required(required)
    .integer(required)
    .moreThan(0, required)
    .meta({ jsonSchema: { description: 'The id of a record chosen from a list: a number or a numeric string' } });

/**
 * Required code from a fixed list (a select whose options are codes, not ids: gender M/F/O).
 * A test rather than yup's `oneOf`, which yup checks before `required` and would hide the
 * required message behind the invalid one.
 */
export const option = <T extends string>(values: readonly T[], required: string, invalid: string) =>
  yup
    .string<T>()
    .trim()
    .required(required)
    .test('option', invalid, (value) => !value || (values as readonly string[]).includes(value))
    .meta({ jsonSchema: { enum: [...values] } });

/** null, as a cleared input or a database NULL may send it, counts as "not given". */
const nullToEmpty = (value: unknown) => (value === null ? '' : value);

/**
 * Required phone number in any common spelling, cast to E.164 (see `normalizePhone`), so the server
 * stores one spelling per number. An empty value is left to the required message. Local numbers are
 * read in the validation context's country (`{ context: { country: 'UG' } }`, see ValidationContext),
 * Kenya when none is given: yup hands the validate/cast options, context included, to transforms too.
 */
export const phone = (required: string, invalid: string) =>
  yup
    .string()
    .trim()
    .required(required)
    .transform((value: unknown, _original: unknown, _schema, options) =>
      typeof value === 'string' ? (normalizePhone(value, contextCountry(options.context)) ?? value) : value,
    )
    .test('phone', invalid, (value, { options }) => !value || normalizePhone(value, contextCountry(options.context)) !== null)
    .meta({
      inputJsonSchema: {
        type: 'string',
        description: "A mobile number in any common spelling; local forms are read in the partner's country. Stored in E.164.",
        example: '0712 345 678',
      },
    });

/** Optional email address: '' when not given; when given it must look like one. */
export const optionalEmail = (invalid: string) =>
  yup
    .string()
    .transform(nullToEmpty)
    .trim()
    .email(invalid)
    .default('')
    .meta({ inputJsonSchema: { type: 'string', nullable: true, description: "An email address; '', null or absent for none", example: 'name@example.com' } });

const ID = /^[1-9]\d{0,14}$/;

/**
 * Ids joined with commas ("12, 40,41"), as the legacy client sends a multiple choice; '' is an
 * empty choice. Returns the distinct ids in their order, or null if a part is not a positive id
 * (at most 15 digits, so every id is a safe JavaScript integer).
 */
export function parseIdList(text: string): number[] | null {
  if (text.trim() === '') return [];
  const ids = text.split(',').map((part) => part.trim());
  if (!ids.every((id) => ID.test(id))) return null;
  return [...new Set(ids.map(Number))];
}

/** Optional list of ids joined with commas ('' for none); read it with `parseIdList`. */
export const idList = (invalid: string) =>
  yup
    .string()
    .transform(nullToEmpty)
    .trim()
    .default('')
    .test('id-list', invalid, (value) => value === undefined || parseIdList(value) !== null)
    .meta({
      inputJsonSchema: {
        type: 'string',
        nullable: true,
        pattern: '^\\s*([1-9]\\d{0,14}\\s*(,\\s*[1-9]\\d{0,14}\\s*)*)?$',
        description: "Ids joined with commas; '', null or absent for none",
        example: '12,40,41',
      },
    });
