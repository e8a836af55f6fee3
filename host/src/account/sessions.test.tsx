import { screen, waitFor, within } from '@testing-library/react';
import { api } from '@ushirika/shared/api';
import type { UserSession } from '@ushirika/shared/contract';
import { findDialog, renderWithApp, setupUser } from '../../../shared/test/render';
import { resetStores, signIn } from '../testing/render';
import { SessionsPage } from './SessionsPage';

jest.mock('@ushirika/shared/api', () => ({ ...jest.requireActual('@ushirika/shared/api'), api: { get: jest.fn(), delete: jest.fn() } }));
const get = api.get as unknown as jest.Mock;
const remove = api.delete as unknown as jest.Mock;

const answers = (body: unknown) => ({ json: () => Promise.resolve(body) });

const here: UserSession = {
  id: '0b6f3c1e-1111-4c2a-9d7e-000000000001',
  device: 'Chrome on Android',
  address: '197.232.10.4',
  createdAt: '2026-11-20T06:00:00.000Z',
  lastSeenAt: '2026-11-27T08:15:00.000Z',
  current: true,
};
const elsewhere: UserSession = {
  id: '0b6f3c1e-2222-4c2a-9d7e-000000000002',
  device: 'Firefox on Windows',
  address: '41.90.64.7',
  createdAt: '2026-11-02T12:00:00.000Z',
  lastSeenAt: '2026-11-03T17:40:00.000Z',
  current: false,
};

const rowOf = (device: string) => screen.getByText(device).closest('tr')!;

beforeEach(() => {
  resetStores();
  get.mockReset();
  remove.mockReset();
});

describe('SessionsPage', () => {
  it('lists where the user is signed in: device, address, last seen, and this device marked, without an End', async () => {
    signIn();
    get.mockReturnValue(answers({ sessions: [here, elsewhere] }));
    renderWithApp(<SessionsPage />, { path: '/account/sessions' });

    expect(await screen.findByText('Chrome on Android')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('me/sessions', expect.anything());
    const mine = rowOf('Chrome on Android');
    expect(within(mine).getByText('This device')).toBeInTheDocument();
    expect(within(mine).getByText('197.232.10.4')).toBeInTheDocument();
    // Shown on the partner's clock (Africa/Nairobi, UTC+3).
    expect(within(mine).getByText(/Nov 27, 2026.*11:15/)).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: 'End' })).not.toBeInTheDocument();

    const other = rowOf('Firefox on Windows');
    expect(within(other).queryByText('This device')).not.toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'End' })).toBeInTheDocument();
  });

  it('ends another session after a confirmation, says so and lists what is left', async () => {
    signIn();
    get.mockReturnValueOnce(answers({ sessions: [here, elsewhere] })).mockReturnValue(answers({ sessions: [here] }));
    remove.mockReturnValue(answers({ status_msg: 'That session has ended: its device must sign in again.' }));
    renderWithApp(<SessionsPage />, { path: '/account/sessions' });
    const user = setupUser();
    await screen.findByText('Firefox on Windows');

    await user.click(within(rowOf('Firefox on Windows')).getByRole('button', { name: 'End' }));
    const question = await findDialog('End this session?');
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(question).getByRole('button', { name: 'End' }));

    expect(within(await findDialog('Awesome!')).getByText('That session has ended: its device must sign in again.')).toBeInTheDocument();
    expect(remove).toHaveBeenCalledWith(`me/sessions/${elsewhere.id}`);
    await waitFor(() => expect(screen.queryByText('Firefox on Windows')).not.toBeInTheDocument());
    expect(screen.getByText('Chrome on Android')).toBeInTheDocument();
  });

  it('ends nothing when the confirmation is cancelled', async () => {
    signIn();
    get.mockReturnValue(answers({ sessions: [here, elsewhere] }));
    renderWithApp(<SessionsPage />, { path: '/account/sessions' });
    const user = setupUser();
    await screen.findByText('Firefox on Windows');

    await user.click(within(rowOf('Firefox on Windows')).getByRole('button', { name: 'End' }));
    await user.click(within(await findDialog('End this session?')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'End this session?' })).not.toBeInTheDocument());
    expect(remove).not.toHaveBeenCalled();
    expect(screen.getByText('Firefox on Windows')).toBeInTheDocument();
  });
});
