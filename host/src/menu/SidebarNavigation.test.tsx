import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { permissionsOf } from '@ushirika/shared/contract';
import { demoUser, renderAt, resetStores } from '../testing/render';
import { ETRACKER_MENU, GENERAL_MENU, menuFor } from './menus';
import { SidebarNavigation } from './SidebarNavigation';

function renderSidebar(path = '/dashboard/home', entries = GENERAL_MENU) {
  return renderAt(
    path,
    <Routes>
      <Route path="*" element={<SidebarNavigation entries={entries} />} />
    </Routes>,
  );
}

function groupTitle(name: string): HTMLElement {
  const title = screen.getByText(name).closest('[role="menuitem"]');
  if (!(title instanceof HTMLElement)) throw new Error(`no menu group titled ${name}`);
  return title;
}

beforeEach(resetStores);

describe('SidebarNavigation', () => {
  it('shows the general menu groups and the etracker flat menu', () => {
    renderSidebar();
    for (const name of ['Dashboard', 'Contacts', 'Finance', 'Meetings', 'Messaging']) expect(screen.getByText(name)).toBeInTheDocument();
  });

  it('shows the etracker menu for an etracker partner', () => {
    renderSidebar('/dashboard/etracker', ETRACKER_MENU);
    for (const name of ['Dashboard', 'Accounts', 'Money In', 'Money Out', 'Statements', 'Budget']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.queryByText('Contacts')).not.toBeInTheDocument();
  });

  it('keeps one top-level group open at a time', async () => {
    const user = userEvent.setup();
    renderSidebar();
    await user.click(groupTitle('Contacts'));
    expect(groupTitle('Contacts')).toHaveAttribute('aria-expanded', 'true');
    await user.click(groupTitle('Finance'));
    expect(groupTitle('Finance')).toHaveAttribute('aria-expanded', 'true');
    expect(groupTitle('Contacts')).toHaveAttribute('aria-expanded', 'false');
    await user.click(groupTitle('Finance'));
    expect(groupTitle('Finance')).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the group of the active route and highlights its link', () => {
    renderSidebar('/contacts/groups/new');
    expect(groupTitle('Contacts')).toHaveAttribute('aria-expanded', 'true');
    const active = screen.getByRole('link', { name: 'Groups' }).closest('li');
    expect(active).toHaveClass('ant-menu-item-selected');
  });

  it('filters by title, case-insensitively, into nested children', async () => {
    const user = userEvent.setup();
    renderSidebar();
    await user.type(screen.getByRole('textbox', { name: 'Search the menu' }), 'FILES');
    const results = screen.getByRole('list', { name: 'Search the menu' });
    expect(
      within(results)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Recent Files']);
  });

  it('says so when nothing matches', async () => {
    const user = userEvent.setup();
    renderSidebar();
    await user.type(screen.getByRole('textbox', { name: 'Search the menu' }), 'zebra');
    expect(screen.getByText('Oops! No results found.')).toBeInTheDocument();
  });

  it('shows and finds only what the user may open, without a group left empty', async () => {
    const user = userEvent.setup();
    renderSidebar('/finance/income', menuFor({ ...demoUser(), roles: ['finance_clerk'], permissions: permissionsOf(['finance_clerk']) }));
    expect(screen.getByText('Finance')).toBeInTheDocument();
    for (const name of ['Contacts', 'Meetings', 'Messaging', 'Settings']) expect(screen.queryByText(name)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mpesa' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Statements' })).not.toBeInTheDocument();

    const search = screen.getByRole('textbox', { name: 'Search the menu' });
    await user.type(search, 'state');
    expect(screen.getByText('Oops! No results found.')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'finance');
    const results = screen.getByRole('list', { name: 'Search the menu' });
    expect(
      within(results)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['All Income', 'Expenses', 'Mpesa', 'Campaigns', 'Periods']);
  });
});
