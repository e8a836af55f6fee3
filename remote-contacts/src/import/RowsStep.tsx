import { ArrowLeftOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { CONTACT_IMPORT_STATUSES, type ContactImportPreview, type ContactImportRow, type ContactImportStatus } from '@ushirika/shared/contract';
import { Pager, ScrollingTable } from '@ushirika/shared/ui';
import { Alert, Button, Flex, Radio, Tag, Typography, type TableColumnType } from 'antd';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ContactLink } from './ContactLink';
import { fieldLabel, fieldValue } from './field-text';
import { rowMessages } from './row-messages';

/** Rows shown at once: 20,000 rows are never all drawn (a mid-range phone would freeze), one page is. */
export const ROWS_PAGE_SIZE = 20;

type Shown = 'all' | ContactImportStatus;

const STATUS_COLOURS: Record<ContactImportStatus, string> = { new: 'green', update: 'blue', unchanged: 'default', conflict: 'gold', error: 'red' };

export function StatusTag({ status }: { status: ContactImportStatus }) {
  return (
    <Tag color={STATUS_COLOURS[status]}>
      <FormattedMessage id={`contacts.import.status.${status}`} />
    </Tag>
  );
}

const plainList = { margin: 0, paddingInlineStart: 16 } as const;

/**
 * Why a row is a conflict: the server's reason (translated where the catalogue knows it), the earlier row of the
 * file it clashes with, and links to the contacts its keys found.
 */
function ConflictDetails({ row }: { row: ContactImportRow }) {
  const intl = useIntl();
  const found = row.conflictWith;
  return (
    <Flex vertical gap={4}>
      <Messages texts={rowMessages(intl, row)} />
      {found?.row !== undefined && (
        <span>
          <FormattedMessage id="contacts.import.conflict.row" values={{ row: found.row }} />
        </span>
      )}
      {found && found.contactIds.length > 0 && (
        <Flex wrap gap={8}>
          {found.contactIds.map((id) => (
            <ContactLink key={id} id={id} />
          ))}
        </Flex>
      )}
    </Flex>
  );
}

function Messages({ texts }: { texts: string[] }) {
  return (
    <ul style={plainList}>
      {texts.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}

/** What the import would do with one row: a new contact's values, an update's old -> new values, or why not. */
function RowDetails({ row }: { row: ContactImportRow }) {
  const intl = useIntl();
  const changes = row.changes ?? [];
  switch (row.status) {
    case 'new':
      return (
        <ul style={plainList}>
          {changes.map((change) => (
            <li key={change.field}>
              <FormattedMessage id="contacts.import.value" values={{ field: fieldLabel(intl, change.field), value: fieldValue(intl, change.field, change.new) }} />
            </li>
          ))}
        </ul>
      );
    case 'update':
      return (
        <ul style={plainList}>
          {changes.map((change) => (
            <li key={change.field}>
              <FormattedMessage
                id="contacts.import.change"
                values={{ field: fieldLabel(intl, change.field), old: fieldValue(intl, change.field, change.old), new: fieldValue(intl, change.field, change.new) }}
              />
            </li>
          ))}
        </ul>
      );
    case 'unchanged':
      return (
        <Typography.Text type="secondary">
          <FormattedMessage id="contacts.import.unchanged" />
        </Typography.Text>
      );
    case 'conflict':
      return <ConflictDetails row={row} />;
    case 'error':
      return <Messages texts={rowMessages(intl, row)} />;
  }
}

/** The counts as filters: all the rows, or only those of one status. */
function StatusFilter({ preview, shown, onChange }: { preview: ContactImportPreview; shown: Shown; onChange: (shown: Shown) => void }) {
  const intl = useIntl();
  const count = (value: number) => intl.formatNumber(value);
  return (
    <Radio.Group
      aria-label={intl.formatMessage({ id: 'contacts.import.filter' })}
      optionType="button"
      value={shown}
      onChange={(event) => onChange(event.target.value as Shown)}
      options={[
        { value: 'all', label: intl.formatMessage({ id: 'contacts.import.filter.all' }, { count: count(preview.rows.length) }) },
        ...CONTACT_IMPORT_STATUSES.map((status) => ({
          value: status,
          label: intl.formatMessage({ id: `contacts.import.filter.${status}` }, { count: count(preview.counts[status]) }),
        })),
      ]}
    />
  );
}

export interface RowsStepProps {
  preview: ContactImportPreview;
  busy: boolean;
  onBack: () => void;
  onImport: () => void;
}

/**
 * Step 3, the dry run: every row as new, update (each field's old and new value), unchanged, conflict or error,
 * counted and filtered by status, one page at a time; then the import of the new and updated rows in one step.
 */
export function RowsStep({ preview, busy, onBack, onImport }: RowsStepProps) {
  const intl = useIntl();
  const [shown, setShown] = useState<Shown>('all');
  const [page, setPage] = useState(1);
  const rows = useMemo(() => (shown === 'all' ? preview.rows : preview.rows.filter((row) => row.status === shown)), [preview.rows, shown]);
  const pages = Math.max(1, Math.ceil(rows.length / ROWS_PAGE_SIZE));
  const at = Math.min(page, pages);
  const pageRows = rows.slice((at - 1) * ROWS_PAGE_SIZE, at * ROWS_PAGE_SIZE);
  const { new: created, update: updated, conflict, error } = preview.counts;
  const written = created + updated;

  const columns: TableColumnType<ContactImportRow>[] = [
    { key: 'row', title: intl.formatMessage({ id: 'contacts.import.column.row' }), dataIndex: 'row', fixed: 'left' },
    { key: 'status', title: intl.formatMessage({ id: 'contacts.import.column.status' }), render: (_, row) => <StatusTag status={row.status} /> },
    {
      key: 'contact',
      title: intl.formatMessage({ id: 'contacts.import.column.contact' }),
      render: (_, row) => (row.contactId === undefined ? null : <ContactLink id={row.contactId} />),
    },
    { key: 'details', title: intl.formatMessage({ id: 'contacts.import.column.details' }), render: (_, row) => <RowDetails row={row} /> },
  ];

  return (
    <Flex vertical gap={16}>
      <StatusFilter
        preview={preview}
        shown={shown}
        onChange={(next) => {
          setShown(next);
          setPage(1);
        }}
      />
      {conflict + error > 0 && <Alert type="warning" showIcon title={<FormattedMessage id="contacts.import.rows.leftOut" values={{ count: conflict + error }} />} />}
      <section aria-label={intl.formatMessage({ id: 'contacts.import.rows.label' })}>
        <ScrollingTable<ContactImportRow>
          rowKey="row"
          size="small"
          columns={columns}
          dataSource={pageRows}
          pagination={false}
          locale={{ emptyText: intl.formatMessage({ id: 'kit.list.empty' }) }}
        />
        <Pager page={at} pages={pages} onChange={setPage} />
      </section>
      <Flex wrap gap={8}>
        <Button icon={<ArrowLeftOutlined aria-hidden />} disabled={busy} onClick={onBack}>
          <FormattedMessage id="contacts.import.back" />
        </Button>
        <Button type="primary" icon={<CloudUploadOutlined aria-hidden />} disabled={written === 0 || busy} loading={busy} onClick={onImport}>
          <FormattedMessage id="contacts.import.commit.button" values={{ created, updated }} />
        </Button>
      </Flex>
    </Flex>
  );
}
