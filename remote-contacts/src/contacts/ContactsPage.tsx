import { UploadOutlined } from '@ant-design/icons';
import type { Member } from '@ushirika/shared/contract';
import { DateText, ListPage, usePermitted, type ListColumn } from '@ushirika/shared/ui';
import { Button, Segmented, Tag } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { IMPORT_CONTACTS_PATH } from '../import/paths';
import { loadArchivedContacts, loadContacts } from './api';
import { contactColumns } from './columns';
import { ExportButton } from './ExportButton';
import { EDIT_CONTACT_PATH, NEW_CONTACT_PATH } from './paths';

const columns = contactColumns<Member>();

/**
 * The archived list's columns: an erased contact's mobile is no number (`erased:<id>`), so it says 'Erased'
 * instead; and when each was archived.
 */
const archivedColumns: ListColumn<Member>[] = [
  ...columns.map((column) =>
    column.dataIndex === 'phone' || (Array.isArray(column.dataIndex) && column.dataIndex.at(-1) === 'phone')
      ? {
          ...column,
          render: (phone: string, row: Member) =>
            row.erased ? (
              <Tag>
                <FormattedMessage id="contacts.erased.tag" />
              </Tag>
            ) : (
              phone
            ),
        }
      : column,
  ),
  { title: 'contacts.column.archivedAt', dataIndex: 'archivedAt', render: (value: string | null) => (value ? <DateText value={value} /> : null) },
];

type Shown = 'active' | 'archived';

function ImportButton() {
  const navigate = useNavigate();
  return (
    <Button icon={<UploadOutlined aria-hidden />} onClick={() => navigate(IMPORT_CONTACTS_PATH)}>
      <FormattedMessage id="contacts.import" />
    </Button>
  );
}

/** Active contacts, or the archived ones only (issue 26.5): archived contacts are out of the list otherwise. */
function ShownFilter({ shown, onChange }: { shown: Shown; onChange: (shown: Shown) => void }) {
  const intl = useIntl();
  return (
    <Segmented<Shown>
      aria-label={intl.formatMessage({ id: 'contacts.filter.label' })}
      value={shown}
      onChange={onChange}
      options={[
        { value: 'active', label: intl.formatMessage({ id: 'contacts.filter.active' }) },
        { value: 'archived', label: intl.formatMessage({ id: 'contacts.filter.archived' }) },
      ]}
    />
  );
}

/**
 * /contacts/default 'All Contacts' (spec 2.7), plus import and export (the Contacts issue). New and Edit for those
 * who may change contacts, Import and Export for those who may move them to and from files (issue 25). Archived
 * contacts are listed apart, with the filter (issue 26.5); Export takes the list shown.
 */
export function ContactsPage() {
  const writes = usePermitted('contacts.write');
  const transfers = usePermitted('contacts.transfer');
  const [shown, setShown] = useState<Shown>('active');
  const archived = shown === 'archived';
  return (
    <ListPage<Member>
      // A new list for the other filter: its own pages and search.
      key={shown}
      title="contacts.title"
      parent="contacts.heading"
      columns={archived ? archivedColumns : columns}
      load={archived ? loadArchivedContacts : loadContacts}
      add={writes && !archived ? { label: 'contacts.add', to: NEW_CONTACT_PATH } : undefined}
      editTo={writes ? EDIT_CONTACT_PATH : undefined}
      tools={(list) => (
        <>
          <ShownFilter shown={shown} onChange={setShown} />
          {transfers && !archived && <ImportButton />}
          {transfers && <ExportButton searchKey={list.searchKey} archived={archived} />}
        </>
      )}
    />
  );
}
