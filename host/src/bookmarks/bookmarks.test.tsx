import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { SidebarNavigation } from '../menu/SidebarNavigation';
import { GENERAL_MENU } from '../menu/menus';
import { renderAt, resetStores } from '../testing/render';
import { BookmarkBar } from './BookmarkBar';
import { BOOKMARKS_STORAGE_KEY, useBookmarks } from './bookmark-store';

function renderShellParts() {
  return renderAt(
    '/dashboard/home',
    <Routes>
      <Route
        path="*"
        element={
          <>
            <header>
              <BookmarkBar entries={GENERAL_MENU} />
            </header>
            <SidebarNavigation entries={GENERAL_MENU} />
          </>
        }
      />
    </Routes>,
  );
}

beforeEach(() => {
  resetStores();
  useBookmarks.setState({ paths: [] });
});

describe('bookmarks', () => {
  it('stars a search result into the bookmark bar and localStorage, and unstars it', async () => {
    const user = userEvent.setup();
    renderShellParts();
    await user.type(screen.getByRole('textbox', { name: 'Search the menu' }), 'mpesa');
    await user.click(screen.getByRole('button', { name: 'Add to bookmarks: Mpesa' }));

    const bar = within(screen.getByRole('banner'));
    expect(bar.getByRole('link', { name: 'Mpesa' })).toHaveAttribute('href', '/finance/mpesa');
    expect(JSON.parse(localStorage.getItem(BOOKMARKS_STORAGE_KEY) ?? '{}').state.paths).toEqual(['/finance/mpesa']);

    await user.click(screen.getByRole('button', { name: 'Remove from bookmarks: Mpesa' }));
    expect(bar.queryByRole('link', { name: 'Mpesa' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(BOOKMARKS_STORAGE_KEY) ?? '{}').state.paths).toEqual([]);
  });

  it('reads bookmarks back from localStorage', async () => {
    localStorage.setItem(BOOKMARKS_STORAGE_KEY, JSON.stringify({ state: { paths: ['/meetings/default'] }, version: 0 }));
    await useBookmarks.persist.rehydrate();
    renderShellParts();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'All Meetings' })).toBeInTheDocument();
  });

  it('has its own search in the bar, which closes on Escape', async () => {
    const user = userEvent.setup();
    renderShellParts();
    await user.click(screen.getByRole('button', { name: 'Search and bookmark pages' }));
    const search = await screen.findByRole('textbox', { name: 'Search pages to bookmark' });
    await user.type(search, 'config');
    await user.click(screen.getByRole('button', { name: 'Add to bookmarks: Message Configs' }));
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Message Configs' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Search pages to bookmark' })).not.toBeInTheDocument();
  });
});
