import * as yup from 'yup';

/**
 * Shapes shared by every /api/v2 call (spec section 7).
 * These types are the compatibility contract: field names are exactly the legacy ones.
 * Rows are yup object schemas with their TypeScript type inferred: the server derives its response
 * schemas (and the OpenAPI document) from them, the browser uses the types. Written once.
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * True for a YYYY-MM-DD string naming a real calendar day (2026-02-30 is not one): the contract's dates. Here
 * rather than in the validation kit so that a screen which only reads a date from its address (the finance area's
 * statements) does not load the kit and its phone metadata.
 */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Standard list query every list screen sends (spec 7). Dates are YYYY-MM-DD, inclusive. */
export interface ListQuery {
  tenantid?: string | number;
  searchKey?: string;
  action?: 'display';
  page: number;
  pagesize: number;
  startdate?: string;
  enddate?: string;
}

/**
 * Every list answers `{ <plural>: rows, total }`; `total` counts all matching rows, not just this page.
 * Ours (not the legacy server) counts only up to 500 rows past the page and estimates past that: then the answer carries
 * `total_is_estimate: true` (docs/spec-deviations.md). Absent, the total is exact.
 */
export type ListResponse<Key extends string, Row> = { [K in Key]: Row[] } & { total: number; total_is_estimate?: boolean };

/** Every failure answers a 4xx/5xx with this body; `status_msg` is what the user is shown. */
export interface ErrorBody {
  status_msg: string;
}

/** Every successful create/update answers 200/201 with `status_msg` and the saved record under its singular name. */
export type SaveResponse<Key extends string, Row> = { status_msg: string } & { [K in Key]: Row };

/** The partner name embedded in list rows (`Partner.name`). */
export const partnerRef = yup.object({ name: yup.string().defined() });
export type PartnerRef = yup.InferType<typeof partnerRef>;

/** A record's id: a positive whole number. */
export const idField = () => yup.number().integer().defined();

/** An instant as ISO 8601 text in UTC, e.g. "2026-01-04T08:00:00.000Z". */
export const instantField = () => yup.string().defined();

/**
 * A record's version (ours): 1 when it is created, one more at every change. An edit screen reads the record
 * (`GET /<path>/{id}`) and its save sends the version it read (`version` in the `PUT` body); a save over a newer
 * version changes nothing and answers 409 with a `StaleSave` body. A `PUT` without `version` (the legacy client)
 * saves as before.
 */
export const versionField = () => yup.number().integer().min(1).defined();

/** The 409 answer to a save over a newer version of the record: who changed it, when, and the version it is at now. */
export const staleSave = yup.object({
  status_msg: yup.string().defined(),
  /** The staff member who made the newer change ("First Last"); null when it was not a signed-in person. */
  changedBy: yup.string().nullable().defined(),
  changedAt: instantField(),
  version: versionField(),
});
export type StaleSave = yup.InferType<typeof staleSave>;

/** `GET /<path>/{id}` (ours): one record, as the list shows it, under the endpoint's singular name. */
export type RecordResponse<Key extends string, Row> = { [K in Key]: Row };

/**
 * A "type" record: a name and a description (meeting types, group types). One row shape, one set of
 * queries (api/src/db/text-pair-queries.ts) for every such table.
 */
export const namedTypeRow = yup.object({
  id: idField(),
  name: yup.string().defined(),
  description: yup.string().defined(),
  createdAt: instantField(),
  Partner: partnerRef,
  version: versionField(),
});
export type NamedType = yup.InferType<typeof namedTypeRow>;

export { LIST_PAGE_SIZE, DROPDOWN_PAGE_SIZE, MAX_PAGE_SIZE, LIST_START_DATE } from './constants';

/**
 * One resource of the API as both sides name it (spec 7): its path, the keys of its rows in a list answer
 * and of its record in a save answer, its row schema and the text of a successful save. The server's route
 * factory and the browser's resource description both start from it, so none of these is written twice.
 */
export interface Endpoint<Row extends object> {
  /** Path under /api/v2: 'meeting_types'. */
  path: string;
  /** `GET /<path>` answers `{ <plural>: rows, total }`. */
  plural: string;
  /** `POST /<path>` and `PUT /<path>/{id}` answer `{ status_msg, <singular>: record }`, `GET /<path>/{id}` `{ <singular>: record }`. */
  singular: string;
  row: yup.ObjectSchema<Row>;
  /** The 'Awesome!' text after a save (spec 8), an English catalogue id. */
  savedText: string;
}

export const endpoint = <Row extends object>({ plural, ...rest }: Omit<Endpoint<Row>, 'plural'> & { plural?: string }): Endpoint<Row> => ({
  ...rest,
  plural: plural ?? rest.path,
});
