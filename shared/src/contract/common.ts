/**
 * Shapes shared by every /api/v2 call (spec section 7).
 * These types are the compatibility contract: field names are exactly the legacy ones.
 */

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

/** Every list answers `{ <plural>: rows, total }`; `total` counts all matching rows, not just this page. */
export type ListResponse<Key extends string, Row> = { [K in Key]: Row[] } & { total: number };

/** Every failure answers a 4xx/5xx with this body; `status_msg` is what the user is shown. */
export interface ErrorBody {
  status_msg: string;
}

/** Every successful create/update answers 200/201 with `status_msg` and the saved record under its singular name. */
export type SaveResponse<Key extends string, Row> = { status_msg: string } & { [K in Key]: Row };

/** The partner name embedded in list rows (`Partner.name`). */
export interface PartnerRef {
  name: string;
}

/** List sizes from spec section 9. */
export const LIST_PAGE_SIZE = 15;
export const DROPDOWN_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** Lists ask for records from this date to today (spec 9). */
export const LIST_START_DATE = '2020-01-01';
