import { screen, within } from '@testing-library/react';
import type { ContactImportPreview, ContactImportRow } from '@ushirika/shared/contract';
import { MAX_IMPORT_FILE_BYTES } from '@ushirika/shared/contract';
import { expectPath, findDialog, renderScreen, setupUser } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import { httpError } from '../../../shared/test/http-error';
import AreaRoutes from '../routes';
import { commitImport, previewImport } from './api';

jest.mock('./api', () => ({ previewImport: jest.fn(), commitImport: jest.fn() }));
jest.mock('../contacts/api', () => ({ loadContacts: jest.fn(() => new Promise(() => undefined)), saveContact: jest.fn(), exportContacts: jest.fn() }));
const preview = jest.mocked(previewImport);
const commit = jest.mocked(commitImport);

const input = (firstName: string, lastName: string, mobile: string, gender = 'F') => ({ gender, firstName, lastName, mobile, residence: 'Nakuru', email: '' });

const ready: ContactImportRow = {
  line: 2,
  input: input('Jane', 'Wanjiku', '0712 345 678'),
  contact: { gender: 'F', firstName: 'Jane', lastName: 'Wanjiku', mobile: '+254712345678', residence: 'Nakuru', email: '' },
  errors: [],
  status: 'ready',
};
const invalid: ContactImportRow = {
  line: 3,
  input: input('P', '', '12ab', 'x'),
  errors: ['Gender must be Male (M), Female (F) or Other (O)', 'Name must be at least 2 characters', 'Last name is required'],
  status: 'invalid',
};
const duplicate: ContactImportRow = {
  line: 4,
  input: input('Janet', 'Wanjiku', '+254 712 345 678'),
  contact: { gender: 'F', firstName: 'Janet', lastName: 'Wanjiku', mobile: '+254712345678', residence: 'Nakuru', email: '' },
  errors: ['Duplicate of line 2 (same mobile number)'],
  status: 'duplicate',
  duplicateOfLine: 2,
};
const answer: ContactImportPreview = {
  columns: [
    { header: 'First Name', field: 'firstName' },
    { header: 'Notes', field: null },
  ],
  counts: { total: 3, ready: 1, duplicate: 1, invalid: 1 },
  problems: [invalid, duplicate],
  sample: [ready],
};

const csv = (name = 'members.csv', text = 'First Name,Last Name\nJane,Wanjiku\n') => new File([text], name, { type: 'text/csv' });
const open = () => renderScreen(<AreaRoutes base="contacts" />, { path: '/contacts/import', route: '/contacts/*' });
const fileInput = () => screen.getByLabelText('CSV or Excel (.xlsx) file');

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  signIn();
  user = setupUser();
  jest.clearAllMocks();
  preview.mockResolvedValue(answer);
  commit.mockResolvedValue({ created: 1, skippedDuplicates: 1, failed: 1 });
});

describe('Import contacts', () => {
  it('refuses a file of another type or over the size limit before sending it', async () => {
    await open();
    expect(screen.getByRole('heading', { name: 'Import Contacts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();

    await user.upload(fileInput(), csv('members.xls'));
    expect(await screen.findByText(/Old Excel \(\.xls\) files cannot be imported/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();

    const large = csv('members.csv');
    Object.defineProperty(large, 'size', { value: MAX_IMPORT_FILE_BYTES + 1 });
    await user.upload(fileInput(), large);
    expect(await screen.findByText('The file is larger than 5 MB. Split it into smaller files and import them one by one.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();
    expect(preview).not.toHaveBeenCalled();
  });

  it('previews the file: counts, the problem rows with their line and messages, and the ready sample', async () => {
    await open();
    const file = csv();
    await user.upload(fileInput(), file);
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    expect(await screen.findByText('3 rows: 1 ready, 1 duplicates, 1 with errors')).toBeInTheDocument();
    expect(preview).toHaveBeenCalledWith(file);

    const problems = screen.getByRole('heading', { name: 'Rows that will not be imported' }).closest('section')!;
    const bad = within(problems).getByRole('cell', { name: '3' }).closest('tr')!;
    expect(within(bad).getByText('Gender must be Male (M), Female (F) or Other (O)')).toBeInTheDocument();
    expect(within(bad).getByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(within(bad).getByText('Last name is required')).toBeInTheDocument();
    expect(within(bad).getByText('Error')).toBeInTheDocument();
    const twice = within(problems).getByRole('cell', { name: '4' }).closest('tr')!;
    expect(within(twice).getByText('Duplicate of line 2 (same mobile number)')).toBeInTheDocument();
    expect(within(twice).getByText('Duplicate')).toBeInTheDocument();

    const sample = screen.getByRole('heading', { name: 'First contacts to import' }).closest('section')!;
    const good = within(sample).getByRole('cell', { name: '2' }).closest('tr')!;
    expect(within(good).getByText('+254712345678')).toBeInTheDocument();
    expect(within(good).getByText('Female')).toBeInTheDocument();
    expect(screen.getByText('Notes')).toBeInTheDocument();
    expect(screen.getByText('ignored')).toBeInTheDocument();
  });

  it('imports the ready contacts, shows the summary and leads back to All Contacts', async () => {
    await open();
    const file = csv();
    await user.upload(fileInput(), file);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Import 1 contact' }));

    expect(await screen.findByText('Imported: 1. Duplicates skipped: 1. Rows with errors left out: 1.')).toBeInTheDocument();
    expect(commit).toHaveBeenCalledWith(file);
    await user.click(screen.getByRole('button', { name: 'Back to All Contacts' }));
    await expectPath('/contacts/default');
  });

  it("shows the server's refusal of a file in 'Error!' and keeps the file for another try", async () => {
    preview.mockRejectedValue(httpError(400, { status_msg: 'The file has no contacts below its header row.' }));
    await open();
    await user.upload(fileInput(), csv());
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(within(await findDialog('Error!')).getByText('The file has no contacts below its header row.')).toBeInTheDocument();
    expect(screen.getByText('members.csv')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeEnabled();
  });

  it('offers no import when no row is ready', async () => {
    preview.mockResolvedValue({ ...answer, counts: { total: 2, ready: 0, duplicate: 1, invalid: 1 }, sample: [] });
    await open();
    await user.upload(fileInput(), csv());
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('button', { name: 'Import 0 contacts' })).toBeDisabled();
  });
});
