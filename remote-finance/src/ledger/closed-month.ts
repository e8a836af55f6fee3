import { isClosedMonthBody } from '@ushirika/shared/contract';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/** 'YYYY-MM' as the user's language names the month: 'March 2026', 'Machi 2026', 'mars 2026'. */
export function monthLabel(month: string, locale: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year!, number! - 1, 1));
}

/** The closed month (YYYY-MM) a refusal names: the server's 409 carries it beside its English text. */
export function closedMonthOf(error: unknown): string | undefined {
  const data = typeof error === 'object' && error !== null ? (error as { data?: unknown }).data : undefined;
  return isClosedMonthBody(data) ? data.closedMonth : undefined;
}

/**
 * Returns `localised(error)`: a refusal for a closed month becomes an error whose text names the month in the
 * user's language (the dialogs show an error's own text when it is no catalogue id); any other error is as it was.
 */
export function useClosedMonthError(): (error: unknown) => unknown {
  const intl = useIntl();
  return useCallback(
    (error: unknown) => {
      const month = closedMonthOf(error);
      return month === undefined ? error : new Error(intl.formatMessage({ id: 'ledger.closedMonth' }, { month: monthLabel(month, intl.locale) }));
    },
    [intl],
  );
}
