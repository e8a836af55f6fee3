import type { PageLoader } from '@ushirika/shared/api';
import type { Member, MemberMembershipFilter } from '@ushirika/shared/contract';

/** What the contacts list is narrowed to besides its search: the archived contacts, one membership status (or none). */
export interface ContactFilters {
  archived?: boolean;
  membershipStatus?: MemberMembershipFilter;
}

/** The list's (and its export's) query parameters for `filters`: `archived=only`, `membershipStatus=<status|none>`. */
export function filterParams({ archived, membershipStatus }: ContactFilters): Record<string, string> {
  return { ...(archived ? { archived: 'only' } : {}), ...(membershipStatus ? { membershipStatus } : {}) };
}

/**
 * The contacts list's loader with its filters added to each request: each filter is its own cache entry (its
 * parameters key it), refreshed with the contacts after a save. No filter: `load` itself.
 */
export function filtered(load: PageLoader<Member>, filters: ContactFilters): PageLoader<Member> {
  const params = filterParams(filters);
  if (Object.keys(params).length === 0) return load;
  return Object.assign((...[query, signal]: Parameters<PageLoader<Member>>) => load({ ...query, ...params }, signal), { path: load.path, params });
}
