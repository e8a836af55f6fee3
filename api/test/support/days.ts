/** The demo and test partners' time zone (migration 0010's default): the zone the lists read their dates in. */
export const PARTNER_ZONE = 'Africa/Nairobi';

/** The partner's calendar day `offsetDays` from today, YYYY-MM-DD: what "today" means to a list's dates. */
export const partnerDay = (offsetDays = 0): string => new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('en-CA', { timeZone: PARTNER_ZONE });
