import { screen, waitFor, within } from '@testing-library/react';
import type { Member } from '@ushirika/shared/contract';
import { expectPath, findDialog, renderWithApp, setupUser } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import { httpError } from '../../../shared/test/http-error';
import { fakeServer } from '../../../shared/test/fake-api';
import AreaRoutes from '../routes';
import { exportContacts, loadContacts, saveContact } from './api';

jest.mock('./api', () => ({
  loadContacts: jest.fn(),
  saveContact: jest.fn(),
  exportContacts: jest.fn(),
  contactRecord: { path: 'member', singular: 'member' },
}));
// The edit screen reads its contact with GET /member/{id}: served from fakeServer.
jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule());
const load = jest.mocked(loadContacts);
const save = jest.mocked(saveContact);
const exportCsv = jest.mocked(exportContacts);

const wanjiku: Member = {
  id: 12,
  firstName: 'Jane',
  lastName: 'Wanjiku',
  gender: 'F',
  phone: '+254712345678',
  email: 'jane@example.com',
  residence: 'Nakuru',
  createdAt: '2026-02-14T09:30:00Z',
  Partner: { name: 'Grace Community Church' },
  version: 1,
  archivedAt: null,
  erased: false,
};

const open = (path: string) => renderWithApp(<AreaRoutes base="contacts" />, { path, route: '/contacts/*' });

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
  save.mockResolvedValue({ status_msg: 'New contact saved successfully!' });
});

async function chooseGender(name: string) {
  await user.click(screen.getByLabelText('Gender'));
  await user.click(await screen.findByTitle(name));
}

describe('All Contacts', () => {
  it('lists contacts with the spec columns, 15 to a page', async () => {
    open('/contacts/default');
    expect(screen.getByRole('heading', { name: 'All Contacts' })).toBeInTheDocument();
    const row = (await screen.findByText('Wanjiku')).closest('tr')!;
    for (const text of ['Jane', 'Female', '+254712345678', 'jane@example.com', 'Feb 14, 2026']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    for (const column of ['First Name', 'Last Name', 'Gender', 'Mobile', 'Email', 'Date Added', 'Edit']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    expect(load).toHaveBeenCalledWith(expect.objectContaining({ page: 1, pagesize: 15, searchKey: '' }), expect.any(AbortSignal));
  });

  it("opens the new form from 'New Contact'", async () => {
    open('/contacts/default');
    await user.click(screen.getByRole('button', { name: 'New Contact' }));
    await expectPath('/contacts/new');
    expect(screen.getByRole('heading', { name: 'New Contact' })).toBeInTheDocument();
  });

  it("goes to the import screen from 'Import contacts'", async () => {
    open('/contacts/default');
    await user.click(screen.getByRole('button', { name: 'Import contacts' }));
    await expectPath('/contacts/import');
  });

  it("'Export CSV' downloads the contacts of the current search as contacts-<today>.csv", async () => {
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
    const box = screen.getByPlaceholderText('type text to search..');
    await user.click(box);
    await user.paste('Wanjiku');
    await user.keyboard('{Enter}');
    await screen.findByText('Wanjiku');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(exportCsv).toHaveBeenCalledWith('Wanjiku');
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
  it('shows every validation message of the contact form on an empty submit', async () => {
    open('/contacts/new');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    for (const message of ['First Name is required', 'Last name is required', 'Gender is required', 'Mobile is required', 'Residence is required']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(save).not.toHaveBeenCalled();
  });

  it('refuses a one-letter name and a mobile that is not a phone number', async () => {
    open('/contacts/new');
    await user.fill('First Name', 'J');
    await user.fill('Mobile', '12ab');
    await user.tab();
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Mobile must be a valid phone number, e.g. 0712 345 678 or +254 712 345 678')).toBeInTheDocument();
  });

  it("saves a new contact with the contract's fields, says 'Awesome!' and returns to All Contacts", async () => {
    open('/contacts/new');
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    await user.fill('First Name', ' Peter ');
    await user.fill('Last Name', 'Otieno');
    await chooseGender('Male');
    await user.fill('Mobile', '0722 000 111');
    await user.fill('Residence', 'Kisumu');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(within(await findDialog('Awesome!')).getByText('New contact saved successfully!')).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith({ firstName: 'Peter', lastName: 'Otieno', gender: 'M', mobile: '+254722000111', residence: 'Kisumu' });
    await expectPath('/contacts/default');
  });

  it('edits the contact chosen in the list, with an optional email, and saves it with its id and version', async () => {
    open('/contacts/default');
    const row = (await screen.findByText('Wanjiku')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    await expectPath('/contacts/edit/12');

    expect(await screen.findByRole('heading', { name: 'Edit Contact' })).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveValue('Jane');
    expect(screen.getByLabelText('Mobile')).toHaveValue('+254712345678');
    expect(screen.getByText('Email').closest('label')).not.toHaveClass('ant-form-item-required');
    expect(screen.getByText('Residence').closest('label')).toHaveClass('ant-form-item-required');

    await user.fill('Email', 'not-an-address');
    await user.tab();
    expect(await screen.findByText('Email must be a valid email address, e.g. name@example.com')).toBeInTheDocument();
    await user.fill('Email', 'jane.w@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(within(await findDialog('Awesome!')).getByText('New contact saved successfully!')).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith(
      { firstName: 'Jane', lastName: 'Wanjiku', gender: 'F', mobile: '+254712345678', residence: 'Nakuru', email: 'jane.w@example.com' },
      wanjiku,
    );
    await expectPath('/contacts/default');
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    save.mockRejectedValue(httpError(409, { status_msg: 'A contact with this mobile number already exists' }));
    open('/contacts/edit/12');
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(within(await findDialog('Error!')).getByText('A contact with this mobile number already exists')).toBeInTheDocument();
    await expectPath('/contacts/edit/12');
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.com');
  });

  it('says who changed the contact since it was opened, saves nothing over it, and shows it as it is now on Reload', async () => {
    save.mockRejectedValue(httpError(409, { status_msg: 'Grace Atieno changed this record…', changedBy: 'Grace Atieno', changedAt: '2026-02-15T06:00:00Z', version: 2 }));
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
