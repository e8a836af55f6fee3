import { RedoOutlined } from '@ant-design/icons';
import type { Notification } from '@ushirika/shared/contract';
import { ListPage, useConfirmSms, usePermitted } from '@ushirika/shared/ui';
import { Button } from 'antd';
import { FormattedMessage } from 'react-intl';
import { failedMessagesApi, loadBalance, resendMessage } from '../api';
import { resendPreview } from './resend-preview';
import { messageColumns } from './columns';
import { useMessageAction } from './use-message-action';

/**
 * 'Resend': first the preview of what it sends and costs (issue 28.5: its own text to its own recipient, its parts
 * charged again, against the balance), then, when confirmed, PUT /notification/{id} with the record (spec 7);
 * 'Awesome!' with 'Message initiated successfully!', then the list reloads. Cancel sends nothing.
 */
function ResendButton({ message }: { message: Notification }) {
  const confirmSms = useConfirmSms();
  const { busy, act } = useMessageAction(
    () => resendMessage(message),
    () => confirmSms(async () => resendPreview(message, (await loadBalance()).balance)),
  );
  return (
    <Button icon={<RedoOutlined aria-hidden />} loading={busy} onClick={act}>
      <FormattedMessage id="messaging.resend" />
    </Button>
  );
}

/**
 * /messaging/failed_messages (spec 2.12): the failed and unconfirmed messages, newest first, with Resend on
 * each that may still be resent (once: the server refuses a second time, so the button is not offered) for those
 * who may send (messaging.send).
 */
export function FailedMessagesPage() {
  const sends = usePermitted('messaging.send');
  return (
    <ListPage<Notification>
      title="messaging.failed.title"
      parent="messaging.heading.messages"
      columns={messageColumns}
      dates
      load={failedMessagesApi.page}
      actions={sends ? (message) => (message.resendable ? <ResendButton message={message} /> : null) : undefined}
    />
  );
}
