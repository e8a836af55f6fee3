import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Table, Tag, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '@ushirika/shared/api';
import { SESSIONS_PATH, type UserSession } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { usePartnerTimeZone } from '@ushirika/shared/session';
import { DateTimeText, PageHeader, useDialogs } from '@ushirika/shared/ui';
import { useFirstScreenReady } from '../layout/boot-loader';
import { endSession, listSessions } from './account-api';
import { ScreenTexts } from '../screen-texts/ScreenTexts';

/**
 * /account/sessions, 'Where you are signed in' (issue 25): the user's open sessions, newest first, with the
 * device, the address and when each was last used; any other one can be ended after a confirmation (that device
 * must sign in again). This device's own session ends with LogOut.
 */
function SessionsScreen() {
  const intl = useIntl();
  const dialogs = useDialogs();
  const timeZone = usePartnerTimeZone();
  const sessions = useQuery({ queryKey: [SESSIONS_PATH], queryFn: ({ signal }) => listSessions(signal), staleTime: 0 });
  useFirstScreenReady();

  const end = async (session: UserSession) => {
    const confirmed = await dialogs.confirm({ title: 'sessions.endTitle', text: 'sessions.endText', okText: 'sessions.end' });
    if (!confirmed) return;
    let said: string;
    try {
      said = (await endSession(session.id)).status_msg;
    } catch (error) {
      dialogs.error(error);
      return;
    }
    void sessions.refetch();
    await dialogs.success(said);
  };

  return (
    <>
      <PageHeader title="account.sessions" parent="header.profile" />
      <Card style={{ maxWidth: 960 }}>
        <Typography.Paragraph>
          <FormattedMessage id="sessions.intro" />
        </Typography.Paragraph>
        {sessions.error && !sessions.isFetching ? (
          <Alert
            type="error"
            showIcon
            title={translateText(intl, errorText(sessions.error))}
            action={
              <Button onClick={() => void sessions.refetch()}>
                <FormattedMessage id="area.retry" />
              </Button>
            }
          />
        ) : (
          <Table<UserSession>
            rowKey="id"
            loading={sessions.isPending}
            dataSource={sessions.data?.sessions ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
            columns={[
              {
                key: 'device',
                title: <FormattedMessage id="sessions.device" />,
                render: (_, session) => (
                  <Flex gap={8} align="center" wrap>
                    <span>{session.device}</span>
                    {session.current && (
                      <Tag color="green">
                        <FormattedMessage id="sessions.thisDevice" />
                      </Tag>
                    )}
                  </Flex>
                ),
              },
              { key: 'address', dataIndex: 'address', title: <FormattedMessage id="sessions.address" /> },
              {
                key: 'lastSeenAt',
                title: <FormattedMessage id="sessions.lastSeen" />,
                render: (_, session) => <DateTimeText value={session.lastSeenAt} timeZone={timeZone} />,
              },
              {
                key: 'createdAt',
                title: <FormattedMessage id="sessions.signedIn" />,
                render: (_, session) => <DateTimeText value={session.createdAt} timeZone={timeZone} />,
              },
              {
                key: 'end',
                title: <FormattedMessage id="sessions.actions" />,
                render: (_, session) =>
                  session.current ? null : (
                    <Button danger onClick={() => void end(session)}>
                      <FormattedMessage id="sessions.end" />
                    </Button>
                  ),
              },
            ]}
          />
        )}
      </Card>
    </>
  );
}

/** The screen with its texts, which load with it (host/src/screen-texts). */
export function SessionsPage() {
  return (
    <ScreenTexts>
      <SessionsScreen />
    </ScreenTexts>
  );
}
