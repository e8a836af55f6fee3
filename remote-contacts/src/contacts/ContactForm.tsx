import type { Member } from '@ushirika/shared/contract';
import { EditRecord, PageHeader, RecordHistory, ResourceFormPage, textId } from '@ushirika/shared/ui';
import { ContactHousehold } from './ContactHousehold';
import { ContactStatus, ErasedContact } from './ContactStatus';
import { contacts } from './resource';

/**
 * /contacts/edit/<id>, opened from the list's Edit: the contact as the server has it now, in the description's edit
 * form (with the email; the spec marks it with an asterisk but gives it no rule, so it is optional:
 * docs/spec-deviations.md), saved with PUT /member/{id} over the version it was read at. Below the form: their
 * household (issue 27.6), archive or restore, erasure for owners (issue 26.5), and the contact's own history (26.2).
 * An erased contact has nothing left to edit: the screen says so and shows the history.
 */
export function EditContactPage() {
  return (
    <EditRecord<Member> endpoint={contacts.endpoint} backTo={contacts.routes.list}>
      {(record, reload) => (
        <>
          {record.erased ? (
            <>
              <PageHeader title={textId(contacts, 'edit')} parent={contacts.parent} />
              <ErasedContact />
            </>
          ) : (
            <>
              <ResourceFormPage key={record.version} resource={contacts} record={record} reload={reload} />
              <ContactHousehold household={record.household} />
            </>
          )}
          <ContactStatus member={record} />
          <RecordHistory path={contacts.endpoint.path} id={record.id} />
        </>
      )}
    </EditRecord>
  );
}
