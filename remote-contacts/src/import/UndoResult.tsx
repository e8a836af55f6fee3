import type { ContactImportKept, ContactImportUndoResult } from '@ushirika/shared/contract';
import { ScrollingTable } from '@ushirika/shared/ui';
import { Alert, Card, Flex, Typography, type TableColumnType } from 'antd';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ContactLink } from './ContactLink';
import { fieldLabel, fieldValue } from './field-text';
import { knownText } from './server-text';

/**
 * What an undo did: created contacts removed or archived, updated ones put back, and the fields it left as they
 * are because someone changed them after the import (each with the value kept and the one from before). Takes the
 * focus when it appears, so the person (a screen reader, a phone scrolled down the list) is taken to it.
 */
export function UndoResult({ result }: { result: ContactImportUndoResult }) {
  const intl = useIntl();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
    box.current?.scrollIntoView?.({ block: 'nearest' });
  }, [result]);
  const { removed, archived, restored, kept } = result;
  const columns: TableColumnType<ContactImportKept>[] = [
    { key: 'contact', title: intl.formatMessage({ id: 'contacts.imports.kept.contact' }), render: (_, row) => <ContactLink id={row.contactId} />, fixed: 'left' },
    { key: 'field', title: intl.formatMessage({ id: 'contacts.imports.kept.field' }), render: (_, row) => fieldLabel(intl, row.field) },
    { key: 'current', title: intl.formatMessage({ id: 'contacts.imports.kept.current' }), render: (_, row) => fieldValue(intl, row.field, row.current) },
    { key: 'before', title: intl.formatMessage({ id: 'contacts.imports.kept.before' }), render: (_, row) => fieldValue(intl, row.field, row.before) },
  ];
  return (
    <Card ref={box} tabIndex={-1} role="region" aria-label={knownText(intl, result.status_msg, 'contacts.imports.undone.title')} style={{ marginTop: 16 }}>
      <Flex vertical gap={12}>
        <Alert
          type="success"
          showIcon
          title={knownText(intl, result.status_msg, 'contacts.imports.undone.title')}
          description={<FormattedMessage id="contacts.imports.undone.counts" values={{ removed, archived, restored }} />}
        />
        {kept.length > 0 && (
          <section>
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              <FormattedMessage id="contacts.imports.kept.title" values={{ count: kept.length }} />
            </Typography.Title>
            <Typography.Paragraph type="secondary">
              <FormattedMessage id="contacts.imports.kept.hint" />
            </Typography.Paragraph>
            <ScrollingTable<ContactImportKept>
              rowKey={(row) => `${row.contactId}:${row.field}`}
              size="small"
              columns={columns}
              dataSource={kept}
              pagination={kept.length > 20 ? { pageSize: 20, hideOnSinglePage: true } : false}
            />
          </section>
        )}
      </Flex>
    </Card>
  );
}
