import { UploadOutlined } from '@ant-design/icons';
import type { Member } from '@ushirika/shared/contract';
import { ListPage, usePermitted } from '@ushirika/shared/ui';
import { Button } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { IMPORT_CONTACTS_PATH } from '../import/paths';
import { loadContacts } from './api';
import { contactColumns } from './columns';
import { ExportButton } from './ExportButton';
import { EDIT_CONTACT_PATH, NEW_CONTACT_PATH } from './paths';

const columns = contactColumns<Member>();

function ImportButton() {
  const navigate = useNavigate();
  return (
    <Button icon={<UploadOutlined aria-hidden />} onClick={() => navigate(IMPORT_CONTACTS_PATH)}>
      <FormattedMessage id="contacts.import" />
    </Button>
  );
}

/**
 * /contacts/default 'All Contacts' (spec 2.7), plus import and export (the Contacts issue). New and Edit for those
 * who may change contacts, Import and Export for those who may move them to and from files (issue 25).
 */
export function ContactsPage() {
  const writes = usePermitted('contacts.write');
  const transfers = usePermitted('contacts.transfer');
  return (
    <ListPage<Member>
      title="contacts.title"
      parent="contacts.heading"
      columns={columns}
      load={loadContacts}
      add={writes ? { label: 'contacts.add', to: NEW_CONTACT_PATH } : undefined}
      editTo={writes ? EDIT_CONTACT_PATH : undefined}
      tools={
        transfers
          ? (list) => (
              <>
                <ImportButton />
                <ExportButton searchKey={list.searchKey} />
              </>
            )
          : undefined
      }
    />
  );
}
