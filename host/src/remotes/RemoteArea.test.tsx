import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderAt } from '../testing/render';
import type { AreaLoader, AreaModule } from './areas';
import { RemoteArea } from './RemoteArea';

const contactsRoutes: AreaModule = { default: ({ base }) => <p>contacts routes at {base}</p> };

function renderArea(load: AreaLoader) {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  return renderAt(
    '/contacts/default',
    <Routes>
      <Route path="/contacts/*" element={<RemoteArea area="contacts" base="contacts" load={load} />} />
    </Routes>,
  );
}

afterEach(() => jest.restoreAllMocks());

describe('RemoteArea', () => {
  it('renders the remote routes once loaded', async () => {
    renderArea(() => Promise.resolve(contactsRoutes));
    expect(await screen.findByText('contacts routes at contacts')).toBeInTheDocument();
  });

  it('shows the error panel when the remote cannot be loaded, and Retry loads it again', async () => {
    const load = jest
      .fn<ReturnType<AreaLoader>, Parameters<AreaLoader>>()
      .mockRejectedValueOnce(new Error('ScriptNetworkError: remoteEntry.js 404'))
      .mockResolvedValueOnce(contactsRoutes);
    const user = userEvent.setup();
    renderArea(load);

    expect(await screen.findByText('The Contacts area could not be loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('contacts routes at contacts')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenCalledWith('contacts');
  });
});
