import { StopOutlined } from '@ant-design/icons';
import type { Notification } from '@ushirika/shared/contract';
import { ListPage, usePermitted } from '@ushirika/shared/ui';
import { Button } from 'antd';
import { FormattedMessage } from 'react-intl';
import { cancelSend, messagesApi } from '../api';
import { GatewayPausedAlert } from '../gateway/GatewayPausedAlert';
import { NEW_MESSAGE_PATH } from '../paths';
import { messageColumns } from './columns';
import { useMessageAction } from './use-message-action';

/** 'Cancel' on a scheduled message: after a confirmation, the whole send it belongs to is cancelled and refunded. */
function CancelButton({ message }: { message: Notification }) {
  const { busy, act } = useMessageAction(() => cancelSend(message.sendId), {
    title: 'messaging.cancel.title',
    text: 'messaging.cancel.text',
    okText: 'messaging.cancel.ok',
  });
  return (
    <Button type="link" danger icon={<StopOutlined aria-hidden />} loading={busy} onClick={act}>
      <FormattedMessage id="messaging.cancel.button" />
    </Button>
  );
}

/**
 * /messaging/messages 'Recent Messages' (spec 2.12): every message, newest first, and 'New Message'; above them,
 * the notice that sending is paused when the gateway account cannot send. New Message and Cancel for those who
 * may send (messaging.send).
 */
export function RecentMessagesPage() {
  const sends = usePermitted('messaging.send');
  return (
    <>
      <GatewayPausedAlert />
      <ListPage<Notification>
        title="messaging.messages.title"
        parent="messaging.heading.messages"
        columns={messageColumns}
        dates
        load={messagesApi.page}
        add={sends ? { label: 'messaging.messages.add', to: NEW_MESSAGE_PATH } : undefined}
        actions={sends ? (message) => (message.state === 'scheduled' ? <CancelButton message={message} /> : null) : undefined}
      />
    </>
  );
}
