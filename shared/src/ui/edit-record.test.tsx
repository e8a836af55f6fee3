import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { Route, Routes } from 'react-router-dom';
import { expectPath, renderWithApp } from '../../test/render';
import type { SessionUser } from '../contract';
import { handOffKey, handOffOwner, useSession } from '@ushirika/shared/session';
import { NothingSelected, useEditRecord, useOpenEditor } from './edit-record';
import { amina, brian } from '../../test/users';

interface Thing {
  id: number;
  name: string;
}

function Editor() {
  const thing = useEditRecord<Thing>('/things/edit');
  return thing ? <p>Editing {thing.name}</p> : <NothingSelected backTo="/things" />;
}

function List() {
  const open = useOpenEditor();
  return <Button onClick={() => open('/things/edit', { id: 3, name: 'Choir practice' })}>Edit</Button>;
}

function App() {
  return (
    <Routes>
      <Route path="/things" element={<List />} />
      <Route path="/things/edit" element={<Editor />} />
    </Routes>
  );
}

const signIn = (user: SessionUser) => useSession.getState().login({ access_token: 'header.payload.sig', user });
/** Where the hand-off for /things/edit is stored for the signed-in user. */
const storedKey = () => handOffKey(useSession.getState().user, '/things/edit');

beforeEach(() => {
  useSession.getState().logout();
  localStorage.clear();
});

describe('record hand-off to edit screens (spec 2.1)', () => {
  it('opens the edit screen with the chosen record', async () => {
    renderWithApp(<App />, { path: '/things' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await expectPath('/things/edit');
    expect(screen.getByText('Editing Choir practice')).toBeInTheDocument();
  });

  it('finds the record in local storage after a reload (no navigation state)', () => {
    localStorage.setItem(storedKey(), JSON.stringify({ id: 3, name: 'Choir practice' }));
    renderWithApp(<App />, { path: '/things/edit' });
    expect(screen.getByText('Editing Choir practice')).toBeInTheDocument();
  });

  it('prefers the navigation state over an older stored record', () => {
    localStorage.setItem(storedKey(), JSON.stringify({ id: 1, name: 'Old' }));
    renderWithApp(<App />, { path: '/things/edit', state: { record: { id: 2, name: 'Fresh' } } });
    expect(screen.getByText('Editing Fresh')).toBeInTheDocument();
  });

  it('says nothing is selected, with a way back, when opened without a record', async () => {
    localStorage.setItem(storedKey(), '{not json');
    renderWithApp(<App />, { path: '/things/edit' });
    expect(screen.getByText('Nothing selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to the list' }));
    await expectPath('/things');
  });
});

describe('hand-offs belong to the signed-in user', () => {
  it('keeps the record for the same user across a reload (navigation state gone)', async () => {
    signIn(amina);
    const first = renderWithApp(<App />, { path: '/things' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await expectPath('/things/edit');
    first.unmount();

    expect(localStorage.getItem(handOffKey(amina, '/things/edit'))).toBe(JSON.stringify({ id: 3, name: 'Choir practice' }));
    renderWithApp(<App />, { path: '/things/edit' });
    expect(screen.getByText('Editing Choir practice')).toBeInTheDocument();
  });

  it("does not show user A's record to user B of another partner after logout and login", async () => {
    signIn(amina);
    const first = renderWithApp(<App />, { path: '/things' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await expectPath('/things/edit');
    first.unmount();

    useSession.getState().logout();
    signIn(brian);
    renderWithApp(<App />, { path: '/things/edit' });
    expect(screen.getByText('Nothing selected')).toBeInTheDocument();
    expect(screen.queryByText(/Choir practice/)).not.toBeInTheDocument();
  });

  it("ignores a record stored under another user's or partner's key, and the unkeyed key of older versions", () => {
    signIn(brian);
    localStorage.setItem(handOffKey(amina, '/things/edit'), JSON.stringify({ id: 3, name: 'Choir practice' }));
    localStorage.setItem(handOffKey({ ...amina, Partner: brian.Partner }, '/things/edit'), JSON.stringify({ id: 4, name: 'Same email' }));
    localStorage.setItem('ushirika.edit:/things/edit', JSON.stringify({ id: 5, name: 'Unkeyed' }));
    renderWithApp(<App />, { path: '/things/edit' });
    expect(screen.getByText('Nothing selected')).toBeInTheDocument();
  });

  it('ignores navigation state written for another user (Back into an entry from before a logout)', () => {
    signIn(brian);
    renderWithApp(<App />, { path: '/things/edit', state: { record: { id: 3, name: 'Choir practice' }, owner: handOffOwner(amina) } });
    expect(screen.getByText('Nothing selected')).toBeInTheDocument();
  });

  it('shows the chosen record to the user who opened it (its navigation state names them)', async () => {
    signIn(brian);
    renderWithApp(<App />, { path: '/things' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await expectPath('/things/edit');
    expect(screen.getByText('Editing Choir practice')).toBeInTheDocument();
  });
});
