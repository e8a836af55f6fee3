import * as yup from 'yup';
import { isIsoDate } from '@ushirika/shared/contract';
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
 *
 * Every rule is bounded (ours; docs/security.md): a text has a maximum length, a number a range, a date
 * lies from 1900 to 2100, and no text may hold the NUL character (PostgreSQL cannot store it). The
 * shared bounds test (bounds.test.ts) walks every schema and fails on a field without them.
 *
 * yup's own coercion is off in every rule (`uncoerced` below): it calls the value's `toString`,
 * which a JSON object may replace with a non-function, and yup's `trim()` calls `.trim()` on lists and
 * objects; either throws instead of failing. Our transforms read only what a form or an API client
 * sends (text, numbers, numeric text, booleans); anything else fails the rule's type check with a
 * message naming the field.
 */

const TIME_24H = /^([01]\d|2[0-3]):[0-5]\d$/;
const MONEY = /^\d{1,12}(\.\d{1,2})?$/;
const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** The largest id a record can have: PostgreSQL's `integer`, which every id column is. */
export const MAX_ID = 2_147_483_647;
/** The dates a form accepts (ours): wide enough for any birth or transaction date, narrow enough for every database and date library. */
export const DATE_RANGE = { min: '1900-01-01', max: '2100-12-31' } as const;
/** Text lengths (ours): a name, a short line of text, a paragraph. */
export const TEXT_LIMITS = { name: 100, line: 200, paragraph: 1000 } as const;
/** The longest money text: 12 digits, a point and 2 decimals, as numeric(14,2) stores. */
const MONEY_MAX_LENGTH = 15;
/** A phone number as typed, separators included; E.164 has at most 16 characters. */
const PHONE_MAX_LENGTH = 40;
/** RFC 5321's limit for an address. */
const EMAIL_MAX_LENGTH = 254;
/** Ids joined with commas: at most about a megabyte, the body limit (a group of 100,000 contacts fits). */
export const ID_LIST_MAX_LENGTH = 1_000_000;

export const atMost = (label: string, max: number) => `${label} must be at most ${max} characters`;
const NUL = '\u0000';

/** True for a YYYY-MM-DD date within DATE_RANGE (the strings compare as dates). */
export const isDateInRange = (value: string) => value >= DATE_RANGE.min && value <= DATE_RANGE.max;
export const dateOutOfRange = (label: string) => `${label} must be a date from ${DATE_RANGE.min} to ${DATE_RANGE.max}`;

/** True for a whole number that can be a record's id (1 .. MAX_ID). */
export const isId = (value: number) => Number.isInteger(value) && value >= 1 && value <= MAX_ID;

/**
 * yup's own coercion turned off. Its built-in transform reads `spec.coerce` from the schema instance that
 * `yup.number()` (or `.string()`, `.boolean()`) created, not from the clone being cast, so `.clone({ coerce:
 * false })` alone leaves it on ('' still became NaN, an object's `toString` was still called). Changing that
 * first instance's spec, inside `withMutation`, turns it off for it and every schema derived from it.
 */
/** null, as a cleared input or a database NULL may send it, counts as "not given". */
const nullToEmpty = (value: unknown) => (value === null ? '' : value);

const uncoerced = <S extends yup.Schema>(schema: S): S => schema.withMutation((self) => self.clone({ coerce: false } as never) as S);

/**
 * A text as a caller may send it: a string trimmed, a number as its digits (a legacy client may send
 * `reference: 1234`); null and anything else stay as they are for the rule's own checks (a list or an
 * object fails the type check: '<label> must be text'). No NUL character.
 */
export const textInput = <T extends string = string>(label: string) =>
  uncoerced(yup.string<T>())
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : value))
    .typeError(`${label} must be text`)
    .test('no-nul', `${label} must not contain the character NUL`, (value) => value === undefined || value === null || !value.includes(NUL));

/**
 * A number as a caller may send it: a number, or numeric text ('12', ' 3 ') as form inputs and selects
 * send it; '' is "not given". Anything else (a list, an object, true, '1e3', '0x10') fails with `invalid`.
 */
export const numberInput = (invalid: string) =>
  uncoerced(yup.number())
    .transform((value: unknown) => {
      if (typeof value !== 'string') return value;
      const digits = value.trim();
      return digits === '' ? undefined : NUMERIC.test(digits) ? Number(digits) : Number.NaN;
    })
    .typeError(invalid);

/** A true/false as a caller may send it: a boolean, 'true'/'false', '1'/'0', 1/0; anything else fails with `invalid`. */
export const booleanInput = (invalid: string) =>
  uncoerced(yup.boolean())
    .transform((value: unknown) => {
      const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : undefined;
      if (text !== undefined && /^(true|1)$/i.test(text)) return true;
      if (text !== undefined && /^(false|0)$/i.test(text)) return false;
      return value;
    })
    .typeError(invalid);

/** What a text field is called in its messages, and its longest value. */
export interface TextBounds {
  label: string;
  max: number;
}

/** A minimum length and its message (the spec's 'at least 2 characters'). */
export interface MinLength {
  length: number;
  message: string;
}

/** What `text(required, min?)` is bounded by when the schema names no bounds. */
const SOME_TEXT: TextBounds = { label: 'The text', max: TEXT_LIMITS.paragraph };

/**
 * Required trimmed text of at most `bounds.max` characters (a paragraph when not given), and of at
 * least `min` when given: `text('Name is required', { label: 'Name', max: 100 }, { length: 2, message })`.
 */
export function text(required: string, bounds?: TextBounds | MinLength, min?: MinLength) {
  const given = bounds && 'label' in bounds ? bounds : SOME_TEXT;
  const minimum = bounds && 'length' in bounds ? bounds : min;
  let rule = textInput(given.label).required(required);
  if (minimum) rule = rule.min(minimum.length, minimum.message);
  return rule.max(given.max, atMost(given.label, given.max));
}

/** Optional trimmed text of at most `bounds.max` characters: '' when not given (or null). */
export const optionalText = (bounds: TextBounds) =>
  textInput(bounds.label)
    .transform((value: unknown) => (value === null ? '' : value))
    .default('')
    .max(bounds.max, atMost(bounds.label, bounds.max));

/** Required calendar date in the YYYY-MM-DD form, from 1900 to 2100; `label` names it in the range message. */
export const isoDate = (required: string, invalid: string, label = 'The date') =>
  textInput(label)
    .required(required)
    .max(10, invalid)
    .test('iso-date', invalid, (v) => v === undefined || isIsoDate(v))
    .test('date-range', dateOutOfRange(label), (v) => v === undefined || !isIsoDate(v) || isDateInRange(v))
    .meta({ jsonSchema: { format: 'date', example: '2026-03-01' } });

/** Optional calendar date, YYYY-MM-DD from 1900 to 2100: '' when not given (or null). */
export const optionalIsoDate = (invalid: string, label = 'The date') =>
  textInput(label)
    .transform(nullToEmpty)
    .default('')
    .max(10, invalid)
    .test('iso-date', invalid, (v) => !v || isIsoDate(v))
    .test('date-range', dateOutOfRange(label), (v) => !v || !isIsoDate(v) || isDateInRange(v))
    .meta({ jsonSchema: { format: 'date', example: '1990-11-03' } });

/** Required 24-hour time, HH:mm; `label` names it in the type message. */
export const time24h = (required: string, invalid: string, label = 'The time') =>
  textInput(label).required(required).max(5, invalid).matches(TIME_24H, { message: invalid, excludeEmptyString: true });

/** The largest head count (ours): more people than any meeting has. */
export const MAX_COUNT = 1_000_000;

/** Required whole number from 0 to MAX_COUNT (attendance counts). Accepts numeric strings from form inputs. */
export const count = (required: string, invalid: string) =>
  numberInput(invalid)
    .transform((value: unknown) => (value === null ? undefined : value))
    .required(required)
    .integer(invalid)
    .min(0, invalid)
    .max(MAX_COUNT, invalid);

/**
 * Required amount of money with at most two decimals, kept as a string so no float ever
 * touches it (the database stores numeric(14,2)): 0 to 999,999,999,999.99.
 */
export const money = (required: string, invalid: string, label = 'Amount') =>
  textInput(label)
    .required(required)
    .max(MONEY_MAX_LENGTH, invalid)
    .matches(MONEY, { message: invalid, excludeEmptyString: true })
    .meta({
      inputJsonSchema: {
        anyOf: [
          { type: 'string', pattern: `^\\s*${MONEY.source.slice(1, -1)}\\s*$`, maxLength: MONEY_MAX_LENGTH },
          { type: 'number', minimum: 0, maximum: 999_999_999_999.99, multipleOf: 0.01 },
        ],
        description: 'An amount >= 0 with at most two decimals; send it as a string to keep it exact',
        example: '1250.50',
      },
    });

/**
 * An id picked from a list: a whole number from 1 to MAX_ID, or numeric text; `invalid` for anything
 * else. Not required by itself.
 */
export const idInput = (invalid: string) =>
  numberInput(invalid)
    .transform((value: unknown) => (value === null ? undefined : value))
    .integer(invalid)
    .moreThan(0, invalid)
    .max(MAX_ID, invalid);

/** Required id chosen from a select: a positive whole number (0 / '' mean "Select one"), at most MAX_ID. */
export const choice = (required: string) =>
  idInput(required)
    .required(required)
    .meta({ jsonSchema: { description: 'The id of a record chosen from a list: a number or a numeric string' } });

/**
 * Required code from a fixed list (a select whose options are codes, not ids: gender M/F/O).
 * A test rather than yup's `oneOf`, which yup checks before `required` and would hide the
 * required message behind the invalid one.
 */
export const option = <T extends string>(values: readonly T[], required: string, invalid: string, label = 'The choice') =>
  textInput<T>(label)
    .required(required)
    .max(Math.max(...values.map((value) => value.length)), invalid)
    .test('option', invalid, (value) => !value || (values as readonly string[]).includes(value))
    .meta({ jsonSchema: { enum: [...values] } });

/** Optional code from a fixed list: '' when not given (or null); when given, one of `values` or `invalid`. */
export const optionalOption = <T extends string>(values: readonly T[], invalid: string, label = 'The choice') =>
  textInput<T | ''>(label)
    .transform(nullToEmpty)
    .default('')
    .max(Math.max(...values.map((value) => value.length)), invalid)
    .test('option', invalid, (value) => !value || (values as readonly string[]).includes(value))
    .meta({ jsonSchema: { enum: [...values, ''] } });

/**
 * Required phone number in any common spelling, cast to E.164 (see `normalizePhone`), so the server
 * stores one spelling per number. An empty value is left to the required message. Local numbers are
 * read in the validation context's country (`{ context: { country: 'UG' } }`, see ValidationContext),
 * Kenya when none is given: yup hands the validate/cast options, context included, to transforms too.
 */
export const phone = (required: string, invalid: string, label = 'Phone') =>
  textInput(label)
    .required(required)
    .transform((value: unknown, _original: unknown, _schema, options) =>
      typeof value === 'string' && value.length <= PHONE_MAX_LENGTH ? (normalizePhone(value, contextCountry(options.context)) ?? value) : value,
    )
    .max(PHONE_MAX_LENGTH, invalid)
    .test('phone', invalid, (value, { options }) => !value || value.length > PHONE_MAX_LENGTH || normalizePhone(value, contextCountry(options.context)) !== null)
    .meta({
      inputJsonSchema: {
        type: 'string',
        maxLength: PHONE_MAX_LENGTH,
        description: "A mobile number in any common spelling; local forms are read in the partner's country. Stored in E.164.",
        example: '0712 345 678',
      },
    });

/** Optional email address: '' when not given; when given it must look like one. */
export const optionalEmail = (invalid: string) =>
  textInput('Email')
    .transform(nullToEmpty)
    .max(EMAIL_MAX_LENGTH, invalid)
    .email(invalid)
    .default('')
    .meta({
      inputJsonSchema: {
        type: 'string',
        nullable: true,
        maxLength: EMAIL_MAX_LENGTH,
        description: "An email address; '', null or absent for none",
        example: 'name@example.com',
      },
    });

/** An id as a list of ids writes it: no leading zero, at most 10 digits (then compared with MAX_ID). */
const ID = /^[1-9]\d{0,9}$/;

/**
 * Ids joined with commas ("12, 40,41"), as the legacy client sends a multiple choice; '' is an
 * empty choice. Returns the distinct ids in their order, or null if a part is not an id from 1 to MAX_ID.
 */
export function parseIdList(text: string): number[] | null {
  if (text.trim() === '') return [];
  const ids = text.split(',').map((part) => part.trim());
  if (!ids.every((id) => ID.test(id) && Number(id) <= MAX_ID)) return null;
  return [...new Set(ids.map(Number))];
}

/** Optional list of ids joined with commas ('' for none); read it with `parseIdList`. `label` names the field in the type message. */
export const idList = (invalid: string, label = 'Selected records') =>
  textInput(label)
    .transform(nullToEmpty)
    .default('')
    .max(ID_LIST_MAX_LENGTH, invalid)
    .test('id-list', invalid, (value) => value === undefined || parseIdList(value) !== null)
    .meta({
      inputJsonSchema: {
        type: 'string',
        nullable: true,
        maxLength: ID_LIST_MAX_LENGTH,
        pattern: '^\\s*([1-9]\\d{0,9}\\s*(,\\s*[1-9]\\d{0,9}\\s*)*)?$',
        description: "Ids joined with commas; '', null or absent for none",
        example: '12,40,41',
      },
    });
