import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const BOOKMARKS_STORAGE_KEY = 'ushirika.bookmarks';

interface BookmarkState {
  /** Starred menu paths, in the order they were starred. */
  paths: string[];
  toggle: (path: string) => void;
}

/** Bookmarks starred from the menu search or the bookmark bar, kept in localStorage. */
export const useBookmarks = create<BookmarkState>()(
  persist(
    (set) => ({
      paths: [],
      toggle: (path) => set(({ paths }) => ({ paths: paths.includes(path) ? paths.filter((p) => p !== path) : [...paths, path] })),
    }),
    { name: BOOKMARKS_STORAGE_KEY, storage: createJSONStorage(() => localStorage) },
  ),
);
