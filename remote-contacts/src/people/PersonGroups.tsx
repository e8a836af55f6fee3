import { DeleteOutlined, TeamOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '@ushirika/shared/api';
import { groupsEndpoint, personGroupsPath, type Member, type PersonGroup } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { DateText, ScrollingTable, useDialogs, useEndpointOptions, usePermitted, useRefreshAfterSave } from '@ushirika/shared/ui';
import { Alert, App, Button, Card, Flex, Select, Typography } from 'antd';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { addToGroup, removeFromGroup } from '../group-members/api';
import { GROUP_MEMBERS_PATH } from '../group-members/paths';
import { loadPersonGroups } from './api';

/** 'Add to group': a picker of the partner's groups the contact is not in, and the button that adds them. */
function AddToGroup({ member, groups, onDone }: { member: Member; groups: PersonGroup[]; onDone: (path: string) => Promise<void> }) {
  const intl = useIntl();
  const id = useId();
  const { message } = App.useApp();
  const dialogs = useDialogs();
  const all = useEndpointOptions(groupsEndpoint, (group) => group.name);
  const options = all.options.filter((option) => !groups.some((group) => group.id === option.value));
  const [chosen, setChosen] = useState<number | undefined>();
  const [saving, setSaving] = useState(false);
  const add = async () => {
    if (chosen === undefined) return;
    const name = options.find((option) => option.value === chosen)?.label;
    setSaving(true);
    try {
      await addToGroup(chosen, member.id);
      setChosen(undefined);
      await onDone(`groupmembers/${chosen}`);
      void message.success(intl.formatMessage({ id: 'people.groups.added' }, { group: name }));
    } catch (error) {
      dialogs.error(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Flex wrap gap={8}>
      <Select<number>
        id={id}
        aria-label={intl.formatMessage({ id: 'people.groups.pick' })}
        placeholder={intl.formatMessage({ id: 'people.groups.pick' })}
        value={chosen}
        onChange={setChosen}
        options={options}
        loading={all.loading}
        showSearch={{ optionFilterProp: 'label' }}
        style={{ flex: '1 1 200px', minWidth: 0 }}
      />
      <Button icon={<UsergroupAddOutlined aria-hidden />} disabled={chosen === undefined} loading={saving} onClick={add}>
        <FormattedMessage id="people.groups.add" />
      </Button>
    </Flex>
  );
}

/**
 * 'Groups' of a person's page (issue 28.1): every group they belong to, its type and when they joined; for those
 * who may change groups, 'Add to group' and 'Remove' (asked first), through the group members' own call.
 */
export function PersonGroups({ member }: { member: Member }) {
  const intl = useIntl();
  const dialogs = useDialogs();
  const { message } = App.useApp();
  const write = usePermitted('groups.write');
  const refresh = useRefreshAfterSave();
  const path = personGroupsPath(member.id);
  const query = useQuery({ queryKey: [path], queryFn: ({ signal }) => loadPersonGroups(member.id, signal) });
  const groups = query.data ?? [];
  const name = `${member.firstName} ${member.lastName}`.trim();

  // This list and the group's own members list are stale after a change.
  const changed = async (groupPath: string) => {
    await Promise.all([refresh(path), refresh(groupPath)]);
  };
  const remove = async (group: PersonGroup) => {
    const confirmed = await dialogs.confirm({
      title: intl.formatMessage({ id: 'people.groups.remove.title' }, { name, group: group.name }),
      text: 'people.groups.remove.text',
      okText: 'people.groups.remove.confirm',
    });
    if (!confirmed) return;
    try {
      await removeFromGroup(group.id, member.id);
      await changed(`groupmembers/${group.id}`);
      void message.success(intl.formatMessage({ id: 'people.groups.removed' }, { group: group.name }));
    } catch (error) {
      dialogs.error(error);
    }
  };

  const columns = [
    {
      key: 'name',
      title: intl.formatMessage({ id: 'people.groups.column.name' }),
      dataIndex: 'name',
      render: (value: string, group: PersonGroup) => <Link to={`${GROUP_MEMBERS_PATH}/${group.id}`}>{value}</Link>,
    },
    { key: 'groupType', title: intl.formatMessage({ id: 'people.groups.column.type' }), dataIndex: 'groupType' },
    { key: 'joinedAt', title: intl.formatMessage({ id: 'people.groups.column.joined' }), dataIndex: 'joinedAt', render: (value: string) => <DateText value={value} /> },
    ...(write
      ? [
          {
            key: 'remove',
            title: '',
            render: (_: unknown, group: PersonGroup) => (
              <Button
                type="link"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={intl.formatMessage({ id: 'people.groups.removeLabel' }, { group: group.name })}
                onClick={() => void remove(group)}
              >
                <FormattedMessage id="people.groups.remove" />
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      title={
        <>
          <TeamOutlined aria-hidden /> <FormattedMessage id="people.groups.title" />
        </>
      }
    >
      <Flex vertical gap={12}>
        {query.error ? (
          <Alert
            type="error"
            showIcon
            title={<FormattedMessage id="kit.list.failed" />}
            description={translateText(intl, errorText(query.error))}
            action={
              <Button onClick={() => void query.refetch()}>
                <FormattedMessage id="kit.list.retry" />
              </Button>
            }
          />
        ) : (
          <section aria-label={intl.formatMessage({ id: 'people.groups.title' })}>
            <ScrollingTable<PersonGroup>
              size="small"
              columns={columns}
              dataSource={groups}
              rowKey="id"
              pagination={false}
              loading={query.isPending}
              locale={{
                emptyText: query.isPending ? (
                  <FormattedMessage id="kit.list.loading" />
                ) : (
                  <Typography.Text type="secondary">{intl.formatMessage({ id: 'people.groups.none' })}</Typography.Text>
                ),
              }}
            />
          </section>
        )}
        {write && query.data && <AddToGroup member={member} groups={groups} onDone={changed} />}
      </Flex>
    </Card>
  );
}
