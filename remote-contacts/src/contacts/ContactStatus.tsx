import { DeleteOutlined, InboxOutlined, UndoOutlined } from '@ant-design/icons';
import type { Member } from '@ushirika/shared/contract';
import { ActionButton, DateText, useDialogs, usePermitted, useRefreshAfterSave } from '@ushirika/shared/ui';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { archiveContact, eraseContact, restoreContact } from './api';
import { useEraseDialog } from './EraseDialog';

/** What the contact's archive and erasure change: its record, the lists, and the group-member lists. */
const REFRESHED = 'member';

/** 'Erase personal data' (owners, contacts.erase): asks, erases, says so; the screen then shows the erased contact. */
function EraseButton({ member }: { member: Member }) {
  const ask = useEraseDialog();
  const dialogs = useDialogs();
  const refresh = useRefreshAfterSave();
  const [busy, setBusy] = useState(false);
  const erase = async () => {
    const reason = await ask();
    if (reason === null) return;
    setBusy(true);
    try {
      const answer = await eraseContact(member.id, reason);
      await refresh(REFRESHED);
      await dialogs.success(answer.status_msg);
    } catch (error) {
      dialogs.error(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button danger icon={<DeleteOutlined aria-hidden />} loading={busy} onClick={() => void erase()}>
      <FormattedMessage id="contacts.erase" />
    </Button>
  );
}

/**
 * The contact's state on its edit screen (issue 26.5): active or archived (since when), Archive or Restore for
 * those who may change contacts, and 'Erase personal data' for owners. An erased contact has none of these.
 */
export function ContactStatus({ member }: { member: Member }) {
  const writes = usePermitted('contacts.write');
  const erases = usePermitted('contacts.erase');
  if (member.erased || (!writes && !erases)) return null;
  const archived = member.archivedAt !== null;
  return (
    <Card style={{ maxWidth: 760, marginTop: 16 }} title={<FormattedMessage id="contacts.status.title" />}>
      <Flex vertical gap={16}>
        {archived ? (
          <Alert type="info" showIcon title={<FormattedMessage id="contacts.status.archived" values={{ date: <DateText value={member.archivedAt!} /> }} />} />
        ) : (
          <Typography.Paragraph style={{ margin: 0 }}>
            <FormattedMessage id="contacts.archive.hint" />
          </Typography.Paragraph>
        )}
        <Flex gap={8} wrap align="center">
          {writes &&
            (archived ? (
              <ActionButton labelId="contacts.restore" icon={<UndoOutlined aria-hidden />} run={() => restoreContact(member)} refreshPath={REFRESHED} />
            ) : (
              <ActionButton
                labelId="contacts.archive"
                icon={<InboxOutlined aria-hidden />}
                confirm={{ title: 'contacts.archive.confirm.title', text: 'contacts.archive.confirm.text', okText: 'contacts.archive' }}
                run={() => archiveContact(member)}
                refreshPath={REFRESHED}
              />
            ))}
          {erases && <EraseButton member={member} />}
        </Flex>
        {erases && (
          <Typography.Text type="secondary">
            <FormattedMessage id="contacts.erase.hint" />
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}

/** An erased contact's screen: nothing of theirs is left to edit. */
export function ErasedContact() {
  return (
    <Card style={{ maxWidth: 760 }}>
      <Alert type="warning" showIcon title={<FormattedMessage id="contacts.erased.title" />} description={<FormattedMessage id="contacts.erased.text" />} />
    </Card>
  );
}
