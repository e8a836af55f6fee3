import { CloudUploadOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import type { ContactImportPreview, ContactImportResult } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { PageHeader, useDialogs, useRefreshAfterSave } from '@ushirika/shared/ui';
import { Button, Card, Flex, Form, Upload } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { commitImport, previewImport } from './api';
import { importFileProblem, IMPORT_FILE_TYPES } from './file-check';
import { ImportPreview } from './ImportPreview';
import { ImportSummary } from './ImportSummary';

const FILE_INPUT_ID = 'contacts-import-file';

/** Where the import stands: a file being chosen, its preview shown, or the import done. */
type Stage = { step: 'choose' } | { step: 'preview'; preview: ContactImportPreview } | { step: 'done'; result: ContactImportResult };

/** The file picker: one CSV or XLSX file, checked here before anything is sent. */
function FilePicker({ file, problem, onChoose }: { file: File | null; problem: string | null; onChoose: (file: File | null) => void }) {
  const intl = useIntl();
  return (
    <Form layout="vertical" component={false}>
      <Form.Item
        label={<FormattedMessage id="contacts.import.file" />}
        htmlFor={FILE_INPUT_ID}
        validateStatus={problem ? 'error' : undefined}
        help={problem ? translateText(intl, problem) : undefined}
        extra={<FormattedMessage id="contacts.import.hint" />}
      >
        <Upload
          id={FILE_INPUT_ID}
          accept={IMPORT_FILE_TYPES}
          maxCount={1}
          // Nothing is uploaded on choosing: the file is sent by Preview and by Import.
          beforeUpload={(chosen) => {
            onChoose(chosen);
            return false;
          }}
          onRemove={() => onChoose(null)}
          fileList={file ? [{ uid: FILE_INPUT_ID, name: file.name, status: problem ? 'error' : 'done' }] : []}
        >
          <Button icon={<UploadOutlined aria-hidden />}>
            <FormattedMessage id="contacts.import.choose" />
          </Button>
        </Upload>
      </Form.Item>
    </Form>
  );
}

/** /contacts/import: choose a file, Preview it, then import its ready contacts (the Contacts issue). */
export function ImportContactsPage() {
  const dialogs = useDialogs();
  const refresh = useRefreshAfterSave();
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const [busy, setBusy] = useState(false);
  const problem = file ? importFileProblem(file) : null;

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setStage({ step: 'choose' });
  };

  /** Runs one call to the server with the chosen file; a failure shows 'Error!' and keeps the file. */
  const send = async <T,>(call: (file: File) => Promise<T>, next: (answer: T) => Stage) => {
    if (!file) return;
    setBusy(true);
    try {
      setStage(next(await call(file)));
    } catch (error) {
      dialogs.error(error);
    } finally {
      setBusy(false);
    }
  };

  if (stage.step === 'done') {
    return (
      <>
        <PageHeader title="contacts.import.title" parent="contacts.heading" />
        <Card>
          <ImportSummary result={stage.result} />
        </Card>
      </>
    );
  }

  const ready = stage.step === 'preview' ? stage.preview.counts.ready : 0;
  return (
    <>
      <PageHeader title="contacts.import.title" parent="contacts.heading" />
      <Card>
        <Flex vertical gap={16}>
          <FilePicker file={file} problem={problem} onChoose={choose} />
          {stage.step === 'choose' ? (
            <Button
              type="primary"
              icon={<EyeOutlined aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
              disabled={!file || problem !== null || busy}
              loading={busy}
              onClick={() => void send(previewImport, (preview) => ({ step: 'preview', preview }))}
            >
              <FormattedMessage id="contacts.import.preview" />
            </Button>
          ) : (
            <>
              <ImportPreview preview={stage.preview} />
              <Button
                type="primary"
                icon={<CloudUploadOutlined aria-hidden />}
                style={{ alignSelf: 'flex-start' }}
                disabled={ready === 0 || busy}
                loading={busy}
                onClick={() =>
                  void send(commitImport, (result) => {
                    void refresh('member');
                    return { step: 'done', result };
                  })
                }
              >
                <FormattedMessage id="contacts.import.commit" values={{ count: ready }} />
              </Button>
            </>
          )}
        </Flex>
      </Card>
    </>
  );
}
