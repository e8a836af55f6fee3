import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import {
  CONTACT_IMPORT_FIELDS,
  IMPORT_DATE_ORDERS,
  type ContactImportField,
  type ContactImportMapping,
  type ContactImportPreset,
  type ContactImportPreview,
  type ContactImportRow,
  type ImportDateOrder,
} from '@ushirika/shared/contract';
import { ScrollingTable } from '@ushirika/shared/ui';
import { Alert, Button, Col, Flex, Form, Row, Select, Typography, type TableColumnType } from 'antd';
import { useId, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fieldLabel, fieldList, fieldValue } from './field-text';
import { coveringPresets, fieldsFilledTwice, headersOf, presetMapping, sameMapping, unfilledFields } from './mapping';
import { SavePreset } from './SavePreset';

/** How many rows the 'how the first rows read' table shows. */
export const SAMPLE_ROWS = 5;

/** The select's value for 'Ignore this column' (a select cannot hold null). */
const IGNORE = '';

export interface ColumnsStepProps {
  preview: ContactImportPreview;
  /** The matching shown: the one asked for (while its reading is under way) or the one read. */
  mapping: ContactImportMapping;
  dateOrder: ImportDateOrder;
  /** A reading is under way: the rows below are the previous one's. */
  busy: boolean;
  presets: readonly ContactImportPreset[];
  onRead: (mapping: ContactImportMapping, dateOrder: ImportDateOrder) => void;
  onPresetSaved: (preset: ContactImportPreset) => void;
  onBack: () => void;
  onNext: () => void;
}

/** 'Use the matching "Planning Center"': the saved matchings that know every header of this file. */
function PresetOffer({
  presets,
  headers,
  mapping,
  busy,
  onApply,
}: {
  presets: readonly ContactImportPreset[];
  headers: string[];
  mapping: ContactImportMapping;
  busy: boolean;
  onApply: (mapping: ContactImportMapping) => void;
}) {
  const offered = coveringPresets(presets, headers).map((preset) => ({ preset, mapping: presetMapping(preset, headers) }));
  if (offered.length === 0) return null;
  const inUse = offered.find((offer) => sameMapping(offer.mapping, mapping));
  return inUse ? (
    <Alert type="success" showIcon title={<FormattedMessage id="contacts.import.preset.inUse" values={{ name: inUse.preset.name }} />} />
  ) : (
    <Alert
      type="info"
      showIcon
      title={<FormattedMessage id="contacts.import.preset.offer" />}
      description={
        <Flex wrap gap={8} style={{ marginTop: 8 }}>
          {offered.map((offer) => (
            <Button key={offer.preset.id} disabled={busy} onClick={() => onApply(offer.mapping)}>
              <FormattedMessage id="contacts.import.preset.use" values={{ name: offer.preset.name }} />
            </Button>
          ))}
        </Flex>
      }
    />
  );
}

/** One column of the file: its header and the field it fills (or 'Ignore this column'). */
function ColumnMatch({
  header,
  position,
  field,
  busy,
  onChange,
}: {
  header: string;
  /** 1 for the file's first column: names a column whose header cell is blank. */
  position: number;
  field: ContactImportField | null;
  busy: boolean;
  onChange: (field: ContactImportField | null) => void;
}) {
  const intl = useIntl();
  const id = useId();
  const options = useMemo(
    () => [
      { value: IGNORE, label: intl.formatMessage({ id: 'contacts.import.field.ignore' }) },
      ...CONTACT_IMPORT_FIELDS.map((value) => ({ value, label: fieldLabel(intl, value) })),
    ],
    [intl],
  );
  return (
    <Form.Item label={header.trim() || intl.formatMessage({ id: 'contacts.import.columns.unnamed' }, { number: position })} htmlFor={id} style={{ marginBottom: 12 }}>
      <Select<string>
        id={id}
        value={field ?? IGNORE}
        options={options}
        virtual={false}
        disabled={busy}
        onChange={(value) => onChange(value === IGNORE ? null : (value as ContactImportField))}
      />
    </Form.Item>
  );
}

/** The first rows that would write something, as they read: each matched field's new value. */
function SampleRows({ rows, fields }: { rows: ContactImportRow[]; fields: ContactImportField[] }) {
  const intl = useIntl();
  const columns: TableColumnType<ContactImportRow>[] = [
    { key: 'row', title: intl.formatMessage({ id: 'contacts.import.column.row' }), dataIndex: 'row', fixed: 'left' },
    ...fields.map((field): TableColumnType<ContactImportRow> => ({
      key: field,
      title: fieldLabel(intl, field),
      render: (_, row) => {
        const change = row.changes?.find((candidate) => candidate.field === field);
        return change ? fieldValue(intl, field, change.new) : '';
      },
    })),
  ];
  return (
    <section>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        <FormattedMessage id="contacts.import.sample.title" />
      </Typography.Title>
      {rows.length === 0 ? (
        <Typography.Text type="secondary">
          <FormattedMessage id="contacts.import.sample.none" />
        </Typography.Text>
      ) : (
        <ScrollingTable<ContactImportRow> rowKey="row" size="small" columns={columns} dataSource={rows} pagination={false} />
      )}
    </section>
  );
}

/**
 * Step 2: what each column of the file fills. Every change of a match or of the date order reads the file again
 * (the server's dry run answers with the rows as they would now read). Warns when new contacts could not be made
 * (no first name, last name or mobile column) and when two columns fill one field; offers a saved matching that
 * knows the file's headers, and saves this one.
 */
export function ColumnsStep({ preview, mapping, dateOrder, busy, presets, onRead, onPresetSaved, onBack, onNext }: ColumnsStepProps) {
  const intl = useIntl();
  const dateOrderId = useId();
  const headers = headersOf(preview.columns);
  const missing = unfilledFields(mapping);
  const twice = fieldsFilledTwice(mapping);
  const matched = CONTACT_IMPORT_FIELDS.filter((field) => Object.values(mapping).includes(field));
  const sample = useMemo(() => preview.rows.filter((row) => (row.changes?.length ?? 0) > 0).slice(0, SAMPLE_ROWS), [preview.rows]);

  return (
    <Flex vertical gap={16}>
      <PresetOffer presets={presets} headers={headers} mapping={mapping} busy={busy} onApply={(next) => onRead(next, dateOrder)} />
      <Typography.Paragraph style={{ margin: 0 }}>
        <FormattedMessage id="contacts.import.columns.intro" />
      </Typography.Paragraph>
      <Form layout="vertical" component={false}>
        <Row gutter={16}>
          {/* Keyed by position: a file may repeat a header. */}
          {preview.columns.map(({ header }, index) => (
            <Col key={`${index}:${header}`} xs={24} sm={12} lg={8}>
              <ColumnMatch
                header={header}
                position={index + 1}
                field={mapping[header] ?? null}
                busy={busy}
                onChange={(field) => onRead({ ...mapping, [header]: field }, dateOrder)}
              />
            </Col>
          ))}
        </Row>
        <Form.Item
          label={<FormattedMessage id="contacts.import.dateOrder.label" />}
          htmlFor={dateOrderId}
          extra={<FormattedMessage id="contacts.import.dateOrder.hint" />}
        >
          <Select<ImportDateOrder>
            id={dateOrderId}
            value={dateOrder}
            disabled={busy}
            style={{ maxWidth: 320 }}
            options={IMPORT_DATE_ORDERS.map((value) => ({ value, label: intl.formatMessage({ id: `contacts.import.dateOrder.${value}` }) }))}
            onChange={(value) => onRead(mapping, value)}
          />
        </Form.Item>
      </Form>
      {missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={<FormattedMessage id="contacts.import.warning.unfilled" values={{ fields: fieldList(intl, missing), count: missing.length }} />}
        />
      )}
      {twice.length > 0 && (
        <Alert type="warning" showIcon title={<FormattedMessage id="contacts.import.warning.twice" values={{ fields: fieldList(intl, twice), count: twice.length }} />} />
      )}
      <SavePreset mapping={mapping} disabled={busy} onSaved={onPresetSaved} />
      <SampleRows rows={sample} fields={matched} />
      <Flex wrap gap={8}>
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack}>
          <FormattedMessage id="contacts.import.back" />
        </Button>
        <Button type="primary" icon={<ArrowRightOutlined aria-hidden />} iconPlacement="end" disabled={busy} onClick={onNext}>
          <FormattedMessage id="contacts.import.columns.next" />
        </Button>
      </Flex>
    </Flex>
  );
}
