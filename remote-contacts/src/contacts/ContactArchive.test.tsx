import { screen, waitFor, within } from '@testing-library/react';
import type { Member } from '@ushirika/shared/contract';
import { expectPath, findDialog, renderWithApp, setupUser } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import { httpError } from '../../../shared/test/http-error';
import { fakeServer } from '../../../shared/test/fake-api';
import AreaRoutes from '../routes';
import { archiveContact, eraseContact, loadContacts, restoreContact } from './api';

jest.mock('./api', () => ({
  loadContacts: Object.assign(jest.fn(), { path: 'member' }),
  exportContacts: jest.fn(),
  archiveContact: jest.fn(),
  restoreContact: jest.fn(),
  eraseContact: jest.fn(),
}));
// The edit screen reads its contact with GET /member/{id}: served from fakeServer.
jest.mock('@ushirika/shared/api', () => jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule());
// The history is the kit's (another screen's tests): here, only where and for which record it is shown.
jest.mock('@ushirika/shared/ui', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return {
    ...jest.requireActual<object>('@ushirika/shared/ui'),
    RecordHistory: ({ path, id }: { path: string; id: number }) => createElement('div', { 'data-testid': 'record-history' }, `${path}/${id}`),
  };
});

const load = jest.mocked(loadContacts);
const archive = jest.mocked(archiveContact);
const restore = jest.mocked(restoreContact);
const erase = jest.mocked(eraseContact);

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
  version: 3,
  archivedAt: null,
  erased: false,
  dateOfBirth: null,
  membershipStatus: '',
  maritalStatus: '',
  externalId: '',
  household: null,
};
const archived: Member = { ...wanjiku, version: 4, archivedAt: '2026-03-01T08:00:00Z' };
const erased: Member = { ...archived, firstName: 'Erased', lastName: 'contact', phone: 'erased:12', email: '', residence: '', erased: true, version: 5 };

const open = (path: string) => renderWithApp(<AreaRoutes base="contacts" />, { path, route: '/contacts/*' });
const showing = (member: Member) => fakeServer.rows.set('member', [member]);

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  signIn(['owner']);
  user = setupUser();
  jest.clearAllMocks();
  fakeServer.reset();
  fakeServer.singulars.set('member', 'member');
  showing(wanjiku);
  // GET /member answers the active contacts; with archived=only, the archived ones.
  load.mockImplementation(async (query) =>
    (query as { archived?: string }).archived === 'only' ? { rows: [archived, { ...erased, id: 13 }], total: 2 } : { rows: [wanjiku], total: 1 },
  );
});

describe('All Contacts: archived contacts', () => {
  it('lists the archived contacts apart, with when each was archived and the erased ones marked', async () => {
    open('/contacts/default');
    await screen.findByText('Wanjiku');
    expect(load).not.toHaveBeenCalledWith(expect.objectContaining({ archived: 'only' }), expect.anything());

    await user.click(screen.getByText('Archived'));
    const rows = await screen.findAllByText('Wanjiku');
    expect(load).toHaveBeenCalledWith(expect.objectContaining({ archived: 'only', page: 1, searchKey: '' }), expect.any(AbortSignal));
    expect(screen.getByRole('columnheader', { name: 'Archived on' })).toBeInTheDocument();
    expect(within(rows[0]!.closest('tr')!).getByText('Mar 1, 2026')).toBeInTheDocument();
    const erasedRow = screen.getByText('contact').closest('tr')!;
    expect(within(erasedRow).getByText('Erased', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(within(erasedRow).queryByText('erased:12')).not.toBeInTheDocument();
    // Nothing is added or imported into the archive; Export takes it.
    expect(screen.queryByRole('button', { name: 'New Contact' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import contacts' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();

    await user.click(screen.getByText('Active'));
    expect(await screen.findByRole('button', { name: 'New Contact' })).toBeInTheDocument();
  });
});

describe('Edit Contact: archive, restore, erase', () => {
  it("archives after asking, says so, and shows the contact's history", async () => {
    archive.mockImplementation(async () => {
      showing(archived);
      return { status_msg: 'Contact archived successfully!', member: archived };
    });
    open('/contacts/edit/12');
    expect(await screen.findByTestId('record-history')).toHaveTextContent('member/12');
    await user.click(screen.getByRole('button', { name: 'Archive' }));

    const ask = await findDialog('Archive this contact?');
    expect(within(ask).getByText(/Their giving and groups are kept/)).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Archive' }));

    expect(within(await findDialog('Awesome!')).getByText('Contact archived successfully!')).toBeInTheDocument();
    expect(archive).toHaveBeenCalledWith(wanjiku);
    // The screen reads the contact again: archived, with Restore.
    expect(await screen.findByText(/^Archived on Mar 1, 2026/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restore' })).toBeInTheDocument();
    await expectPath('/contacts/edit/12');
  });

  it('archives nothing when the question is answered Cancel', async () => {
    open('/contacts/edit/12');
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    await user.click(within(await findDialog('Archive this contact?')).getByRole('button', { name: 'Cancel' }));
    expect(archive).not.toHaveBeenCalled();
  });

  it('restores an archived contact', async () => {
    showing(archived);
    restore.mockImplementation(async () => {
      showing({ ...wanjiku, version: 5 });
      return { status_msg: 'Contact restored successfully!', member: { ...wanjiku, version: 5 } };
    });
    open('/contacts/edit/12');
    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    expect(within(await findDialog('Awesome!')).getByText('Contact restored successfully!')).toBeInTheDocument();
    expect(restore).toHaveBeenCalledWith(archived);
    expect(await screen.findByRole('button', { name: 'Archive' })).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    archive.mockRejectedValue(httpError(409, { status_msg: 'This contact is archived already.' }));
    open('/contacts/edit/12');
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    await user.click(within(await findDialog('Archive this contact?')).getByRole('button', { name: 'Archive' }));
    expect(within(await findDialog('Error!')).getByText('This contact is archived already.')).toBeInTheDocument();
  });

  it('erases only with a reason, after saying what is erased and what is kept, then shows the erased contact', async () => {
    erase.mockImplementation(async () => {
      showing(erased);
      return { status_msg: "The contact's personal data was erased." };
    });
    open('/contacts/edit/12');
    await user.click(await screen.findByRole('button', { name: 'Erase personal data' }));

    const ask = await findDialog("Erase this person's personal data?");
    expect(within(ask).getByText(/^Erased wherever it is stored: first and last name, mobile number, email and residence/)).toBeInTheDocument();
    expect(within(ask).getByText(/^Kept: the money they gave/)).toBeInTheDocument();
    expect(within(ask).getByText('This cannot be undone.')).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Erase' }));
    expect(await within(ask).findByText('Erasure reason is required')).toBeInTheDocument();
    expect(erase).not.toHaveBeenCalled();

    await user.click(within(ask).getByLabelText('Reason'));
    await user.paste('  Asked in person on 2 March 2026  ');
    await user.click(within(ask).getByRole('button', { name: 'Erase' }));

    expect(within(await findDialog('Awesome!')).getByText("The contact's personal data was erased.")).toBeInTheDocument();
    expect(erase).toHaveBeenCalledWith(12, 'Asked in person on 2 March 2026');
    expect(await screen.findByText('Personal data erased')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Erase personal data' })).not.toBeInTheDocument();
    expect(screen.getByTestId('record-history')).toHaveTextContent('member/12');
  });

  it('erases nothing when the dialog is cancelled', async () => {
    open('/contacts/edit/12');
    await user.click(await screen.findByRole('button', { name: 'Erase personal data' }));
    await user.click(within(await findDialog("Erase this person's personal data?")).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(erase).not.toHaveBeenCalled();
  });

  it('offers erasure to owners only: a secretary archives but does not erase', async () => {
    signIn(['secretary']);
    open('/contacts/edit/12');
    expect(await screen.findByRole('button', { name: 'Archive' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Erase personal data' })).not.toBeInTheDocument();
  });

  it('shows an erased contact without a form or actions', async () => {
    showing(erased);
    open('/contacts/edit/12');
    expect(await screen.findByText('Personal data erased')).toBeInTheDocument();
    expect(screen.getByText(/at their request/)).toBeInTheDocument();
    for (const button of ['Submit', 'Archive', 'Restore', 'Erase personal data']) expect(screen.queryByRole('button', { name: button })).not.toBeInTheDocument();
  });
});
