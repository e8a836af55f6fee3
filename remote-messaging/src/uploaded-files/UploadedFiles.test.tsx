import { screen, waitFor, within } from '@testing-library/react';
import type { UploadedFile } from '@ushirika/shared/contract';
import { fakeServer } from '../../../shared/test/fake-api';
import { httpError } from '../../../shared/test/http-error';
import { findDialog, renderWithApp, setupUser } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import AreaRoutes from '../routes';
import { fakeHttp } from '../test/fake-http';

jest.mock('@ushirika/shared/api', () => ({
  ...jest.requireActual<typeof import('../../../shared/test/fake-api')>('../../../shared/test/fake-api').fakeApiModule(),
  api: jest.requireActual<typeof import('../test/fake-http')>('../test/fake-http').fakeKy,
}));

const file = (id: number, name: string, status: number): UploadedFile => ({
  id,
  name,
  fileType: 'text/csv',
  extension: 'csv',
  path: `uploadedfiles/${id}/download`,
  status,
  uploadedBy: 'Jane Wanjiku',
  createdAt: '2026-03-05T07:30:00Z',
  recipients: 120,
});

const open = () => renderWithApp(<AreaRoutes base="messaging" />, { path: '/messaging/uploaded_files', route: '/messaging/*' });
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  signIn();
  user = setupUser();
  fakeServer.reset();
  fakeHttp.reset();
  fakeServer.rows.set('uploadedfiles', [file(7, 'members.csv', 1), file(8, 'youth.csv', 0)]);
});

it("is 'Recent Files' under Files with the spec's columns, Processed (1) or Pending, search and pager", async () => {
  open();
  expect(screen.getByRole('heading', { name: 'Recent Files' })).toBeInTheDocument();
  expect(screen.getByText('Files')).toBeInTheDocument();
  expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
    'File',
    'Type',
    'Extension',
    'Path',
    'Status',
    'Uploaded By',
    'Date Uploaded',
  ]);
  const processed = await rowOf('members.csv');
  for (const text of ['text/csv', 'csv', 'Processed', 'Jane Wanjiku', 'Mar 5, 2026']) expect(within(processed).getByText(text)).toBeInTheDocument();
  expect(within(processed).getByRole('button', { name: 'DownloadFile' })).toBeInTheDocument();
  expect(within(await rowOf('youth.csv')).getByText('Pending')).toBeInTheDocument();
  expect(screen.getByPlaceholderText('type text to search..')).toBeInTheDocument();
  expect(screen.getByText('showing page 1 of 1')).toBeInTheDocument();
  expect(fakeServer.pageRequests[0]).toEqual({ path: 'uploadedfiles', query: expect.objectContaining({ page: 1, pagesize: 15 }) });
});

it("'DownloadFile' reads the stored file through the api client (with the token) and saves it under its name", async () => {
  const bytes = new Blob(['phone\r\n0712345678\r\n'], { type: 'text/csv' });
  fakeHttp.on('GET uploadedfiles/7/download', () => bytes);
  const createObjectURL = jest.fn((_blob: Blob) => 'blob:members');
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  const names: string[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function record(this: HTMLAnchorElement) {
    names.push(this.download);
  });

  open();
  await user.click(within(await rowOf('members.csv')).getByRole('button', { name: 'DownloadFile' }));
  await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
  expect(fakeHttp.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET uploadedfiles/7/download']);
  expect(createObjectURL).toHaveBeenCalledWith(bytes);
  expect(names).toEqual(['members.csv']);
  click.mockRestore();
});

it("shows 'Error!' when the file cannot be downloaded", async () => {
  fakeHttp.on('GET uploadedfiles/8/download', () => {
    throw httpError(404, { status_msg: 'File not found' });
  });
  open();
  await user.click(within(await rowOf('youth.csv')).getByRole('button', { name: 'DownloadFile' }));
  expect(within(await findDialog('Error!')).getByText('File not found')).toBeInTheDocument();
});
