import type { ContactImportPreview, ContactImportRow, ContactImportStatus } from '@ushirika/shared/contract';
import { ScrollingTable } from '@ushirika/shared/ui';
import { Alert, Flex, Tag, Typography, type TableColumnType } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { GenderText } from '../contacts/GenderText';
import { rowMessages } from './row-messages';

const STATUS_COLOURS: Record<ContactImportStatus, string> = { ready: 'green', duplicate: 'gold', invalid: 'red' };

function StatusTag({ status }: { status: ContactImportStatus }) {
  return (
    <Tag color={STATUS_COLOURS[status]}>
      <FormattedMessage id={`contacts.import.status.${status}`} />
    </Tag>
  );
}

function RowMessages({ row }: { row: ContactImportRow }) {
  const intl = useIntl();
  return (
    <ul style={{ margin: 0, paddingInlineStart: 16 }}>
      {rowMessages(intl, row).map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

/** Columns for a row's cells as the file had them (problem rows) or as they will be saved (ready rows). */
function useRowColumns(source: 'input' | 'contact'): TableColumnType<ContactImportRow>[] {
  const intl = useIntl();
  const title = (id: string) => intl.formatMessage({ id });
  const cell = (field: 'firstName' | 'lastName' | 'gender' | 'mobile' | 'residence' | 'email') => (row: ContactImportRow) =>
    source === 'input' ? row.input[field] : (row.contact?.[field] ?? '');
  return [
    { key: 'line', title: title('contacts.import.column.line'), dataIndex: 'line' },
    { key: 'firstName', title: title('contacts.column.firstName'), render: (_, row) => cell('firstName')(row) },
    { key: 'lastName', title: title('contacts.column.lastName'), render: (_, row) => cell('lastName')(row) },
    { key: 'gender', title: title('contacts.column.gender'), render: (_, row) => <GenderText value={cell('gender')(row)} /> },
    { key: 'mobile', title: title('contacts.column.mobile'), render: (_, row) => cell('mobile')(row) },
    { key: 'residence', title: title('contacts.field.residence'), render: (_, row) => cell('residence')(row) },
    { key: 'email', title: title('contacts.column.email'), render: (_, row) => cell('email')(row) },
  ];
}

function ProblemRows({ rows }: { rows: ContactImportRow[] }) {
  const intl = useIntl();
  const columns: TableColumnType<ContactImportRow>[] = [
    ...useRowColumns('input'),
    {
      key: 'problems',
      title: intl.formatMessage({ id: 'contacts.import.column.problems' }),
      render: (_, row) => (
        <Flex gap={8} align="flex-start">
          <StatusTag status={row.status} />
          <RowMessages row={row} />
        </Flex>
      ),
    },
  ];
  return (
    <section>
      <Typography.Title level={5}>
        <FormattedMessage id="contacts.import.problems" />
      </Typography.Title>
      <ScrollingTable<ContactImportRow> rowKey="line" size="small" columns={columns} dataSource={rows} pagination={{ pageSize: 20, hideOnSinglePage: true }} />
    </section>
  );
}

function SampleRows({ rows }: { rows: ContactImportRow[] }) {
  return (
    <section>
      <Typography.Title level={5}>
        <FormattedMessage id="contacts.import.sample" />
      </Typography.Title>
      <ScrollingTable<ContactImportRow> rowKey="line" size="small" columns={useRowColumns('contact')} dataSource={rows} pagination={false} />
    </section>
  );
}

/** What the server found in the file: the counts, how its columns were read, the rows left out and the first ready rows. */
export function ImportPreview({ preview }: { preview: ContactImportPreview }) {
  const { counts, columns, problems, sample } = preview;
  return (
    <Flex vertical gap={16}>
      <Alert type={counts.ready > 0 ? 'info' : 'warning'} showIcon title={<FormattedMessage id="contacts.import.counts" values={{ ...counts }} />} />
      <Flex wrap gap={4} align="center">
        <Typography.Text type="secondary">
          <FormattedMessage id="contacts.import.columns" />:
        </Typography.Text>
        {columns.map(({ header, field }) =>
          field ? (
            <Tag key={header}>{header}</Tag>
          ) : (
            <Tag key={header} variant="outlined">
              <Typography.Text delete>{header}</Typography.Text> <FormattedMessage id="contacts.import.ignoredColumn" />
            </Tag>
          ),
        )}
      </Flex>
      {problems.length > 0 && <ProblemRows rows={problems} />}
      {sample.length > 0 && <SampleRows rows={sample} />}
    </Flex>
  );
}
