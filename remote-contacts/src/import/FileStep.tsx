import { ArrowRightOutlined, UploadOutlined } from '@ant-design/icons';
import { translateText } from '@ushirika/shared/i18n';
import { Button, Flex, Form, Upload } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { importFileProblem, IMPORT_FILE_TYPES } from './file-check';

const FILE_INPUT_ID = 'contacts-import-file';

export interface FileStepProps {
  file: File | null;
  busy: boolean;
  onChoose: (file: File | null) => void;
  /** Reads the chosen file (the first dry run). */
  onRead: () => void;
}

/** Step 1: one CSV or XLSX file, checked here (type, size) before anything is sent, then read. */
export function FileStep({ file, busy, onChoose, onRead }: FileStepProps) {
  const intl = useIntl();
  const problem = file ? importFileProblem(file) : null;
  return (
    <Flex vertical gap={16}>
      <Form layout="vertical" component={false}>
        <Form.Item
          label={<FormattedMessage id="contacts.import.upload.label" />}
          htmlFor={FILE_INPUT_ID}
          validateStatus={problem ? 'error' : undefined}
          help={problem ? translateText(intl, problem) : undefined}
          extra={<FormattedMessage id="contacts.import.upload.hint" />}
        >
          <Upload
            id={FILE_INPUT_ID}
            accept={IMPORT_FILE_TYPES}
            maxCount={1}
            disabled={busy}
            // Nothing is uploaded on choosing: the file is sent by each reading and by the import.
            beforeUpload={(chosen) => {
              onChoose(chosen);
              return false;
            }}
            onRemove={() => onChoose(null)}
            fileList={file ? [{ uid: FILE_INPUT_ID, name: file.name, status: problem ? 'error' : 'done' }] : []}
          >
            <Button icon={<UploadOutlined aria-hidden />}>
              <FormattedMessage id="contacts.import.upload.choose" />
            </Button>
          </Upload>
        </Form.Item>
      </Form>
      <Button
        type="primary"
        icon={<ArrowRightOutlined aria-hidden />}
        iconPlacement="end"
        style={{ alignSelf: 'flex-start' }}
        disabled={!file || problem !== null || busy}
        loading={busy}
        onClick={onRead}
      >
        <FormattedMessage id="contacts.import.upload.read" />
      </Button>
    </Flex>
  );
}
