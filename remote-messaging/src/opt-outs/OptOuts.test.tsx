import { screen, waitFor, within } from '@testing-library/react';
import type { SmsOptOut } from '@ushirika/shared/contract';
import { fakeServer } from '../../../shared/test/fake-api';
import { httpError } from '../../../shared/test/http-error';
import { expectPath, findDialog, renderWithApp, setupUser } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import AreaRoutes from '../routes';
import { fakeHttp } from '../test/fake-http';

jest.mock('@ushirika/shared/api', () => ({
  ...jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule(),
  api: jest.requireActual<typeof import('../test/fake-http')>('../test/fake-http').fakeKy,
}));

const optOut = (id: number, phone: string, source: SmsOptOut['source'], contact: string | null): SmsOptOut => ({
  id,
  phone,
  source,
  contact,
  createdAt: '2026-03-05T07:30:00Z',
  Partner: { name: 'Grace Community Church' },
});

const open = (path: string) => renderWithApp(<AreaRoutes base="messaging" />, { path, route: '/messaging/*' });
const rowOf = async (phone: string) => (await screen.findByText(phone)).closest('tr')!;

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  signIn();
  user = setupUser();
  fakeServer.reset();
  fakeHttp.reset();
  fakeServer.rows.set('smsoptouts', [
    optOut(1, '+254712345678', 'staff', 'Jane Wanjiku'),
    optOut(2, '+254722000111', 'reply', null),
    optOut(3, '+254733000222', 'gateway', null),
  ]);
});

it('lists the opted-out numbers with who put them there, and no Edit (a number is added or removed, not edited)', async () => {
  open('/messaging/optouts');
  expect(screen.getByRole('heading', { name: 'Opted-out Numbers' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add Number' })).toBeInTheDocument();
  expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Number', 'Contact', 'Source', 'Date Added', 'Actions']);
  const staff = await rowOf('+254712345678');
  for (const text of ['Jane Wanjiku', 'Staff', 'Mar 5, 2026']) expect(within(staff).getByText(text)).toBeInTheDocument();
  expect(within(await rowOf('+254722000111')).getByText('STOP reply')).toBeInTheDocument();
  expect(within(await rowOf('+254733000222')).getByText('Gateway')).toBeInTheDocument();
  expect(within(staff).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
});

it("adds a number, read as a contact's mobile is, and refuses one that is not a number", async () => {
  open('/messaging/optouts');
  await user.click(screen.getByRole('button', { name: 'Add Number' }));
  await expectPath('/messaging/optouts/new');
  expect(screen.getByRole('heading', { name: 'Add Number' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Phone is required')).toBeInTheDocument();
  await user.fill('Phone number', '12ab');
  await user.tab();
  expect(await screen.findByText('Phone must be a valid phone number, e.g. 0712 345 678 or +254 712 345 678')).toBeInTheDocument();

  await user.fill('Phone number', '0744 555 666');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(within(await findDialog('Awesome!')).getByText('The number will get no more messages')).toBeInTheDocument();
  expect(fakeServer.saves).toEqual([{ path: 'smsoptouts', body: { phone: '+254744555666' }, id: undefined }]);
  await expectPath('/messaging/optouts');
});

it("shows the server's refusal of a number already on the list", async () => {
  fakeServer.nextSaveFailure = httpError(409, { status_msg: 'This number has already opted out' });
  open('/messaging/optouts/new');
  await user.fill('Phone number', '0712 345 678');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(within(await findDialog('Error!')).getByText('This number has already opted out')).toBeInTheDocument();
  expect(screen.getByLabelText('Phone number')).toHaveValue('0712 345 678');
});

it('removes a number after a confirmation, with DELETE /smsoptouts/{id}, and lists the rest', async () => {
  fakeHttp.on('DELETE smsoptouts/2', () => ({ status_msg: 'The number will get messages again' }));
  open('/messaging/optouts');
  const row = await rowOf('+254722000111');

  await user.click(within(row).getByRole('button', { name: 'Remove' }));
  let dialog = await findDialog('Remove this number from the opted-out list?');
  expect(within(dialog).getByText('It will get messages again.')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(fakeHttp.calls).toEqual([]);

  await user.click(within(row).getByRole('button', { name: 'Remove' }));
  dialog = await findDialog('Remove this number from the opted-out list?');
  fakeServer.rows.set('smsoptouts', [optOut(1, '+254712345678', 'staff', 'Jane Wanjiku')]);
  await user.click(within(dialog).getByRole('button', { name: 'Yes!' }));
  expect(within(await findDialog('Awesome!')).getByText('The number will get messages again')).toBeInTheDocument();
  expect(fakeHttp.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE smsoptouts/2']);
  await waitFor(() => expect(screen.queryByText('+254722000111')).not.toBeInTheDocument());
});
