import { groupsEndpoint, type Group } from '@ushirika/shared/contract';
import {
  CheckboxField,
  DateTimeField,
  FileField,
  FormPage,
  RadioGroupField,
  SelectField,
  TextAreaField,
  useFormValues,
  type FormValues,
  type Option,
} from '@ushirika/shared/forms';
import { useEndpointOptions } from '@ushirika/shared/ui';
import { MESSAGE_CATEGORY, MESSAGE_TYPE, messageSchema } from '@ushirika/shared/validation';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { sendMessage, SENDS_CHANGE } from '../api';
import { GatewayPausedAlert } from '../gateway/GatewayPausedAlert';
import { MESSAGES_PATH } from '../paths';
import { CostPreview } from './CostPreview';
import { RECIPIENT_TYPE_OPTIONS, sendRequest, type NewMessageValues } from './send-request';

/** The success text after a send: the spec's contact text there is a slip (docs/spec-deviations.md). */
export const MESSAGE_SENT = 'Message sent successfully!';

/** What the recipients file picker offers (the server reads CSV and XLSX). */
const RECIPIENT_FILE_TYPES = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Type and category are fixed and not shown (spec 9); the recipient type is chosen, not defaulted (spec 5). */
const initialValues: FormValues<typeof messageSchema> = {
  recipient_type: '',
  recipients: '',
  group: '',
  onePerHousehold: false,
  recipientsfile: '',
  textmessage: '',
  send_at: '',
  type: MESSAGE_TYPE,
  category: MESSAGE_CATEGORY,
};

/** '-Select one-', 'All Contacts' (0), then every group of the partner, however many (not the legacy first 25). */
function GroupField() {
  const intl = useIntl();
  const groups = useEndpointOptions(groupsEndpoint, (group: Group) => group.name);
  const options: Option[] = useMemo(() => [{ value: 0, label: intl.formatMessage({ id: 'messaging.group.all' }) }, ...groups.options], [groups.options, intl]);
  return (
    <SelectField name="group" label="messaging.field.group" placeholder="messaging.group.none" options={options} loading={groups.loading} loadError={groups.error} />
  );
}

/** The field of the chosen recipient type: typed numbers, a group (and whether once per household), or a file. */
function RecipientsField() {
  const { recipient_type: type } = useFormValues<NewMessageValues>();
  switch (type) {
    case 'Typed':
      return <TextAreaField name="recipients" label="messaging.field.recipients" hint="messaging.field.recipients.hint" rows={4} />;
    case 'Group':
      return (
        <>
          <GroupField />
          <CheckboxField name="onePerHousehold" label="messaging.field.onePerHousehold" hint="messaging.field.onePerHousehold.hint" />
        </>
      );
    case 'Upload':
      return <FileField name="recipientsfile" label="messaging.field.recipientsfile" hint="messaging.field.recipientsfile.hint" accept={RECIPIENT_FILE_TYPES} />;
    default:
      return null;
  }
}

/** The message; for a group or a file, with a note on the placeholders filled per contact. */
function MessageField() {
  const { recipient_type: type } = useFormValues<NewMessageValues>();
  const personal = type === 'Group' || type === 'Upload';
  return (
    <TextAreaField
      name="textmessage"
      label="messaging.field.textmessage"
      rows={5}
      hint={personal ? <FormattedMessage id="messaging.field.textmessage.hint" values={{ firstName: '{firstName}', lastName: '{lastName}' }} /> : undefined}
    />
  );
}

/**
 * /messaging/messages/new 'New Message' (spec 2.12; issue 8): whom to (typed numbers, a group or All Contacts,
 * or an uploaded file), the message, what it will cost, and an optional later time. Typed and Group go as JSON
 * to POST /notifymany, Upload as multipart to POST /notifyuploaded; 'Awesome!' then Recent Messages, or
 * 'Error!' with every value kept. While the gateway account cannot send, a notice says sending is paused (the send
 * is still queued and charged, and goes out once it is fixed).
 */
export function NewMessagePage() {
  return (
    <FormPage
      title="messaging.new.title"
      parent="messaging.heading.messages"
      schema={messageSchema}
      initialValues={initialValues}
      save={(input) => sendMessage(sendRequest(input))}
      successText={MESSAGE_SENT}
      backTo={MESSAGES_PATH}
      refreshes={SENDS_CHANGE}
    >
      <GatewayPausedAlert />
      <RadioGroupField name="recipient_type" label="messaging.field.recipientType" options={RECIPIENT_TYPE_OPTIONS} />
      <RecipientsField />
      <MessageField />
      <CostPreview />
      <DateTimeField name="send_at" label="messaging.field.sendAt" hint="messaging.field.sendAt.hint" />
    </FormPage>
  );
}
