import type { MenuEntry, MenuLink } from './menus';

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
