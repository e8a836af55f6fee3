import { partnerToday } from '@ushirika/shared/api';

/** The export's file name, dated with the partner's today: contacts-2026-11-22.csv. */
export const exportFileName = (now: Date = new Date()) => `contacts-${partnerToday(now)}.csv`;
