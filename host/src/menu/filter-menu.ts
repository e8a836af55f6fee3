import type { SessionUser } from '@ushirika/shared/contract';
import { can } from '@ushirika/shared/contract';
import type { MenuEntry, MenuGroup, MenuLink } from './menus';

/**
 * The entries `user` may open (issue 25): each link whose permission they hold, each group with what is left of
 * it, and no group left empty. The order stays the menu's. A user without a permission list (a session from
 * before roles) sees everything, as `can` says; nobody signed in sees nothing.
 */
export function allowedMenu(entries: MenuEntry[], user: SessionUser | null): MenuEntry[] {
  const allowed = (link: MenuLink) => can(user, link.permission);
  return entries.flatMap((entry): MenuEntry[] => {
    if (entry.kind === 'link') return allowed(entry) ? [entry] : [];
    const children = entry.children.filter(allowed);
    if (children.length === 0) return [];
    return [children.length === entry.children.length ? entry : ({ ...entry, children } satisfies MenuGroup)];
  });
}

/**
 * Menu search (spec 2.3): the links whose title contains the query, case-insensitive, across top-level links and
 * the children of groups. A group whose own title matches brings all its children. Empty query: no results.
 */
export function filterMenu(entries: MenuEntry[], query: string, title: (titleId: string) => string): MenuLink[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [];
  const matches = (titleId: string) => title(titleId).toLocaleLowerCase().includes(needle);
  const results: MenuLink[] = [];
  for (const entry of entries) {
    if (entry.kind === 'link') {
      if (matches(entry.titleId)) results.push(entry);
    } else if (matches(entry.titleId)) {
      results.push(...entry.children);
    } else {
      results.push(...entry.children.filter((child) => matches(child.titleId)));
    }
  }
  return results;
}
