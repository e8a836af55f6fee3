import { screen, waitFor, within } from '@testing-library/react';
import type { Member } from '@ushirika/shared/contract';
import { expectPath, findDialog, renderWithApp, setupUser } from '../../../shared/test/render';
import { expectFormScreen, expectListScreen } from '../../../shared/test/screens';
import { signIn } from '../../../shared/test/roles';
import { httpError } from '../../../shared/test/http-error';
import { fakeServer } from '../../../shared/test/fake-api';
import AreaRoutes from '../routes';
import { exportContacts, loadContacts } from './api';

jest.mock('./api', () => ({ loadContacts: Object.assign(jest.fn(), { path: 'member' }), exportContacts: jest.fn() }));
// The forms save, and the edit screen reads its contact with GET /member/{id}, through the kit: served from fakeServer.
jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule());
const load = jest.mocked(loadContacts);
const exportCsv = jest.mocked(exportContacts);

const wanjiku: Member = {
  id: 12,
  firstName: 'Jane',
  lastName: 'Wanjiku',
  gender: 'F',
  phone: '+254712345678',
  email: 'jane@example.com',
  residence: 'Nakuru',
  dateOfBirth: '1988-04-09',
  membershipStatus: 'member',
  maritalStatus: 'married',
  externalId: 'PC-1042',
  household: { id: 7, name: 'Wanjiku family', role: 'spouse' },
  createdAt: '2026-02-14T09:30:00Z',
  Partner: { name: 'Grace Community Church' },
  version: 1,
  archivedAt: null,
  erased: false,
};

const open = (path: string) => renderWithApp(<AreaRoutes base="contacts" />, { path, route: '/contacts/*' });
/** The contact saved last, as the form sent it (and the id it was saved under, none for a new one). */
const lastSave = () => fakeServer.saves.at(-1);

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  signIn();
  user = setupUser();
  jest.clearAllMocks();
  localStorage.clear();
  fakeServer.reset();
  fakeServer.singulars.set('member', 'member');
  fakeServer.rows.set('member', [wanjiku]);
  load.mockResolvedValue({ rows: [wanjiku], total: 1 });
});

async function choose(label: string, option: string) {
  await user.click(screen.getByLabelText(label));
  await user.click(await screen.findByTitle(option));
}

describe('All Contacts', () => {
  it('lists contacts with the spec columns and their household, 15 to a page', async () => {
    open('/contacts/default');
    const row = (await screen.findByText('Wanjiku')).closest('tr')!;
    expectListScreen('All Contacts', 'New Contact', ['First Name', 'Last Name', 'Gender', 'Mobile', 'Email', 'Household', 'Date Added', 'Edit']);
    for (const text of ['Jane', 'Female', '+254712345678', 'jane@example.com', 'Feb 14, 2026']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(row).getByText(/Wanjiku family/)).toHaveTextContent('Wanjiku family (Spouse)');
    expect(load).toHaveBeenCalledWith(expect.objectContaining({ page: 1, pagesize: 15, searchKey: '' }), expect.any(AbortSignal));
  });

  it("opens the new form from 'New Contact'", async () => {
    open('/contacts/default');
    await user.click(screen.getByRole('button', { name: 'New Contact' }));
    await expectPath('/contacts/new');
    expect(await screen.findByRole('heading', { name: 'New Contact' })).toBeInTheDocument();
  });

  it("goes to the import screen from 'Import contacts'", async () => {
    open('/contacts/default');
    await user.click(screen.getByRole('button', { name: 'Import contacts' }));
    await expectPath('/contacts/import');
  });

  it('narrows the list to one membership status, or to the contacts without one, and back to all', async () => {
    open('/contacts/default');
    await screen.findByText('Wanjiku');
    expect(load).not.toHaveBeenCalledWith(expect.objectContaining({ membershipStatus: expect.anything() }), expect.anything());

    await choose('Membership status', 'Visitor');
    await waitFor(() => expect(load).toHaveBeenCalledWith(expect.objectContaining({ membershipStatus: 'visitor', page: 1, searchKey: '' }), expect.any(AbortSignal)));
    await choose('Membership status', 'No status');
    await waitFor(() => expect(load).toHaveBeenCalledWith(expect.objectContaining({ membershipStatus: 'none', page: 1 }), expect.any(AbortSignal)));
    load.mockClear();
    await choose('Membership status', 'All statuses');
    await screen.findByText('Wanjiku');
    expect(load.mock.calls.every(([query]) => !('membershipStatus' in query))).toBe(true);
  });

  it("'Export CSV' downloads the contacts of the current search and filters as contacts-<today>.csv", async () => {
    const csv = new Blob(['First Name,Last Name\r\nJane,Wanjiku\r\n'], { type: 'text/csv' });
    exportCsv.mockResolvedValue(csv);
    const createObjectURL = jest.fn((_blob: Blob) => 'blob:contacts');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const names: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function record(this: HTMLAnchorElement) {
      names.push(this.download);
    });

    open('/contacts/default');
    await screen.findByText('Wanjiku');
    await choose('Membership status', 'Member');
    const box = await screen.findByPlaceholderText('type text to search..');
    await user.click(box);
    await user.paste('Wanjiku');
    await user.keyboard('{Enter}');
    await screen.findByText('Wanjiku');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(exportCsv).toHaveBeenCalledWith('Wanjiku', { archived: false, membershipStatus: 'member' });
    expect(createObjectURL).toHaveBeenCalledWith(csv);
    expect(names[0]).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    click.mockRestore();
  });

  it("shows 'Error!' when the export fails", async () => {
    exportCsv.mockRejectedValue(httpError(500, { status_msg: 'Something went wrong on the server. Please try again.' }));
    open('/contacts/default');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(within(await findDialog('Error!')).getByText('Something went wrong on the server. Please try again.')).toBeInTheDocument();
  });
});

describe('Contact form', () => {
  it("asks the spec's fields, then the church's; only names and mobile are required", async () => {
    const { container } = open('/contacts/new');
    await screen.findByRole('heading', { name: 'New Contact' });
    expectFormScreen(container, 'New Contact', [
      'First Name',
      'Last Name',
      'Gender',
      'Mobile',
      'Residence',
      'Date of birth',
      'Membership status',
      'Marital status',
      'External ID',
    ]);
    const required = [...container.querySelectorAll('.ant-form-item-required')].map((label) => label.textContent);
    expect(required).toEqual(['First Name', 'Last Name', 'Mobile']);
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('placeholder', 'dd/mm/yyyy');

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    for (const message of ['First Name is required', 'Last name is required', 'Mobile is required']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.queryByText('Gender is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Residence is required')).not.toBeInTheDocument();
    expect(fakeServer.saves).toEqual([]);
  });

  it('offers each membership and marital status, and none, in the selects', async () => {
    open('/contacts/new');
    await user.click(await screen.findByLabelText('Membership status'));
    const options = () =>
      [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((o) => o.getAttribute('title'));
    await screen.findByTitle('Former member');
    expect(options()).toEqual(['Select one', 'Member', 'Visitor', 'Adherent', 'Former member']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByLabelText('Marital status'));
    await screen.findByTitle('Separated');
    expect(options()).toEqual(['Select one', 'Single', 'Married', 'Widowed', 'Divorced', 'Separated']);
  });

  it('refuses a one-letter name, a mobile that is not a phone number and a date of birth in the future', async () => {
    open('/contacts/new');
    await screen.findByLabelText('First Name');
    await user.fill('First Name', 'J');
    await user.fill('Mobile', '12ab');
    await user.fill('Date of birth', '2099-01-01');
    await user.tab();
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Mobile must be a valid phone number, e.g. 0712 345 678 or +254 712 345 678')).toBeInTheDocument();
    expect(screen.getByText('Date of birth cannot be in the future')).toBeInTheDocument();
  });

  it('saves a new contact with only the required fields: the optional ones are sent empty', async () => {
    open('/contacts/new');
    await screen.findByLabelText('First Name');
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    await user.fill('First Name', ' Peter ');
    await user.fill('Last Name', 'Otieno');
    await user.fill('Mobile', '0722 000 111');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(within(await findDialog('Awesome!')).getByText('New contact saved successfully!')).toBeInTheDocument();
    expect(lastSave()).toEqual({
      path: 'member',
      id: undefined,
      body: {
        firstName: 'Peter',
        lastName: 'Otieno',
        gender: '',
        mobile: '+254722000111',
        residence: '',
        dateOfBirth: '',
        membershipStatus: '',
        maritalStatus: '',
        externalId: '',
      },
    });
    await expectPath('/contacts/default');
  });

  it("saves a new contact with every field, the church's included", async () => {
    open('/contacts/new');
    await screen.findByLabelText('First Name');
    await user.fill('First Name', 'Peter');
    await user.fill('Last Name', 'Otieno');
    await choose('Gender', 'Male');
    await user.fill('Mobile', '0722 000 111');
    await user.fill('Residence', 'Kisumu');
    await user.fill('Date of birth', '1979-12-31');
    await choose('Membership status', 'Adherent');
    await choose('Marital status', 'Widowed');
    await user.fill('External ID', ' BZ-77 ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await findDialog('Awesome!');
    expect(lastSave()?.body).toEqual({
      firstName: 'Peter',
      lastName: 'Otieno',
      gender: 'M',
      mobile: '+254722000111',
      residence: 'Kisumu',
      dateOfBirth: '1979-12-31',
      membershipStatus: 'adherent',
      maritalStatus: 'widowed',
      externalId: 'BZ-77',
    });
  });

  it('edits the contact chosen in the list, with an optional email, and saves it with its id and version', async () => {
    open('/contacts/default');
    const row = (await screen.findByText('Wanjiku')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    await expectPath('/contacts/edit/12');

    expect(await screen.findByRole('heading', { name: 'Edit Contact' })).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveValue('Jane');
    expect(screen.getByLabelText('Mobile')).toHaveValue('+254712345678');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('09/04/1988');
    expect(screen.getByLabelText('External ID')).toHaveValue('PC-1042');
    expect(screen.getByTitle('Member')).toBeInTheDocument();
    expect(screen.getByTitle('Married')).toBeInTheDocument();
    for (const optional of ['Email', 'Residence', 'Gender']) expect(screen.getByText(optional, { selector: 'label' })).not.toHaveClass('ant-form-item-required');

    await user.fill('Email', 'not-an-address');
    await user.tab();
    expect(await screen.findByText('Email must be a valid email address, e.g. name@example.com')).toBeInTheDocument();
    await user.fill('Email', 'jane.w@example.com');
    await choose('Membership status', 'Former member');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(within(await findDialog('Awesome!')).getByText('New contact saved successfully!')).toBeInTheDocument();
    expect(lastSave()).toEqual({
      path: 'member',
      id: 12,
      body: {
        firstName: 'Jane',
        lastName: 'Wanjiku',
        gender: 'F',
        mobile: '+254712345678',
        residence: 'Nakuru',
        email: 'jane.w@example.com',
        dateOfBirth: '1988-04-09',
        membershipStatus: 'former',
        maritalStatus: 'married',
        externalId: 'PC-1042',
        version: 1,
      },
    });
    await expectPath('/contacts/default');
  });

  it("shows the contact's household, their role in it and the way to its page", async () => {
    open('/contacts/edit/12');
    const card = (await screen.findByText('Household', { selector: '.ant-card-head-title *, .ant-card-head-title' })).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('Spouse')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Wanjiku family' })).toHaveAttribute('href', '/contacts/households/edit/7');
  });

  it('says when the contact is in no household', async () => {
    fakeServer.rows.set('member', [{ ...wanjiku, household: null }]);
    open('/contacts/edit/12');
    expect(await screen.findByText(/^Not in a household/)).toBeInTheDocument();
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    fakeServer.nextSaveFailure = httpError(409, { status_msg: 'Another contact has this External ID' });
    open('/contacts/edit/12');
    await screen.findByLabelText('External ID');
    await user.fill('External ID', 'PC-1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(within(await findDialog('Error!')).getByText('Another contact has this External ID')).toBeInTheDocument();
    await expectPath('/contacts/edit/12');
    expect(screen.getByLabelText('External ID')).toHaveValue('PC-1');
  });

  it('says who changed the contact since it was opened, saves nothing over it, and shows it as it is now on Reload', async () => {
    fakeServer.nextSaveFailure = httpError(409, {
      status_msg: 'Grace Atieno changed this record…',
      changedBy: 'Grace Atieno',
      changedAt: '2026-02-15T06:00:00Z',
      version: 2,
    });
    open('/contacts/edit/12');
    await screen.findByLabelText('Residence');
    await user.fill('Residence', 'Naivasha');
    fakeServer.rows.set('member', [{ ...wanjiku, residence: 'Eldoret', version: 2 }]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await findDialog('Changed by someone else');
    expect(within(dialog).getByText(/^Grace Atieno changed this record at /)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByLabelText('Residence')).toHaveValue('Eldoret'));
    await expectPath('/contacts/edit/12');
    expect(fakeServer.saves).toEqual([]);
  });

  it('says nothing is selected when the edit screen is opened without a contact', () => {
    open('/contacts/edit');
    expect(screen.getByText('Nothing selected')).toBeInTheDocument();
  });
});

describe('contacts area routes', () => {
  it('shows a not-found page for an unknown contacts address', () => {
    open('/contacts/nowhere');
    expect(screen.getByText('Page not found')).toBeInTheDocument();
  });
});

describe('as roles allow (issue 25)', () => {
  it('shows a viewer the contacts without New, Edit, Import nor Export', async () => {
    signIn(['viewer']);
    open('/contacts/default');
    await screen.findByText('Wanjiku');
    expect(screen.queryByRole('columnheader', { name: 'Edit' })).not.toBeInTheDocument();
    for (const button of ['New Contact', 'Import contacts', 'Export CSV']) expect(screen.queryByRole('button', { name: button })).not.toBeInTheDocument();
  });

  it('shows a secretary every button', async () => {
    signIn(['secretary']);
    open('/contacts/default');
    await screen.findByText('Wanjiku');
    for (const button of ['New Contact', 'Import contacts', 'Export CSV']) expect(screen.getByRole('button', { name: button })).toBeInTheDocument();
  });

  it.each(['/contacts/new', '/contacts/edit/12', '/contacts/import'])('shows NoAccess at %s to a viewer, and reads nothing', async (path) => {
    signIn(['viewer']);
    open(path);
    expect(await screen.findByText('You do not have access to this screen')).toBeInTheDocument();
    expect(fakeServer.recordRequests).toEqual([]);
  });

  it('shows NoAccess at the contacts to a finance clerk, and asks the server nothing', async () => {
    signIn(['finance_clerk']);
    open('/contacts/default');
    expect(screen.getByText('You do not have access to this screen')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });
});
