import { screen, waitFor, within } from '@testing-library/react';
import type { ContactImportBatch } from '@ushirika/shared/contract';
import { AreaTexts } from '@ushirika/shared/ui';
import { findDialog, renderScreen, setupUser } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import { httpError } from '../../../shared/test/http-error';
import { loadImports, undoImport } from './api';
import { ImportsPage } from './ImportsPage';
import { importTexts } from './test-texts';

jest.mock('./api', () => ({ loadImports: Object.assign(jest.fn(), { path: 'member/imports' }), undoImport: jest.fn() }));
const load = jest.mocked(loadImports);
const undo = jest.mocked(undoImport);

const day = 24 * 60 * 60 * 1000;
const at = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();
const batch = (id: number, fileName: string, fields: Partial<ContactImportBatch>): ContactImportBatch => ({
  id,
  createdAt: at(-1),
  createdBy: 'Amina Wanjiru',
  fileName,
  created: 3,
  updated: 2,
  undoneAt: null,
  undoUntil: at(29),
  ...fields,
});
const batches = [
  batch(7, 'second-file.csv', {}),
  batch(6, 'corrections.xlsx', { undoneAt: at(-2), createdAt: at(-3), undoUntil: at(27) }),
  batch(5, 'planning-center.csv', { createdAt: at(-40), undoUntil: at(-10) }),
];

const open = () =>
  renderScreen(
    <AreaTexts messages={importTexts}>
      <ImportsPage />
    </AreaTexts>,
    { path: '/contacts/imports' },
  );
const rowOf = (file: string) => screen.getByText(file).closest('tr')!;

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  signIn();
  user = setupUser();
  jest.clearAllMocks();
  load.mockResolvedValue({ rows: batches, total: batches.length });
});

describe('Imports', () => {
  it('lists the imports with who, which file, the counts and whether each can still be undone', async () => {
    await open();
    expect(screen.getByRole('heading', { name: 'Imports' })).toBeInTheDocument();
    await screen.findByText('second-file.csv');
    expect(within(rowOf('second-file.csv')).getByText('Amina Wanjiru')).toBeInTheDocument();
    expect(within(rowOf('second-file.csv')).getByText(/^Can be undone until /)).toBeInTheDocument();
    expect(within(rowOf('second-file.csv')).getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(within(rowOf('corrections.xlsx')).getByText(/^Undone on /)).toBeInTheDocument();
    expect(within(rowOf('planning-center.csv')).getByText('Too old to undo')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Undo' })).toHaveLength(1);
  });

  it('undoes an import after the confirmation and lists the fields it kept, with the value kept and the one before', async () => {
    undo.mockResolvedValue({
      status_msg: 'Import undone',
      removed: 1,
      archived: 2,
      restored: 2,
      kept: [{ contactId: 12, field: 'mobile', current: '+254733000000', before: '+254711000000' }],
    });
    await open();
    await screen.findByText('second-file.csv');

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    const confirm = await findDialog('Undo this import?');
    expect(confirm).toHaveTextContent('The contacts it created are archived, or removed if nothing refers to them.');
    await user.click(within(confirm).getByRole('button', { name: 'Undo the import' }));

    expect(undo).toHaveBeenCalledWith(7);
    const result = await screen.findByRole('region', { name: 'Import undone' });
    expect(result).toHaveTextContent('Contacts removed: 1. Archived: 2. Put back to their earlier values: 2.');
    expect(within(result).getByRole('heading', { name: 'Fields kept: 1' })).toBeInTheDocument();
    const kept = within(result).getByRole('link', { name: 'Contact 12' }).closest('tr')!;
    expect(within(result).getByRole('link', { name: 'Contact 12' })).toHaveAttribute('href', '/contacts/edit/12');
    expect(within(kept).getByText('Mobile')).toBeInTheDocument();
    expect(within(kept).getByText('+254733000000')).toBeInTheDocument();
    expect(within(kept).getByText('+254711000000')).toBeInTheDocument();
    // The list is read again, to show the import as undone.
    await waitFor(() => expect(load.mock.calls.length).toBeGreaterThan(1));
  });

  it('undoes nothing when the person cancels, and shows a refusal in Error!', async () => {
    await open();
    await screen.findByText('second-file.csv');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await user.click(within(await findDialog('Undo this import?')).getByRole('button', { name: 'Cancel' }));
    expect(undo).not.toHaveBeenCalled();

    undo.mockRejectedValue(httpError(409, { status_msg: 'This import was undone already.' }));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await user.click(within(await findDialog('Undo this import?')).getByRole('button', { name: 'Undo the import' }));
    expect(within(await findDialog('Error!')).getByText('This import was undone already.')).toBeInTheDocument();
  });
});
