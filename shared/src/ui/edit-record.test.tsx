import { screen } from '@testing-library/react';
import { Button } from 'antd';
import { Route, Routes } from 'react-router-dom';
import { fakeServer } from '../../test/fake-api';
import { httpError } from '../../test/http-error';
import { expectPath, renderWithApp, setupUser } from '../../test/render';
import { EditRecord, useOpenEditor } from './edit-record';

jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../test/fake-api')>('../../test/fake-api').fakeApiModule());

interface Thing {
  id: number;
  name: string;
  version: number;
}

const things = { path: 'things', singular: 'thing' };

function Editor() {
  return (
    <EditRecord<Thing> endpoint={things} backTo="/things">
      {(thing) => (
        <p>
          Editing {thing.name} at version {thing.version}
        </p>
      )}
    </EditRecord>
  );
}

function List() {
  const open = useOpenEditor();
  return <Button onClick={() => open('/things/edit', { id: 3 })}>Edit</Button>;
}

function App() {
  return (
    <Routes>
      <Route path="/things" element={<List />} />
      <Route path="/things/edit" element={<Editor />} />
      <Route path="/things/edit/:id" element={<Editor />} />
    </Routes>
  );
}

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  user = setupUser();
  localStorage.clear();
  fakeServer.reset();
  fakeServer.singulars.set('things', 'thing');
  fakeServer.rows.set('things', [{ id: 3, name: 'Choir practice', version: 2 }]);
});

describe('edit screens read their record by the id in their address (issue 24)', () => {
  it('opens the edit screen of the chosen record at its own address and reads it from the server, storing nothing', async () => {
    renderWithApp(<App />, { path: '/things' });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await expectPath('/things/edit/3');
    expect(await screen.findByText('Editing Choir practice at version 2')).toBeInTheDocument();
    expect(fakeServer.recordRequests).toEqual(['things/3']);
    expect(localStorage.length).toBe(0);
  });

  it('reads the record again on every visit (a reload, Back): never a copy from before the last save', async () => {
    const first = renderWithApp(<App />, { path: '/things/edit/3' });
    await screen.findByText('Editing Choir practice at version 2');
    first.unmount();
    fakeServer.rows.set('things', [{ id: 3, name: 'Choir rehearsal', version: 3 }]);
    renderWithApp(<App />, { path: '/things/edit/3' });
    expect(await screen.findByText('Editing Choir rehearsal at version 3')).toBeInTheDocument();
    expect(screen.queryByText(/Choir practice/)).not.toBeInTheDocument();
  });

  it('says the record is not found for an id that names none (or cannot be an id), with the way back', async () => {
    for (const path of ['/things/edit/99', '/things/edit/abc', '/things/edit/0']) {
      const rendered = renderWithApp(<App />, { path });
      expect(await screen.findByText('Record not found')).toBeInTheDocument();
      rendered.unmount();
    }
    renderWithApp(<App />, { path: '/things/edit/99' });
    await user.click(await screen.findByRole('button', { name: 'Back to the list' }));
    await expectPath('/things');
  });

  it('says when the record could not be read, and reads it again on Retry', async () => {
    // A refusal the kit does not try again by itself (it retries a 5xx once).
    fakeServer.nextRecordFailure = httpError(403, { status_msg: 'Forbidden' });
    renderWithApp(<App />, { path: '/things/edit/3' });
    expect(await screen.findByText('The record could not be loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Editing Choir practice at version 2')).toBeInTheDocument();
  });

  it('says nothing is selected at the bare address (a bookmark from before ids), with the way back', async () => {
    renderWithApp(<App />, { path: '/things/edit' });
    expect(screen.getByText('Nothing selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    await expectPath('/things');
    expect(fakeServer.recordRequests).toEqual([]);
  });
});
