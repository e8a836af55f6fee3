import { act, screen, waitFor, within } from '@testing-library/react';
import { MAX_IMPORT_FILE_BYTES, type ContactImportMapping, type ContactImportPreview, type ContactImportRow } from '@ushirika/shared/contract';
import { useLocale } from '@ushirika/shared/i18n';
import { AreaTexts } from '@ushirika/shared/ui';
import { expectPath, findDialog, renderScreen, setupUser } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import { httpError } from '../../../shared/test/http-error';
import { commitImport, loadImportPresets, previewImport, saveImportPreset } from './api';
import { ImportContactsPage } from './ImportContactsPage';
import { importTexts } from './test-texts';

jest.mock('./api', () => ({
  IMPORTS_API_PATH: 'member/imports',
  previewImport: jest.fn(),
  commitImport: jest.fn(),
  loadImportPresets: jest.fn(),
  saveImportPreset: jest.fn(),
}));
const preview = jest.mocked(previewImport);
const commit = jest.mocked(commitImport);
const presets = jest.mocked(loadImportPresets);
const savePreset = jest.mocked(saveImportPreset);

const rows: ContactImportRow[] = [
  {
    row: 2,
    status: 'new',
    changes: [
      { field: 'firstName', old: '', new: 'Jane' },
      { field: 'lastName', old: '', new: 'Wanjiku' },
      { field: 'mobile', old: '', new: '+254712345678' },
      { field: 'membershipStatus', old: '', new: 'visitor' },
    ],
  },
  { row: 3, status: 'update', contactId: 12, changes: [{ field: 'mobile', old: '+254711000000', new: '+254722000000' }] },
  { row: 4, status: 'unchanged', contactId: 13 },
  { row: 5, status: 'conflict', messages: ['Its external ID and its mobile belong to two different contacts'], conflictWith: { contactIds: [12, 40] } },
  { row: 7, status: 'conflict', messages: ['An earlier row of the file has the same mobile'], conflictWith: { contactIds: [], row: 2 } },
  { row: 6, status: 'error', messages: ['Last name is required'] },
];
const columns: ContactImportPreview['columns'] = [
  { header: 'Jina', field: 'firstName' },
  { header: 'Jina la mwisho', field: 'lastName' },
  { header: 'Simu', field: 'mobile' },
  { header: 'Maelezo', field: null },
  { header: 'Uanachama', field: 'membershipStatus' },
];
const answer: ContactImportPreview = { columns, rows, counts: { new: 1, update: 1, unchanged: 1, conflict: 2, error: 1 }, dateOrder: 'DMY' };
const automatic: ContactImportMapping = { Jina: 'firstName', 'Jina la mwisho': 'lastName', Simu: 'mobile', Maelezo: null, Uanachama: 'membershipStatus' };

const csv = (name = 'members.csv') => new File(['Jina,Jina la mwisho,Simu,Maelezo,Uanachama\nJane,Wanjiku,0712345678,,visitor\n'], name, { type: 'text/csv' });
const open = () =>
  renderScreen(
    <AreaTexts messages={importTexts}>
      <ImportContactsPage />
    </AreaTexts>,
    { path: '/contacts/import' },
  );
const fileInput = () => screen.getByLabelText('CSV or Excel (.xlsx) file');

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  signIn();
  user = setupUser();
  jest.clearAllMocks();
  preview.mockResolvedValue(answer);
  presets.mockResolvedValue([]);
});

/** Chooses `option` in the select labelled `label`. */
async function choose(label: string, option: string) {
  await user.click(screen.getByLabelText(label));
  const shown = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (item) => item.getAttribute('title') === option && item.closest('.ant-select-dropdown-hidden') === null,
    );
    expect(found).toBeDefined();
    return found!;
  });
  await user.click(shown);
}

/** Chooses the file and reads it: the columns step. */
async function readFile(file = csv()) {
  await open();
  await user.upload(fileInput(), file);
  await user.click(screen.getByRole('button', { name: 'Read the file' }));
  await screen.findByText('How the first rows read');
  return file;
}

describe('Import wizard: the file', () => {
  it('refuses a file of another type or over the size limit before sending it', async () => {
    await open();
    expect(screen.getByRole('heading', { name: 'Import Contacts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Read the file' })).toBeDisabled();

    await user.upload(fileInput(), csv('members.xls'));
    expect(await screen.findByText(/Old Excel \(\.xls\) files cannot be imported/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Read the file' })).toBeDisabled();

    const large = csv();
    Object.defineProperty(large, 'size', { value: MAX_IMPORT_FILE_BYTES + 1 });
    await user.upload(fileInput(), large);
    expect(await screen.findByText('The file is larger than 5 MB. Split it into smaller files and import them one by one.')).toBeInTheDocument();
    expect(preview).not.toHaveBeenCalled();
  });

  it('shows how much of the file has gone, then that the rows are being checked, with the buttons held meanwhile', async () => {
    let progress: ((sent: number) => void) | undefined;
    let answerWith: ((preview: ContactImportPreview) => void) | undefined;
    preview.mockImplementation((_read, options) => {
      progress = options?.onProgress;
      return new Promise((resolve) => (answerWith = resolve));
    });
    await open();
    await user.upload(fileInput(), csv());
    await user.click(screen.getByRole('button', { name: 'Read the file' }));

    act(() => progress?.(0.42));
    expect(await screen.findByText('Sending the file: 42%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Sending the file: 42%' })).toHaveAttribute('value', '0.42');
    expect(screen.getByRole('button', { name: /Read the file/ })).toBeDisabled();
    act(() => progress?.(1));
    expect(await screen.findByText('Checking the rows…')).toBeInTheDocument();
    act(() => answerWith?.(answer));
    expect(await screen.findByText('How the first rows read')).toBeInTheDocument();
    expect(screen.queryByText('Checking the rows…')).not.toBeInTheDocument();
  });

  it("shows the server's refusal in 'Error!' and keeps the file for another try", async () => {
    preview.mockRejectedValue(httpError(400, { status_msg: 'The file has no contacts below its header row.' }));
    await open();
    await user.upload(fileInput(), csv());
    await user.click(screen.getByRole('button', { name: 'Read the file' }));
    expect(within(await findDialog('Error!')).getByText('The file has no contacts below its header row.')).toBeInTheDocument();
    expect(screen.getByText('members.csv')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Read the file' })).toBeEnabled();
  });
});

describe('Import wizard: the columns', () => {
  it('reads the file with the server’s own matching first, then again with the whole matching when one column is changed, and with the date order chosen', async () => {
    const file = await readFile();
    expect(preview).toHaveBeenCalledWith({ file, dateOrder: 'DMY' }, expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(screen.getByRole('combobox', { name: 'Maelezo' })).toBeInTheDocument();

    await choose('Maelezo', 'Residence');
    expect(preview).toHaveBeenLastCalledWith({ file, dateOrder: 'DMY', mapping: { ...automatic, Maelezo: 'residence' } }, expect.anything());

    // The server reads the file with the new matching; the date order is read with it.
    preview.mockResolvedValue({
      ...answer,
      columns: columns.map((column) => (column.header === 'Maelezo' ? { ...column, field: 'residence' } : column)),
      dateOrder: 'MDY',
    });
    await choose('Dates in the file are written', 'Month-Day-Year (03/11/1990 is 11 March)');
    expect(preview).toHaveBeenLastCalledWith({ file, dateOrder: 'MDY', mapping: { ...automatic, Maelezo: 'residence' } }, expect.anything());
  });

  it('warns when no column fills what new contacts need, and shows how the first rows read', async () => {
    await readFile();
    const sample = screen.getByRole('heading', { name: 'How the first rows read' }).closest('section')!;
    const first = within(sample).getByRole('cell', { name: '2' }).closest('tr')!;
    expect(within(first).getByText('Jane')).toBeInTheDocument();
    expect(within(first).getByText('Visitor')).toBeInTheDocument();
    expect(screen.queryByText(/which new contacts need/)).not.toBeInTheDocument();

    await choose('Simu', 'Ignore this column');
    expect(await screen.findByText('No column fills Mobile, which new contacts need: the rows that match no contact will be errors.')).toBeInTheDocument();
  });

  it('offers a saved matching that knows every header of the file, applies it, and saves this matching under a name', async () => {
    presets.mockResolvedValue([
      { id: 1, name: 'Kanisa sheet', mapping: { ...automatic, Maelezo: 'residence', Extra: 'email' }, createdAt: '2026-10-01T08:00:00Z' },
      { id: 2, name: 'Breeze', mapping: { Jina: 'firstName' }, createdAt: '2026-10-02T08:00:00Z' },
    ]);
    const file = await readFile();
    expect(screen.queryByRole('button', { name: 'Use the matching "Breeze"' })).not.toBeInTheDocument();
    preview.mockResolvedValue({ ...answer, columns: columns.map((column) => (column.header === 'Maelezo' ? { ...column, field: 'residence' } : column)) });
    await user.click(await screen.findByRole('button', { name: 'Use the matching "Kanisa sheet"' }));

    expect(preview).toHaveBeenLastCalledWith({ file, dateOrder: 'DMY', mapping: { ...automatic, Maelezo: 'residence' } }, expect.anything());
    expect(await screen.findByText('The matching "Kanisa sheet" is in use.')).toBeInTheDocument();

    savePreset.mockResolvedValue({ status_msg: 'Matching saved', preset: { id: 3, name: 'Swahili sheet', mapping: automatic, createdAt: '2026-11-01T08:00:00Z' } });
    await user.click(screen.getByRole('button', { name: 'Save this matching' }));
    await user.fill('Name of the matching', 'Swahili sheet');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await findDialog('Awesome!')).toHaveTextContent('The matching was saved.');
    expect(savePreset).toHaveBeenCalledWith('Swahili sheet', { ...automatic, Maelezo: 'residence' });
  });
});

describe('Import wizard: the dry run and the import', () => {
  it('counts the rows by status and shows each: new values, an update’s old and new value, a conflict’s contacts, an error’s message', async () => {
    await readFile();
    await user.click(screen.getByRole('button', { name: 'Check the rows' }));

    const filter = screen.getByRole('radiogroup', { name: 'Rows shown' });
    for (const label of ['All: 6', 'New: 1', 'Update: 1', 'Unchanged: 1', 'Conflict: 2', 'Error: 1'])
      expect(within(filter).getByRole('radio', { name: label })).toBeInTheDocument();

    const rowOf = (number: string) => screen.getByRole('cell', { name: number }).closest('tr')!;
    expect(within(rowOf('2')).getByText('First Name: Jane')).toBeInTheDocument();
    expect(within(rowOf('3')).getByText('Mobile: +254711000000 → +254722000000')).toBeInTheDocument();
    expect(within(rowOf('3')).getByRole('link', { name: 'Contact 12' })).toHaveAttribute('href', '/contacts/edit/12');
    expect(within(rowOf('4')).getByText('Nothing to change')).toBeInTheDocument();
    expect(within(rowOf('5')).getByText('Its external ID and its mobile belong to two different contacts')).toBeInTheDocument();
    expect(within(rowOf('5')).getByRole('link', { name: 'Contact 40' })).toHaveAttribute('href', '/contacts/edit/40');
    expect(within(rowOf('6')).getByText('Last name is required')).toBeInTheDocument();
    expect(within(rowOf('7')).getByText('See row 2 of the file.')).toBeInTheDocument();
    expect(screen.getByText('3 rows have a conflict or an error and will not be imported.', { exact: false })).toBeInTheDocument();

    await user.click(within(filter).getByRole('radio', { name: 'Update: 1' }));
    expect(screen.queryByRole('cell', { name: '2' })).not.toBeInTheDocument();
    expect(screen.getByText('Mobile: +254711000000 → +254722000000')).toBeInTheDocument();
  });

  it('speaks the person’s language: the steps, the values, the form’s and the server’s messages (Swahili)', async () => {
    await readFile();
    act(() => useLocale.getState().setLocale('sw'));
    try {
      await user.click(screen.getByRole('button', { name: 'Kagua safu' }));
      const rowOf = (number: string) => screen.getByRole('cell', { name: number }).closest('tr')!;
      expect(within(rowOf('2')).getByText('Hali ya Uanachama: Mgeni')).toBeInTheDocument();
      expect(within(rowOf('3')).getByText('Simu: +254711000000 → +254722000000')).toBeInTheDocument();
      expect(within(rowOf('5')).getByText('Kitambulisho chake cha nje na simu yake ni vya wawasiliani wawili tofauti')).toBeInTheDocument();
      expect(within(rowOf('6')).getByText('Jina la mwisho linahitajika')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Leta mawasiliano mapya 1 na yaliyosasishwa 1' })).toBeEnabled();
    } finally {
      act(() => useLocale.getState().setLocale('en'));
    }
  });

  it('shows 20 rows at a time', async () => {
    const many: ContactImportRow[] = Array.from({ length: 45 }, (_, index) => ({
      row: index + 2,
      status: 'new',
      changes: [{ field: 'firstName', old: '', new: `Person ${index + 2}` }],
    }));
    preview.mockResolvedValue({ ...answer, rows: many, counts: { new: 45, update: 0, unchanged: 0, conflict: 0, error: 0 } });
    await readFile();
    await user.click(screen.getByRole('button', { name: 'Check the rows' }));

    const table = () => screen.getByRole('region', { name: 'Rows of the file' });
    expect(table().querySelectorAll('tr.ant-table-row')).toHaveLength(20);
    expect(screen.getByText('showing page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(within(table()).getByText('First Name: Person 22')).toBeInTheDocument();
    expect(within(table()).queryByText('First Name: Person 21')).not.toBeInTheDocument();
  });

  it('imports the new and updated rows with the file, matching and date order of the dry run shown, then leads to the imports', async () => {
    commit.mockResolvedValue({ status_msg: 'Contacts imported', batch: { id: 9, created: 1, updated: 1 } });
    const file = await readFile();
    await choose('Maelezo', 'Residence');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Check the rows' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Check the rows' }));
    await user.click(screen.getByRole('button', { name: 'Import 1 new and 1 updated contacts' }));

    expect(commit).toHaveBeenCalledWith({ file, dateOrder: 'DMY', mapping: { ...automatic, Maelezo: 'residence' } }, expect.anything());
    expect(await screen.findByText('Import finished')).toBeInTheDocument();
    expect(screen.getByText(/Contacts created: 1\. Contacts updated: 1\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'See the imports' }));
    await expectPath('/contacts/imports');
  });

  it('offers no import when no row would be written', async () => {
    preview.mockResolvedValue({ ...answer, rows: rows.slice(2), counts: { new: 0, update: 0, unchanged: 1, conflict: 2, error: 1 } });
    await readFile();
    await user.click(screen.getByRole('button', { name: 'Check the rows' }));
    expect(screen.getByRole('button', { name: 'Import 0 new and 0 updated contacts' })).toBeDisabled();
  });
});
