import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { Route, Routes } from 'react-router-dom';
import { expectPath, renderWithApp } from '../../test/render';
import { NothingSelected, useEditRecord, useOpenEditor } from './edit-record';

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

beforeEach(() => localStorage.clear());

describe('record hand-off to edit screens (spec 2.1)', () => {
  it('opens the edit screen with the chosen record', async () => {
    renderWithApp(<App />, { path: '/things' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await expectPath('/things/edit');
    expect(screen.getByText('Editing Choir practice')).toBeInTheDocument();
  });

  it('finds the record in local storage after a reload (no navigation state)', () => {
    localStorage.setItem('ushirika.edit:/things/edit', JSON.stringify({ id: 3, name: 'Choir practice' }));
    renderWithApp(<App />, { path: '/things/edit' });
    expect(screen.getByText('Editing Choir practice')).toBeInTheDocument();
  });

  it('prefers the navigation state over an older stored record', () => {
    localStorage.setItem('ushirika.edit:/things/edit', JSON.stringify({ id: 1, name: 'Old' }));
    renderWithApp(<App />, { path: '/things/edit', state: { record: { id: 2, name: 'Fresh' } } });
    expect(screen.getByText('Editing Fresh')).toBeInTheDocument();
  });

  it('says nothing is selected, with a way back, when opened without a record', async () => {
    localStorage.setItem('ushirika.edit:/things/edit', '{not json');
    renderWithApp(<App />, { path: '/things/edit' });
    expect(screen.getByText('Nothing selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to the list' }));
    await expectPath('/things');
  });
});
