import { RollbackOutlined } from '@ant-design/icons';
import { ImportTexts } from './ImportTexts';
import type { ContactImportBatch, ContactImportUndoResult } from '@ushirika/shared/contract';
import { usePartnerTimeZone } from '@ushirika/shared/session';
import { CutText, DateTimeText, ListPage, formatDateTime, useDialogs, useRefreshAfterSave, type ListColumn } from '@ushirika/shared/ui';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { loadImports, undoImport } from './api';
import { IMPORT_CONTACTS_PATH } from './paths';
import { UndoResult } from './UndoResult';

/** Whether the batch stands and is young enough to undo (the server decides; this only offers the button). */
export const canUndo = (batch: Pick<ContactImportBatch, 'undoneAt' | 'undoUntil'>, now: number = Date.now()) =>
  batch.undoneAt === null && Date.parse(batch.undoUntil) > now;

function WhenText({ value }: { value: string }) {
  return <DateTimeText value={value} timeZone={usePartnerTimeZone()} />;
}

/** Undone on…, can be undone until…, or too old to undo. */
function UndoState({ batch }: { batch: ContactImportBatch }) {
  const intl = useIntl();
  const timeZone = usePartnerTimeZone();
  const at = (iso: string) => formatDateTime(iso, intl.locale, timeZone);
  if (batch.undoneAt !== null) return <FormattedMessage id="contacts.imports.state.undone" values={{ date: at(batch.undoneAt) }} />;
  if (canUndo(batch)) return <FormattedMessage id="contacts.imports.state.undoable" values={{ date: at(batch.undoUntil) }} />;
  return (
    <Typography.Text type="secondary">
      <FormattedMessage id="contacts.imports.state.tooOld" />
    </Typography.Text>
  );
}

const columns: ListColumn<ContactImportBatch>[] = [
  { title: 'contacts.imports.column.date', dataIndex: 'createdAt', render: (value: string) => <WhenText value={value} /> },
  { title: 'contacts.imports.column.by', dataIndex: 'createdBy' },
  { title: 'contacts.imports.column.file', dataIndex: 'fileName', render: (value: string) => <CutText value={value} max={40} /> },
  { title: 'contacts.imports.column.created', dataIndex: 'created', align: 'end' },
  { title: 'contacts.imports.column.updated', dataIndex: 'updated', align: 'end' },
  { title: 'contacts.imports.column.state', key: 'state', render: (_: unknown, batch: ContactImportBatch) => <UndoState batch={batch} /> },
];

/**
 * /contacts/imports (issue 27.4): the partner's imports, newest first, each undoable for IMPORT_UNDO_DAYS days after
 * a confirmation. The undo's result (what was removed, archived, put back, and the fields kept because they were
 * changed since) shows below the list.
 */
export function ImportsPage() {
  return (
    <ImportTexts>
      <ImportsList />
    </ImportTexts>
  );
}

function ImportsList() {
  const dialogs = useDialogs();
  const refresh = useRefreshAfterSave();
  const [undoing, setUndoing] = useState<number | null>(null);
  const [result, setResult] = useState<ContactImportUndoResult | null>(null);

  const undo = async (batch: ContactImportBatch, reload: () => void) => {
    const sure = await dialogs.confirm({ title: 'contacts.imports.undo.title', text: 'contacts.imports.undo.text', okText: 'contacts.imports.undo.confirm' });
    if (!sure) return;
    setUndoing(batch.id);
    try {
      setResult(await undoImport(batch.id));
      void refresh('member');
      reload();
    } catch (error) {
      dialogs.error(error);
    } finally {
      setUndoing(null);
    }
  };

  return (
    <>
      <ListPage<ContactImportBatch>
        title="contacts.imports.title"
        parent="contacts.heading"
        columns={columns}
        load={loadImports}
        search={false}
        add={{ label: 'contacts.imports.new', to: IMPORT_CONTACTS_PATH }}
        actions={(batch, reload) =>
          canUndo(batch) ? (
            // Not a red button: antd's red text on a table row's background falls below WCAG's 4.5:1 (axe, in the
            // accessibility journey); the confirmation says what the undo does.
            <Button icon={<RollbackOutlined aria-hidden />} loading={undoing === batch.id} disabled={undoing !== null} onClick={() => void undo(batch, reload)}>
              <FormattedMessage id="contacts.imports.undo" />
            </Button>
          ) : null
        }
      />
      {result && <UndoResult result={result} />}
    </>
  );
}
