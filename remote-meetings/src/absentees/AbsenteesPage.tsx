import { MessageOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '@ushirika/shared/api';
import { DEFAULT_ABSENTEE_MEETINGS, groupsEndpoint, MAX_ABSENTEE_MEETINGS, type Group } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { DateText, PageHeader, PersonLink, useEndpointOptions, usePermitted } from '@ushirika/shared/ui';
import { Alert, Button, Card, Empty, Flex, InputNumber, Select, Spin, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { loadAbsentees } from '../attendance/api';
import { fullName } from '../attendance/register';
import { NEW_MESSAGE_PATH, type NewMessageState } from '../paths';

const groupName = (group: Group) => group.name;

/** Who of the group missed its last `meetings` meetings, and the one step to text them. */
function AbsenteeList({ groupId, meetings }: { groupId: number; meetings: number }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const sends = usePermitted('messaging.send');
  const answer = useQuery({ queryKey: ['groups', groupId, 'absentees', meetings], queryFn: ({ signal }) => loadAbsentees(groupId, meetings, signal), gcTime: 0 });
  if (answer.error) return <Alert type="error" showIcon title={translateText(intl, errorText(answer.error))} />;
  if (!answer.data) {
    return (
      <Flex vertical align="center" gap={8} role="status">
        <Spin />
        <FormattedMessage id="kit.list.loading" />
      </Flex>
    );
  }
  const { meetings: looked, absentees } = answer.data;
  if (looked.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<FormattedMessage id="absentees.noMeetings" />} />;
  const phones = absentees.map((person) => person.phone).filter((phone) => phone !== '');
  const sendSms = () => navigate(NEW_MESSAGE_PATH, { state: { phones } satisfies NewMessageState });
  return (
    <Flex vertical gap={12}>
      <Typography.Text>
        <FormattedMessage id="absentees.meetings" values={{ count: looked.length }} />{' '}
        {looked.map((meeting, index) => (
          <span key={meeting.id}>
            {index > 0 ? ', ' : ''}
            <DateText value={meeting.dateOfMeeting} /> ({meeting.subject})
          </span>
        ))}
      </Typography.Text>
      <Card
        size="small"
        title={<FormattedMessage id="absentees.count" values={{ count: absentees.length }} />}
        extra={
          sends ? (
            <Button type="primary" icon={<MessageOutlined aria-hidden />} disabled={phones.length === 0} onClick={sendSms}>
              <FormattedMessage id="absentees.sendSms" />
            </Button>
          ) : null
        }
      >
        {absentees.length === 0 ? (
          <Typography.Text type="secondary">
            <FormattedMessage id="absentees.none" />
          </Typography.Text>
        ) : (
          <ul aria-label={intl.formatMessage({ id: 'absentees.list' })} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {absentees.map((person) => (
              <li key={person.memberId} style={{ padding: '6px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
                <PersonLink id={person.memberId}>{fullName(person)}</PersonLink> <Typography.Text type="secondary">{person.phone}</Typography.Text>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </Flex>
  );
}

/**
 * /meetings/absentees (issue 28.4): choose a group and how many of its last meetings; lists the members who came to
 * none of them, with 'Send SMS' to them through the New Message screen (its usual preview before anything is sent).
 */
export function AbsenteesPage() {
  const intl = useIntl();
  const groups = useEndpointOptions<Group>(groupsEndpoint, groupName);
  const [groupId, setGroupId] = useState<number | undefined>();
  const [meetings, setMeetings] = useState(DEFAULT_ABSENTEE_MEETINGS);
  const groupLabel = intl.formatMessage({ id: 'absentees.group' });
  const meetingsLabel = intl.formatMessage({ id: 'absentees.lastMeetings' });
  return (
    <>
      <PageHeader title="absentees.title" parent="meetings.heading" />
      <Flex vertical gap={16}>
        <Flex gap={16} wrap align="end">
          <label style={{ minWidth: 240, flex: '1 1 240px' }}>
            <div>{groupLabel}</div>
            <Select<number>
              aria-label={groupLabel}
              style={{ width: '100%' }}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={intl.formatMessage({ id: 'kit.form.selectOne' })}
              loading={groups.loading}
              options={groups.options as { value: number; label: string }[]}
              value={groupId}
              onChange={setGroupId}
              notFoundContent={groups.error ? translateText(intl, errorText(groups.error)) : undefined}
            />
          </label>
          <label>
            <div>{meetingsLabel}</div>
            <InputNumber
              aria-label={meetingsLabel}
              min={1}
              max={MAX_ABSENTEE_MEETINGS}
              precision={0}
              inputMode="numeric"
              value={meetings}
              onChange={(value) => setMeetings(typeof value === 'number' ? Math.min(Math.max(value, 1), MAX_ABSENTEE_MEETINGS) : DEFAULT_ABSENTEE_MEETINGS)}
            />
          </label>
        </Flex>
        {groupId === undefined ? (
          <Typography.Text type="secondary">
            <FormattedMessage id="absentees.chooseGroup" />
          </Typography.Text>
        ) : (
          <AbsenteeList groupId={groupId} meetings={meetings} />
        )}
      </Flex>
    </>
  );
}
