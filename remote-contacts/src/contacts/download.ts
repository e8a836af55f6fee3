import { localIsoDate } from '@ushirika/shared/api';

/** The export's file name, dated with the user's today: contacts-2026-11-22.csv. */
export const exportFileName = (now: Date = new Date()) => `contacts-${localIsoDate(now)}.csv`;
