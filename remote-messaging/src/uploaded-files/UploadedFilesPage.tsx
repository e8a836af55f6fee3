import { DownloadOutlined } from '@ant-design/icons';
import type { UploadedFile } from '@ushirika/shared/contract';
import { DateText, downloadBlob, ListPage, useDialogs, type ListColumn } from '@ushirika/shared/ui';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { downloadUploadedFile, uploadedFilesApi } from '../api';

/** The 'DownloadFile' link: the stored file, read with the token (the server gives it to its own partner only). */
function DownloadButton({ file }: { file: UploadedFile }) {
  const dialogs = useDialogs();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      downloadBlob(await downloadUploadedFile(file), file.name);
    } catch (error) {
      dialogs.error(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="link" icon={<DownloadOutlined aria-hidden />} loading={busy} onClick={() => void download()} style={{ paddingInline: 0 }}>
      <FormattedMessage id="messaging.files.download" />
    </Button>
  );
}

/** Processed (1) once none of the file's messages waits to be sent, else Pending (spec 2.12). */
const StatusTag = ({ status }: { status: number }) =>
  status === 1 ? (
    <Tag color="green">
      <FormattedMessage id="messaging.files.processed" />
    </Tag>
  ) : (
    <Tag color="blue">
      <FormattedMessage id="messaging.files.pending" />
    </Tag>
  );

const columns: ListColumn<UploadedFile>[] = [
  { key: 'name', title: 'messaging.files.column.name', dataIndex: 'name' },
  { key: 'fileType', title: 'messaging.files.column.fileType', dataIndex: 'fileType' },
  { key: 'extension', title: 'messaging.files.column.extension', dataIndex: 'extension' },
  { key: 'path', title: 'messaging.files.column.path', dataIndex: 'path', render: (_: unknown, file: UploadedFile) => <DownloadButton file={file} /> },
  { key: 'status', title: 'messaging.files.column.status', dataIndex: 'status', render: (status: number) => <StatusTag status={status} /> },
  { key: 'uploadedBy', title: 'messaging.files.column.uploadedBy', dataIndex: 'uploadedBy' },
  { key: 'createdAt', title: 'messaging.files.column.createdAt', dataIndex: 'createdAt', render: (value: string) => <DateText value={value} /> },
];

/** /messaging/uploaded_files 'Recent Files' (spec 2.12): the recipient files of Upload sends, newest first. */
export function UploadedFilesPage() {
  return <ListPage<UploadedFile> title="messaging.files.title" parent="messaging.heading.files" columns={columns} load={uploadedFilesApi.page} dates />;
}
