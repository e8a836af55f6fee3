import { GENDER_LABELS, GENDERS, type Member } from '@ushirika/shared/contract';
import { FormPage, SelectField, TextField, type Option } from '@ushirika/shared/forms';
import { EditRecord, PageHeader, RecordHistory } from '@ushirika/shared/ui';
import { contactEditSchema, contactSchema } from '@ushirika/shared/validation';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { contactRecord, saveContact } from './api';
import { ContactStatus, ErasedContact } from './ContactStatus';
import { CONTACTS_PATH } from './paths';

/** The spec shows this text after creating and after editing a contact (spec 8). */
const SAVED = 'New contact saved successfully!';

/** Male (M), Female (F), Other (O), in the user's language. */
function useGenderOptions(): Option[] {
  const intl = useIntl();
  return useMemo(() => GENDERS.map((code) => ({ value: code, label: intl.formatMessage({ id: GENDER_LABELS[code] }) })), [intl]);
}

const contactFields = (contact?: Member) => ({
  firstName: contact?.firstName ?? '',
  lastName: contact?.lastName ?? '',
  gender: contact?.gender ?? '',
  mobile: contact?.phone ?? '',
  residence: contact?.residence ?? '',
});

/** The fields both forms show, in the form's order. */
function ContactFields() {
  return (
    <>
      <TextField name="firstName" label="contacts.field.firstName" />
      <TextField name="lastName" label="contacts.field.lastName" />
      <SelectField name="gender" label="contacts.field.gender" options={useGenderOptions()} />
      <TextField name="mobile" label="contacts.field.mobile" type="tel" />
      <TextField name="residence" label="contacts.field.residence" />
    </>
  );
}

/** /contacts/new: POST /member. */
export function NewContactPage() {
  return (
    <FormPage
      title="contacts.new.title"
      parent="contacts.heading"
      schema={contactSchema}
      initialValues={contactFields()}
      save={(body) => saveContact(body)}
      successText={SAVED}
      backTo={CONTACTS_PATH}
      refreshes="member"
    >
      <ContactFields />
    </FormPage>
  );
}

/**
 * /contacts/edit/<id>, opened from the list's Edit: the contact as the server has it now, saved with PUT
 * /member/{id} (with the email) over the version it was read at. The spec marks the email with an asterisk but
 * gives it no rule; it is optional (the schema's format check only), so no asterisk (docs/spec-deviations.md).
 * Below the form: archive or restore, erasure for owners (issue 26.5), and the contact's own history (26.2). An
 * erased contact has nothing left to edit: the screen says so and shows the history.
 */
export function EditContactPage() {
  return (
    <EditRecord endpoint={contactRecord} backTo={CONTACTS_PATH}>
      {(record, reload) => (
        <>
          {record.erased ? (
            <>
              <PageHeader title="contacts.edit.title" parent="contacts.heading" />
              <ErasedContact />
            </>
          ) : (
            <EditContactForm key={record.version} record={record} reload={reload} />
          )}
          <ContactStatus member={record} />
          <RecordHistory path="member" id={record.id} />
        </>
      )}
    </EditRecord>
  );
}

function EditContactForm({ record, reload }: { record: Member; reload: () => void }) {
  return (
    <FormPage
      title="contacts.edit.title"
      parent="contacts.heading"
      schema={contactEditSchema}
      initialValues={{ ...contactFields(record), email: record.email }}
      save={(body) => saveContact(body, record)}
      successText={SAVED}
      backTo={CONTACTS_PATH}
      refreshes="member"
      reload={reload}
    >
      <ContactFields />
      <TextField name="email" label="contacts.field.email" type="email" />
    </FormPage>
  );
}
