import { HistoryOutlined } from '@ant-design/icons';
import { ImportTexts } from './ImportTexts';
import {
  DEFAULT_IMPORT_DATE_ORDER,
  type ContactImportMapping,
  type ContactImportPreset,
  type ContactImportPreview,
  type ContactImportResult,
  type ImportDateOrder,
} from '@ushirika/shared/contract';
import { PageHeader, useRefreshAfterSave } from '@ushirika/shared/ui';
import { Button, Card, Flex } from 'antd';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { commitImport, IMPORTS_API_PATH, loadImportPresets, previewImport, type ImportRead } from './api';
import { ColumnsStep } from './ColumnsStep';
import { FileStep } from './FileStep';
import { ImportResult } from './ImportResult';
import { mappingOf } from './mapping';
import { IMPORTS_PATH } from './paths';
import { RowsStep } from './RowsStep';
import { StepList, type ImportStep } from './StepList';
import { UploadProgress } from './UploadProgress';
import { useUpload } from './use-upload';

/** How the file is read: the person's matching (none: the server's own) and date order. */
type Reading = Omit<ImportRead, 'file'>;

/** The last dry run and the reading that made it: the import sends that same reading. */
interface Read {
  reading: Reading;
  preview: ContactImportPreview;
}

function PastImportsButton() {
  const navigate = useNavigate();
  return (
    <Button icon={<HistoryOutlined aria-hidden />} onClick={() => navigate(IMPORTS_PATH)}>
      <FormattedMessage id="contacts.import.pastImports" />
    </Button>
  );
}

/**
 * /contacts/import, the import wizard (issue 27.1-3): choose a CSV or XLSX file; check and change what each column
 * fills, and the date order (each change reads the file again); see the dry run of every row; import the new and
 * updated rows as one batch, which Contacts -> Imports can undo. The server keeps nothing between the calls: each
 * sends the file again, and the import sends the reading whose dry run the person saw.
 */
export function ImportContactsPage() {
  return (
    <ImportTexts>
      <ImportWizard />
    </ImportTexts>
  );
}

function ImportWizard() {
  const refresh = useRefreshAfterSave();
  const upload = useUpload();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<ImportStep>('file');
  const [read, setRead] = useState<Read | null>(null);
  /** The reading under way, shown in the selects until its answer comes (or put back if it fails). */
  const [asked, setAsked] = useState<Reading | null>(null);
  const [presets, setPresets] = useState<ContactImportPreset[]>([]);
  const [result, setResult] = useState<ContactImportResult | null>(null);

  const readFile = async (reading: Reading) => {
    if (!file) return undefined;
    setAsked(reading);
    const preview = await upload.run((options) => previewImport({ file, ...reading }, options));
    setAsked((current) => (current === reading ? null : current));
    if (preview) setRead({ reading, preview });
    return preview;
  };

  const choose = (chosen: File | null) => {
    upload.cancel();
    setFile(chosen);
    setRead(null);
    setAsked(null);
    setStep('file');
  };

  const start = async () => {
    // The saved matchings, to offer one that knows this file's headers; without them the wizard works all the same.
    loadImportPresets().then(setPresets, () => setPresets([]));
    if (await readFile({ dateOrder: DEFAULT_IMPORT_DATE_ORDER })) setStep('columns');
  };

  const commit = async () => {
    if (!file || !read) return;
    const answer = await upload.run((options) => commitImport({ file, ...read.reading }, options));
    if (!answer) return;
    void refresh('member');
    void refresh(IMPORTS_API_PATH);
    setResult(answer);
    setStep('done');
  };

  const shownReading = asked ?? read?.reading;
  const mapping: ContactImportMapping = shownReading?.mapping ?? (read ? mappingOf(read.preview.columns) : {});
  const dateOrder: ImportDateOrder = shownReading?.dateOrder ?? DEFAULT_IMPORT_DATE_ORDER;

  return (
    <>
      <PageHeader title="contacts.import.wizard.title" parent="contacts.heading" extra={<PastImportsButton />} />
      <Card>
        <StepList current={step} />
        <Flex vertical gap={16}>
          {step === 'file' && <FileStep file={file} busy={upload.busy} onChoose={choose} onRead={() => void start()} />}
          {step === 'columns' && read && (
            <ColumnsStep
              preview={read.preview}
              mapping={mapping}
              dateOrder={dateOrder}
              busy={upload.busy}
              presets={presets}
              onRead={(next, order) => void readFile({ mapping: next, dateOrder: order })}
              onPresetSaved={(preset) => setPresets((saved) => [preset, ...saved.filter((other) => other.id !== preset.id && other.name !== preset.name)])}
              onBack={() => setStep('file')}
              onNext={() => setStep('rows')}
            />
          )}
          {step === 'rows' && read && <RowsStep preview={read.preview} busy={upload.busy} onBack={() => setStep('columns')} onImport={() => void commit()} />}
          {step === 'done' && result && <ImportResult result={result} />}
          <UploadProgress sent={upload.sent} />
        </Flex>
      </Card>
    </>
  );
}
