import { CheckOutlined, SaveOutlined } from '@ant-design/icons';
import { DROPDOWN_PAGE_SIZE, groupsEndpoint, type Group, type Member } from '@ushirika/shared/contract';
import { EditRecord, PageHeader, staleSaveOf, useDialogs, useOpenEditor, usePagedList, useRefreshAfterSave } from '@ushirika/shared/ui';
import { Button, Card, Col, Input, Row } from 'antd';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { loadContacts } from '../contacts/api';
import { groups } from '../groups/resource';
import { saveGroupMembers } from './api';
import { GROUP_MEMBERS_PATH } from './paths';
import { PeopleList } from './PeopleList';
import { fromContact, type Person } from './selection';
import { useGroupSelection } from './useGroupSelection';

const SAVED = 'Group members saved successfully!';

/** Left: the partner's contacts, first 25 matching the search (spec 9). Clicking one adds it to the group. */
function AllContacts({ members, onAdd }: { members: readonly Person[]; onAdd: (person: Person) => void }) {
  const intl = useIntl();
  const contacts = usePagedList<Member>(loadContacts, DROPDOWN_PAGE_SIZE);
  const memberIds = useMemo(() => new Set(members.map((p) => p.id)), [members]);
  const searchLabel = intl.formatMessage({ id: 'groupMembers.search' });
  return (
    <Card title={<FormattedMessage id="groupMembers.allContacts" />}>
      <Input.Search allowClear placeholder={searchLabel} aria-label={searchLabel} onSearch={contacts.search} style={{ marginBottom: 12 }} />
      <PeopleList
        label="groupMembers.allContacts"
        people={contacts.rows.map(fromContact)}
        loading={contacts.loading}
        error={contacts.error}
        onPick={onAdd}
        mark={(person) => (memberIds.has(person.id) ? <CheckOutlined aria-hidden /> : null)}
      />
    </Card>
  );
}

function MembershipEditor({ group, reload }: { group: Group; reload: () => void }) {
  const dialogs = useDialogs();
  const openEditor = useOpenEditor();
  const refresh = useRefreshAfterSave();
  const selection = useGroupSelection(group.id);
  const [saving, setSaving] = useState(false);

  const askToRemove = async (person: Person) => {
    const confirmed = await dialogs.confirm({
      title: 'groupMembers.remove.title',
      text: 'groupMembers.remove.text',
      okText: 'groupMembers.remove.confirm',
    });
    if (confirmed) selection.remove(person.id);
  };

  const save = async () => {
    setSaving(true);
    try {
      await saveGroupMembers(
        group,
        selection.people.map((p) => p.id),
      );
    } catch (error) {
      setSaving(false);
      // Someone changed the group since it was opened: nothing was saved; offer the group as it is now.
      const stale = staleSaveOf(error);
      if (stale) {
        if (await dialogs.stale(stale)) reload();
        return;
      }
      // The unsaved selection stays as it is, so the user can try again.
      dialogs.error(error);
      return;
    }
    // The group's version went up with its membership.
    void refresh(groupsEndpoint.path);
    dialogs.success(SAVED);
    openEditor(GROUP_MEMBERS_PATH, group);
  };

  return (
    <>
      <PageHeader title={<FormattedMessage id="groupMembers.title" values={{ group: group.name }} />} parent="contacts.heading" />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <AllContacts members={selection.people} onAdd={selection.add} />
        </Col>
        <Col xs={24} md={12}>
          <Card title={<FormattedMessage id="groupMembers.members" />}>
            <PeopleList
              label="groupMembers.members"
              people={selection.people}
              loading={selection.loading}
              error={selection.error}
              onPick={(person) => void askToRemove(person)}
            />
          </Card>
        </Col>
      </Row>
      <Button
        type="primary"
        icon={<SaveOutlined aria-hidden />}
        style={{ marginTop: 16 }}
        loading={saving}
        disabled={saving || selection.loading || Boolean(selection.error)}
        onClick={() => void save()}
      >
        <FormattedMessage id="groupMembers.save" />
      </Button>
    </>
  );
}

/**
 * /contacts/groupmembers/edit/<id> (spec 2.8), opened by 'Edit this group'. The group is read first, then its
 * members: its version, which the save sends, is never newer than the members the editor starts from. After a
 * save refused over a newer version, the editor starts again from the group and members as they are now.
 */
export function GroupMembersEditPage() {
  return (
    <EditRecord endpoint={groupsEndpoint} backTo={groups.routes.list}>
      {(group, reload) => <MembershipEditor key={`${group.id}:${group.version}`} group={group} reload={reload} />}
    </EditRecord>
  );
}
