import { useIntl } from 'react-intl';

const DECIMAL = /^-?\d+(\.\d+)?$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The partners' currency (East Africa); a parameter so another currency is a call-site change. */
export const DEFAULT_CURRENCY = 'KES';

/**
 * '1250.5' -> 'KES 1,250.50' (in English; the locale decides separators and order).
 * Money arrives as an exact decimal string; Intl.NumberFormat formats a numeric string as an exact
 * decimal, so no float ever rounds it. Anything that is not a number is shown as it came.
 */
export function formatMoney(amount: string | number, locale: string = 'en', currency: string = DEFAULT_CURRENCY): string {
  const text = String(amount).trim();
  if (!DECIMAL.test(text)) return String(amount);
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code' });
  // The string overload is exact (ES2023 Intl.NumberFormat v3); TypeScript's lib only types number | bigint.
  return format.format(text as unknown as number);
}

/**
 * An ISO date or timestamp as a date in the user's language. A bare YYYY-MM-DD is a calendar day,
 * not an instant, so it is formatted in UTC: otherwise users west of Greenwich would see the day before.
 */
export function formatDate(iso: string, locale: string = 'en'): string {
  const dateOnly = DATE_ONLY.test(iso);
  const date = new Date(dateOnly ? `${iso}T00:00:00Z` : iso);
  if (!iso || Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: dateOnly ? 'UTC' : undefined }).format(date);
}

/** formatMoney in the current language, for table cells: `render: (v) => <MoneyText value={v} />`. */
export function MoneyText({ value }: { value: string | number }) {
  return <>{formatMoney(value, useIntl().locale)}</>;
}

/** formatDate in the current language, for table cells: `render: (v) => <DateText value={v} />`. */
export function DateText({ value }: { value: string }) {
  return <>{formatDate(value, useIntl().locale)}</>;
}

/**
 * An instant as a date and time in the user's language: '4 Mar 2026, 14:30'. `timeZone` shows it on
 * another clock than the browser's (say, the partner's, where a scheduled send was set).
 */
export function formatDateTime(iso: string, locale: string = 'en', timeZone?: string): string {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

/** formatDateTime in the current language, for table cells: `render: (v) => <DateTimeText value={v} />`. */
export function DateTimeText({ value, timeZone }: { value: string; timeZone?: string }) {
  return <>{formatDateTime(value, useIntl().locale, timeZone)}</>;
}

/** Spec 9: list cells show the first `max` characters of a long text and '...'; a shorter text whole. */
export function cutText(text: string, max: number): string {
  // By code points, so an emoji is never split in half.
  const characters = [...text];
  return characters.length > max ? `${characters.slice(0, max).join('')}...` : text;
}

/** cutText for table cells, the whole text in a tooltip: `render: (v) => <CutText value={v} max={40} />`. */
export function CutText({ value, max }: { value: string; max: number }) {
  const shown = cutText(value, max);
  return shown === value ? <>{value}</> : <span title={value}>{shown}</span>;
}
