import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { api } from '@ushirika/shared/api';
import type { ActivityEntry, StaffMember } from '@ushirika/shared/contract';
import { downloadBlob } from '@ushirika/shared/ui';
import { renderScreen, setupUser } from '../../../shared/test/render';
import { httpError } from '../../../shared/test/http-error';
import { signIn } from '../../../shared/test/roles';
import { ActivityPage } from './ActivityPage';

jest.mock('@ushirika/shared/api', () => {
  const actual = jest.requireActual<typeof import('@ushirika/shared/api')>('@ushirika/shared/api');
  const client = { get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() };
  return { ...actual, api: client, pageLoader: (path: string, key: string) => actual.pageLoader(path, key, client as never) };
});
jest.mock('@ushirika/shared/ui', () => ({ ...jest.requireActual<object>('@ushirika/shared/ui'), downloadBlob: jest.fn() }));
const get = jest.mocked(api.get);

/** What ky's calls give: `.json()` resolves to `body`, or rejects with `error`. */
const answers = (body: unknown) => ({ json: () => Promise.resolve(body) }) as never;
const fails = (error: unknown) => ({ json: () => Promise.reject(error) }) as never;

const staffMember = (id: number, name: string): StaffMember => ({
  id,
  name,
  phone: null,
  email: null,
  roles: ['treasurer'],
  active: true,
  invitationPending: false,
  invitationExpiresAt: null,
  twoStep: false,
  lastSeenAt: null,
  createdAt: '2026-01-10T08:00:00.000Z',
});

const rename: ActivityEntry = {
  id: 41,
  at: '2026-03-04T11:30:00.000Z',
  actorType: 'staff',
  userId: 1,
  actorName: 'Amina Wanjiru',
  address: '10.0.0.1',
  action: 'update',
  area: 'finance',
  entity: 'account',
  entityId: '4',
  changes: [{ field: 'name', old: 'Tithe', new: 'Tithes' }],
  details: {},
};
const payment: ActivityEntry = {
  ...rename,
  id: 40,
  actorType: 'mpesa',
  userId: null,
  actorName: null,
  address: '196.201.214.200',
  action: 'receive',
  entity: 'mpesa_payment',
  entityId: null,
  changes: [],
  details: { outcome: 'waiting' },
};

/** Every `GET /activity` the screen sent, by its query. */
const activityQueries = () =>
  get.mock.calls.filter(([path]) => path === 'activity').map(([, options]) => (options as { searchParams: Record<string, unknown> }).searchParams);

beforeEach(() => {
  localStorage.clear();
  get.mockReset();
  jest.mocked(downloadBlob).mockReset();
  get.mockImplementation(((path: string) => {
    if (path === 'staff') return answers({ staff: [staffMember(1, 'Amina Wanjiru'), staffMember(2, 'Peter Mwangi')], total: 2 });
    if (path === 'activity') return answers({ activity: [rename, payment], total: 2 });
    return fails(httpError(404, { status_msg: 'Not found' }));
  }) as never);
});

const open = () =>
  renderScreen(
    <Routes>
      <Route path="/settings/activity" element={<ActivityPage />} />
    </Routes>,
    { path: '/settings/activity' },
  );

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

async function choose(label: string, option: string) {
  const user = setupUser();
  await user.click(screen.getByLabelText(label));
  await user.click(await screen.findByTitle(option));
}

describe('Settings → Activity', () => {
  it('lists the log newest first: when, who and from where, area, action, record and what changed', async () => {
    signIn(['owner']);
    await open();
    expect(await screen.findByRole('heading', { name: 'Activity' })).toBeInTheDocument();
    const renameRow = await rowOf('Amina Wanjiru');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['When', 'Who', 'Area', 'Action', 'Record', 'Changes']);
    expect(within(renameRow).getByText('from 10.0.0.1')).toBeInTheDocument();
    expect(within(renameRow).getByText('Finance')).toBeInTheDocument();
    expect(within(renameRow).getByText('Changed')).toBeInTheDocument();
    expect(within(renameRow).getByText('Account 4')).toBeInTheDocument();
    expect(within(renameRow).getByRole('list', { name: 'What changed' })).toHaveTextContent('Name: Tithe → Tithes');
    const paymentRow = await rowOf('M-Pesa');
    expect(within(paymentRow).getByText('Received')).toBeInTheDocument();
    expect(within(paymentRow).getByText('M-Pesa payment')).toBeInTheDocument();
    expect(within(paymentRow).getByText('Outcome: waiting')).toBeInTheDocument();
    // The first page, every area, everyone.
    expect(activityQueries()[0]).toEqual(expect.objectContaining({ page: 1, pagesize: 15 }));
    expect(activityQueries()[0]).not.toHaveProperty('area');
    expect(activityQueries()[0]).not.toHaveProperty('user');
  });

  it('filters by person, area, kind of record and id, and dates', async () => {
    signIn(['owner']);
    const user = setupUser();
    await open();
    await rowOf('Amina Wanjiru');
    await choose('Person', 'Peter Mwangi');
    await choose('Area', 'Finance');
    await choose('Kind of record', 'Income');
    await user.fill('Record id', '12');
    await user.fill('From', '2026-03-01');
    await user.fill('To', '2026-03-31');
    await user.click(screen.getByRole('button', { name: /Show/ }));
    await waitFor(() =>
      expect(activityQueries().at(-1)).toEqual(
        expect.objectContaining({ page: 1, user: '2', area: 'finance', entity: 'income', entityid: '12', startdate: '2026-03-01', enddate: '2026-03-31' }),
      ),
    );

    // The product's own writers are people to filter by too (the gateway changed nothing here); Clear shows everything again.
    const everything = get.getMockImplementation()!;
    get.mockImplementation(((path: string, options: { searchParams: Record<string, unknown> }) =>
      path === 'activity' && options.searchParams.user === 'sms_gateway' ? answers({ activity: [], total: 0 }) : everything(path, options as never)) as never);
    await choose('Person', 'SMS gateway');
    await user.click(screen.getByRole('button', { name: /Show/ }));
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    expect(activityQueries().at(-1)).toEqual(expect.objectContaining({ user: 'sms_gateway', area: 'finance' }));
    await user.click(screen.getByRole('button', { name: /Clear/ }));
    expect(await rowOf('Amina Wanjiru')).toBeInTheDocument();
    expect(screen.getByLabelText('Record id')).toHaveValue('');
  });

  it('pages like every list', async () => {
    signIn(['owner']);
    get.mockImplementation(((path: string, options: { searchParams: { page: number } }) => {
      if (path === 'staff') return answers({ staff: [], total: 0 });
      const page = options.searchParams.page;
      return answers({ activity: [{ ...rename, id: 100 + page, actorName: `Editor ${page}` }], total: 31 });
    }) as never);
    const user = setupUser();
    await open();
    expect(await screen.findByText('showing page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Editor 2')).toBeInTheDocument();
    expect(activityQueries().map((query) => query.page)).toEqual([1, 2]);
  });

  it('exports the shown filters as CSV', async () => {
    signIn(['owner']);
    const blob = new Blob(['When,Who\r\n']);
    get.mockImplementation(((path: string) => {
      if (path === 'activity.csv')
        return { blob: () => Promise.resolve(blob), headers: new Headers({ 'content-disposition': 'attachment; filename=activity-2026-03-31.csv' }) };
      if (path === 'staff') return answers({ staff: [staffMember(2, 'Peter Mwangi')], total: 1 });
      return answers({ activity: [rename], total: 1 });
    }) as never);
    const user = setupUser();
    await open();
    await rowOf('Amina Wanjiru');
    await choose('Person', 'Peter Mwangi');
    await user.click(screen.getByRole('button', { name: /Show/ }));
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(downloadBlob).toHaveBeenCalledWith(blob, 'activity-2026-03-31.csv'));
    expect(get).toHaveBeenCalledWith('activity.csv', { searchParams: { user: '2' } });
  });

  it('shows a treasurer the finance events only, and her people without the staff list she may not read', async () => {
    signIn(['treasurer']);
    await open();
    await rowOf('Amina Wanjiru');
    expect(screen.getByText('You see the finance events of the log. The rest of it is for owners.')).toBeInTheDocument();
    expect(activityQueries()[0]).toEqual(expect.objectContaining({ area: 'finance' }));
    expect(get).not.toHaveBeenCalledWith('staff', expect.anything());
    const user = setupUser();
    await user.click(screen.getByLabelText('Kind of record'));
    expect(await screen.findByTitle('Income')).toBeInTheDocument();
    expect(screen.queryByTitle('Contact')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Person'));
    expect(await screen.findByTitle('M-Pesa')).toBeInTheDocument();
  });
});
