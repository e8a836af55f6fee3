import { UploadOutlined } from '@ant-design/icons';
import { MEMBERSHIP_STATUS_LABELS, MEMBERSHIP_STATUSES, type Member, type MemberMembershipFilter } from '@ushirika/shared/contract';
import { DateText, ListPage, textId, useResourceAccess, type ListColumn } from '@ushirika/shared/ui';
import { Button, Segmented, Select, Tag } from 'antd';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { IMPORT_CONTACTS_PATH } from '../import/paths';
import { loadContacts } from './api';
import { ExportButton } from './ExportButton';
import { filtered, type ContactFilters } from './filters';
import { contactList } from './columns';
import { contacts } from './resource';

// The names open the person's page; a phone's card shows the name, number and household (columns.tsx).
const columns = contactList.columns;

/**
 * The archived list's columns: an erased contact's mobile is no number (`erased:<id>`), so it says 'Erased'
 * instead; and when each was archived.
 */
const archivedColumns: ListColumn<Member>[] = [
  ...columns.map((column) =>
    column.key === 'mobile'
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
  {
    key: 'archivedAt',
    title: textId(contacts, 'column.archivedAt'),
    dataIndex: 'archivedAt',
    render: (value: string | null) => (value ? <DateText value={value} /> : null),
  },
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

/** '' for every contact, a status, or 'none' for the contacts without one (issue 27.5). */
type Membership = MemberMembershipFilter | '';

/** The membership status filter: all contacts, those of one status, or those without one. */
function MembershipFilter({ value, onChange }: { value: Membership; onChange: (value: Membership) => void }) {
  const intl = useIntl();
  const id = useId();
  const text = (textId: string) => intl.formatMessage({ id: textId });
  return (
    <Select<Membership>
      // Its own id: antd's generated one is the same for every select in tests, where it would name the dialogs.
      id={id}
      aria-label={text('contacts.filter.membership')}
      value={value}
      onChange={onChange}
      popupMatchSelectWidth={false}
      style={{ minWidth: 170 }}
      options={[
        { value: '', label: text('contacts.filter.membership.all') },
        ...MEMBERSHIP_STATUSES.map((status) => ({ value: status, label: text(MEMBERSHIP_STATUS_LABELS[status]) })),
        { value: 'none', label: text('contacts.filter.membership.none') },
      ]}
    />
  );
}

/**
 * /contacts/default 'All Contacts' (spec 2.7), plus import and export (the Contacts issue). New and Edit for those
 * who may change contacts, Import and Export for those who may move them to and from files (issue 25). Archived
 * contacts are listed apart (issue 26.5); a membership status narrows the list (issue 27.5); Export takes the list
 * shown: its search and filters.
 */
export function ContactsPage() {
  const access = useResourceAccess(contacts);
  const [shown, setShown] = useState<Shown>('active');
  const [membership, setMembership] = useState<Membership>('');
  const archived = shown === 'archived';
  const filters: ContactFilters = { archived, ...(membership ? { membershipStatus: membership } : {}) };
  return (
    <ListPage<Member>
      // A new list for each filter: its own pages and search.
      key={`${shown}:${membership}`}
      title={textId(contacts, 'title')}
      parent={contacts.parent}
      columns={archived ? archivedColumns : columns}
      load={filtered(loadContacts, filters)}
      add={access.write && !archived ? { label: textId(contacts, 'add'), to: contacts.routes.new } : undefined}
      editTo={access.write ? contacts.routes.edit : undefined}
      cardTitle={contactList.cardTitle}
      tools={(list) => (
        <>
          <ShownFilter shown={shown} onChange={setShown} />
          <MembershipFilter value={membership} onChange={setMembership} />
          {access.export && !archived && <ImportButton />}
          {access.export && <ExportButton searchKey={list.searchKey} filters={filters} />}
        </>
      )}
    />
  );
}
