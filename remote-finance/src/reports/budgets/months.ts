/** January to December in the user's language ('Jan' or 'January'). */
export function monthNames(locale: string, width: 'short' | 'long'): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: width, timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, month) => format.format(Date.UTC(2026, month, 1)));
}
