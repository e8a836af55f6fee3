import { groupsEndpoint, type Group } from '@ushirika/shared/contract';
import {
  CheckboxField,
  DateTimeField,
  FileField,
  FormPage,
  RadioGroupField,
  SelectField,
  TextAreaField,
  useFormField,
  useFormValues,
  type FormValues,
  type Option,
} from '@ushirika/shared/forms';
import { nothingSent, UnicodeNotice, useConfirmSms, useEndpointOptions } from '@ushirika/shared/ui';
import { MESSAGE_CATEGORY, MESSAGE_TYPE, messageSchema, plainSmsText, type MessageInput } from '@ushirika/shared/validation';
import { useEffect, useMemo, useRef, type MutableRefObject } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { quoteMessage, sendMessage, SENDS_CHANGE } from '../api';
import { GatewayPausedAlert } from '../gateway/GatewayPausedAlert';
import { MESSAGES_PATH } from '../paths';
import { CostPreview } from './CostPreview';
import { prefilledValues } from './prefill';
import { quotePreview } from './preview-facts';
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

/** Makes the message box's typographic characters plain (the preview's 'Replace with plain characters'). */
type ReplaceText = MutableRefObject<(() => void) | undefined>;

/**
 * The message; for a group or a file, with a note on the placeholders filled per contact. Under it, when a
 * character forces Unicode, the text with those characters marked, what they cost, and 'Replace with plain
 * characters' (issue 28.5), which `replaceTextRef` also offers the send's preview.
 */
function MessageField({ replaceTextRef }: { replaceTextRef: ReplaceText }) {
  const { recipient_type: type } = useFormValues<NewMessageValues>();
  const message = useFormField<string>('textmessage');
  const text = String(message.value ?? '');
  const replace = () => message.setValue(plainSmsText(text));
  useEffect(() => {
    replaceTextRef.current = replace;
  });
  const personal = type === 'Group' || type === 'Upload';
  return (
    <>
      <TextAreaField
        name="textmessage"
        label="messaging.field.textmessage"
        rows={5}
        hint={personal ? <FormattedMessage id="messaging.field.textmessage.hint" values={{ firstName: '{firstName}', lastName: '{lastName}' }} /> : undefined}
      />
      <div style={{ marginTop: -8, marginBottom: 24 }}>
        <UnicodeNotice text={text} onReplace={replace} showText />
      </div>
    </>
  );
}

/**
 * /messaging/messages/new 'New Message' (spec 2.12; issue 8): whom to (typed numbers, a group or All Contacts,
 * or an uploaded file), the message, what it will cost, and an optional later time. Submit first shows the send's
 * preview (issue 28.5: the text as the first recipient gets it, the recipients, parts and units, from the server's
 * quote) and sends only when the user confirms it: Typed and Group go as JSON to POST /notifymany, Upload as
 * multipart to POST /notifyuploaded; 'Awesome!' then Recent Messages, or 'Error!' with every value kept. Cancel
 * sends nothing and keeps the form. While the gateway account cannot send, a notice says sending is paused (the
 * send is still queued and charged, and goes out once it is fixed).
 *
 * Opened with router state `{ phones, text? }` (CONTRACT28: absentees' follow-up), it starts as a typed send to
 * those numbers with that text.
 */
export function NewMessagePage() {
  const { state } = useLocation();
  const start = useMemo(() => prefilledValues(initialValues, state), [state]);
  const confirmSms = useConfirmSms();
  const replaceTextRef: ReplaceText = useRef(undefined);
  const save = async (input: MessageInput) => {
    const request = sendRequest(input);
    const confirmed = await confirmSms(async () => quotePreview(await quoteMessage(request), input.textmessage), { onReplace: () => replaceTextRef.current?.() });
    if (!confirmed) throw nothingSent();
    return sendMessage(request);
  };
  return (
    <FormPage
      title="messaging.new.title"
      parent="messaging.heading.messages"
      schema={messageSchema}
      initialValues={start}
      save={save}
      successText={MESSAGE_SENT}
      backTo={MESSAGES_PATH}
      refreshes={SENDS_CHANGE}
    >
      <GatewayPausedAlert />
      <RadioGroupField name="recipient_type" label="messaging.field.recipientType" options={RECIPIENT_TYPE_OPTIONS} />
      <RecipientsField />
      <MessageField replaceTextRef={replaceTextRef} />
      <CostPreview />
      <DateTimeField name="send_at" label="messaging.field.sendAt" hint="messaging.field.sendAt.hint" />
    </FormPage>
  );
}
