import { screen, waitFor, within } from '@testing-library/react';
import type { Household, HouseholdDetail, Member } from '@ushirika/shared/contract';
import { fakeServer } from '../../../shared/test/fake-api';
import { httpError } from '../../../shared/test/http-error';
import { expectPath, findDialog, renderScreen, setupUser } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import { expectFormScreen, expectListScreen } from '../../../shared/test/screens';
import { loadContacts } from '../contacts/api';
import AreaRoutes from '../routes';
import { deleteHousehold } from './api';

jest.mock('./api', () => ({ deleteHousehold: jest.fn() }));
// The contacts the member picker offers (GET /member).
jest.mock('../contacts/api', () => ({ loadContacts: Object.assign(jest.fn(), { path: 'member' }) }));
// The list, the record of the edit screen and the saves: the kit's calls, served from fakeServer.
jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule());
// The household schema, until the validation kit's index exports it (shared/src/validation/households.ts).
const pickable = jest.mocked(loadContacts);
const remove = jest.mocked(deleteHousehold);

const partner = { name: 'Grace Community Church' };
const contact = (id: number, firstName: string, lastName: string, phone: string, household: Member['household'] = null): Member => ({
  id,
  firstName,
  lastName,
  gender: '',
  phone,
  email: '',
  residence: '',
  dateOfBirth: null,
  membershipStatus: '',
  maritalStatus: '',
  externalId: '',
  household,
  createdAt: '2026-01-01T00:00:00Z',
  Partner: partner,
  version: 1,
  archivedAt: null,
  erased: false,
});
const james = contact(12, 'James', 'Otieno', '+254712000001', { id: 7, name: 'Otieno family', role: 'head' });
const grace = contact(13, 'Grace', 'Otieno', '+254712000002', { id: 7, name: 'Otieno family', role: 'spouse' });
const peter = contact(40, 'Peter', 'Kamau', '+254733000003');
const mary = contact(41, 'Mary', 'Kamau', '+254733000004');
const ruth = contact(50, 'Ruth', 'Njeri', '+254700000005', { id: 9, name: 'Njeri home', role: 'head' });

const otieno: HouseholdDetail = {
  id: 7,
  name: 'Otieno family',
  key: 'H-7',
  head: 'James Otieno',
  memberCount: 2,
  createdAt: '2026-03-02T08:00:00Z',
  Partner: partner,
  version: 4,
  members: [
    { MemberId: 12, firstName: 'James', lastName: 'Otieno', phone: '+254712000001', role: 'head' },
    { MemberId: 13, firstName: 'Grace', lastName: 'Otieno', phone: '+254712000002', role: 'spouse' },
  ],
};
const headless: Household = { ...otieno, id: 9, name: 'Njeri home', key: 'PCO-991', head: null, memberCount: 0 };

const open = (path: string) => renderScreen(<AreaRoutes base="contacts" />, { path, route: '/contacts/*' });
/** The household form's member rows, each as a reader sees it: name and phone, role. */
const memberRows = () =>
  within(screen.getByRole('list', { name: 'Members' }))
    .getAllByRole('listitem')
    .map((row) => `${row.querySelector('span')!.textContent} · ${row.querySelector('.ant-select-content')?.getAttribute('title')}`);

async function pick(name: string) {
  const list = await screen.findByRole('list', { name: 'Contacts' });
  await user.click(await within(list).findByRole('button', { name: new RegExp(`^${name}`) }));
}

async function chooseRole(name: string, role: string) {
  await user.click(screen.getByLabelText(`Role of ${name}`));
  const options = await screen.findAllByTitle(role);
  await user.click(options.at(-1)!);
}

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  signIn(['secretary']);
  user = setupUser();
  jest.clearAllMocks();
  localStorage.clear();
  fakeServer.reset();
  fakeServer.rows.set('households', [otieno, headless]);
  pickable.mockResolvedValue({ rows: [james, grace, peter, mary, ruth], total: 5 });
});

describe('Households list', () => {
  it('lists each household with its head (or none) and how many members it has, searchable', async () => {
    await open('/contacts/households');
    const row = (await screen.findByText('Otieno family')).closest('tr')!;
    expectListScreen('Households', 'New Household', ['Household', 'Head of household', 'Members', 'Date Added', 'Edit']);
    expect(within(row).getByText('James Otieno')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(screen.getByText('Njeri home').closest('tr')!).getByText('—')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('type text to search..')).toBeInTheDocument();
    expect(fakeServer.pageRequests[0]).toEqual({ path: 'households', query: expect.objectContaining({ page: 1, pagesize: 15, searchKey: '' }) });
  });

  it('shows a viewer the households without New or Edit, and the new form not at all', async () => {
    signIn(['viewer']);
    const list = await open('/contacts/households');
    await screen.findByText('Otieno family');
    expect(screen.queryByRole('button', { name: 'New Household' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Edit' })).not.toBeInTheDocument();
    list.unmount();
    await open('/contacts/households/new');
    expect(screen.getByText('You do not have access to this screen')).toBeInTheDocument();
  });
});

describe('New household', () => {
  it('builds a household from the contacts: the first added is its head, the others take the role chosen', async () => {
    const { container } = await open('/contacts/households/new');
    expectFormScreen(container, 'New Household', ['Name', 'Members']);
    expect(screen.getByText(/^No members yet/)).toBeInTheDocument();
    await user.fill('Name', ' Kamau family ');
    await pick('Peter Kamau');
    await pick('Mary Kamau');
    expect(memberRows()).toEqual(['Peter Kamau +254733000003 · Head', 'Mary Kamau +254733000004 · Other']);
    await chooseRole('Mary Kamau', 'Spouse');
    expect(memberRows()).toEqual(['Peter Kamau +254733000003 · Head', 'Mary Kamau +254733000004 · Spouse']);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(within(await findDialog('Awesome!')).getByText('Household saved successfully!')).toBeInTheDocument();
    expect(fakeServer.saves).toEqual([
      {
        path: 'households',
        id: undefined,
        body: {
          name: 'Kamau family',
          members: [
            { memberId: 40, role: 'head' },
            { memberId: 41, role: 'spouse' },
          ],
        },
      },
    ]);
    await expectPath('/contacts/households');
  });

  it('searches the contacts to add, and does not submit the form on Enter', async () => {
    await open('/contacts/households/new');
    await screen.findByRole('list', { name: 'Contacts' });
    await user.click(screen.getByLabelText('Search contacts'));
    await user.paste('Kamau');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(pickable).toHaveBeenCalledWith(expect.objectContaining({ searchKey: 'Kamau', page: 1, pagesize: 25 }), expect.any(AbortSignal)));
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(fakeServer.saves).toEqual([]);
  });

  it('does not add a contact of another household, and says which one holds them', async () => {
    await open('/contacts/households/new');
    const list = await screen.findByRole('list', { name: 'Contacts' });
    expect(within(list).getByRole('button', { name: /^Ruth Njeri/ })).toHaveTextContent('In Njeri home');
    await pick('Ruth Njeri');
    expect(within(await findDialog('Error!')).getByText('This contact is in the household Njeri home. Remove them from it first.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Members' })).not.toBeInTheDocument();
  });

  it("refuses a household without a name or with two heads, with the schema's messages", async () => {
    await open('/contacts/households/new');
    await pick('Peter Kamau');
    await pick('Mary Kamau');
    await chooseRole('Mary Kamau', 'Head');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('A household has one head')).toBeInTheDocument();
    expect(fakeServer.saves).toEqual([]);
  });
});

describe('Edit household', () => {
  it('shows the household with its members, and saves the changed roles and members over its version', async () => {
    await open('/contacts/households/edit/7');
    expect(await screen.findByRole('heading', { name: 'Edit Household' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Otieno family');
    expect(memberRows()).toEqual(['James Otieno +254712000001 · Head', 'Grace Otieno +254712000002 · Spouse']);
    // Each member's name opens their page (issue 28.1).
    expect(screen.getByRole('link', { name: 'Grace Otieno' })).toHaveAttribute('href', expect.stringMatching(/^\/contacts\/people\/\d+$/));
    // Its own members are ticked in the picker, not taken by another household.
    const list = await screen.findByRole('list', { name: 'Contacts' });
    expect(within(list).getByRole('button', { name: /^James Otieno/ })).not.toHaveTextContent('In Otieno family');

    await user.click(screen.getByRole('button', { name: 'Remove James Otieno from the household' }));
    await chooseRole('Grace Otieno', 'Head');
    await pick('Peter Kamau');
    await chooseRole('Peter Kamau', 'Child');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await findDialog('Awesome!');
    expect(fakeServer.saves).toEqual([
      {
        path: 'households',
        id: 7,
        body: {
          name: 'Otieno family',
          members: [
            { memberId: 13, role: 'head' },
            { memberId: 40, role: 'child' },
          ],
          version: 4,
        },
      },
    ]);
    await expectPath('/contacts/households');
  });

  it('says who changed the household since it was opened, and shows it as it is now on Reload', async () => {
    await open('/contacts/households/edit/7');
    await screen.findByRole('list', { name: 'Members' });
    fakeServer.nextSaveFailure = httpError(409, { status_msg: 'changed', changedBy: 'Grace Atieno', changedAt: '2026-03-03T06:00:00Z', version: 5 });
    fakeServer.rows.set('households', [{ ...otieno, name: 'Otieno home', version: 5 }]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(within(await findDialog('Changed by someone else')).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Otieno home'));
  });

  it('deletes the household after asking, and returns to the list', async () => {
    remove.mockResolvedValue({ status_msg: 'Household deleted' });
    await open('/contacts/households/edit/7');
    await user.click(await screen.findByRole('button', { name: 'Delete household' }));
    const ask = await findDialog('Delete this household?');
    expect(within(ask).getByText('The household goes; its members stay contacts, in no household.')).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Delete household' }));
    expect(within(await findDialog('Awesome!')).getByText('Household deleted')).toBeInTheDocument();
    expect(remove).toHaveBeenCalledWith(7);
    await expectPath('/contacts/households');
  });

  it('has its history under the form', async () => {
    await open('/contacts/households/edit/7');
    expect(await screen.findByRole('button', { name: 'History' })).toBeInTheDocument();
  });
});
