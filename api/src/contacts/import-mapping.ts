import {
  CONTACT_IMPORT_FIELDS,
  DEFAULT_IMPORT_DATE_ORDER,
  IMPORT_DATE_ORDERS,
  MAX_IMPORT_COLUMNS,
  type ContactImportMapping,
  type ImportDateOrder,
} from '@ushirika/shared/contract';
import { badRequest } from '../http/errors';

/**
 * The person's choices sent with an import file (its multipart text fields) and kept in a preset: the column
 * matching (`mapping`: header -> field, or null to ignore the column) and the order of dates (`dateOrder`).
 * Refused with a message naming what is wrong; both are bounded (a mapping names at most MAX_IMPORT_COLUMNS
 * columns, each header at most MAPPING_HEADER_MAX_LENGTH characters).
 */

/** A header a mapping names: longer than any real column title, far shorter than a cell may be. */
export const MAPPING_HEADER_MAX_LENGTH = 200;

const FIELD_LIST = `${CONTACT_IMPORT_FIELDS.join(', ')} or null`;
export const MAPPING_NOT_AN_OBJECT = 'mapping must be a JSON object from a column header to a field name (or null to ignore the column)';
export const MAPPING_TOO_LARGE = `mapping may name at most ${MAX_IMPORT_COLUMNS} columns`;
export const MAPPING_HEADER_TOO_LONG = `mapping: a column header is at most ${MAPPING_HEADER_MAX_LENGTH} characters`;
export const MAPPING_HEADER_NUL = 'mapping: a column header must not contain the character NUL';
export const MAPPING_UNKNOWN_FIELD = `mapping: each column's field must be one of ${FIELD_LIST}`;
export const DATE_ORDER_REFUSED = `dateOrder must be ${IMPORT_DATE_ORDERS.join(', ').replace(/, (?=[^,]*$)/, ' or ')}`;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/** A mapping as a caller sent it (already parsed from JSON), checked. */
export function checkedMapping(value: unknown): ContactImportMapping {
  if (!isPlainObject(value)) throw badRequest(MAPPING_NOT_AN_OBJECT);
  const entries = Object.entries(value);
  if (entries.length > MAX_IMPORT_COLUMNS) throw badRequest(MAPPING_TOO_LARGE);
  for (const [header, field] of entries) {
    if (header.length > MAPPING_HEADER_MAX_LENGTH) throw badRequest(MAPPING_HEADER_TOO_LONG);
    // PostgreSQL's jsonb cannot hold it (a preset keeps the mapping), and no file's header has it.
    if (header.includes('\u0000')) throw badRequest(MAPPING_HEADER_NUL);
    if (field !== null && !(CONTACT_IMPORT_FIELDS as readonly unknown[]).includes(field)) throw badRequest(MAPPING_UNKNOWN_FIELD);
  }
  // Own properties only, whatever the headers are called ('__proto__' included).
  return Object.fromEntries(entries) as ContactImportMapping;
}

/** The multipart `mapping` field: JSON text, or absent / empty for the automatic matching. */
export function mappingField(text: string | undefined): ContactImportMapping | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(MAPPING_NOT_AN_OBJECT);
  }
  return checkedMapping(value);
}

/** The multipart `dateOrder` field: DMY when absent or empty. */
export function dateOrderField(text: string | undefined): ImportDateOrder {
  const order = text?.trim();
  if (order === undefined || order === '') return DEFAULT_IMPORT_DATE_ORDER;
  if (!(IMPORT_DATE_ORDERS as readonly string[]).includes(order)) throw badRequest(DATE_ORDER_REFUSED);
  return order as ImportDateOrder;
}
