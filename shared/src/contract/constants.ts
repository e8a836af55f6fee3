/**
 * The contract's plain constants, in a module free of yup: the session store and the API client read them, and
 * the login screen loads those two without the schemas (docs/architecture.md, "Weight"). Each is re-exported by
 * the contract module it belongs to.
 */

/** List sizes from spec section 9. */
export const LIST_PAGE_SIZE = 15;
export const DROPDOWN_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** Lists ask for records from this date to today (spec 9). */
export const LIST_START_DATE = '2020-01-01';

/** A partner's time zone when none was set (an IANA name): weeks, months, days of M-Pesa payments, schedules. */
export const DEFAULT_TIME_ZONE = 'Africa/Nairobi';

/** Product value that selects the expense-tracker variant; anything else is the general variant. */
export const ETRACKER_PRODUCT = 'etracker';

/**
 * The areas an etracker partner (money only) may have turned on beyond finance (issue 28.7; set with `pnpm ops`,
 * kept in partners.areas). A general partner has every area.
 */
export const PARTNER_AREAS = ['contacts', 'messaging'] as const;
export type PartnerArea = (typeof PARTNER_AREAS)[number];

/** The browser's path of the person's page (issue 28.1), under the contacts area's mount. */
export const PERSON_PAGE_PATH = '/contacts/people';
export const personPagePath = (memberId: number) => `${PERSON_PAGE_PATH}/${memberId}`;
