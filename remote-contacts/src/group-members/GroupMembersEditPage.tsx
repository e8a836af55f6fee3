import { CheckOutlined, SaveOutlined } from '@ant-design/icons';
import { DROPDOWN_PAGE_SIZE, type Group, type Member } from '@ushirika/shared/contract';
import { NothingSelected, PageHeader, useDialogs, useEditRecord, useOpenEditor, usePagedList } from '@ushirika/shared/ui';
import { Button, Card, Col, Input, Row } from 'antd';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { loadContacts } from '../contacts/api';
import { groups } from '../groups/resource';
import { saveGroupMembers } from './api';
import { EDIT_GROUP_MEMBERS_PATH, GROUP_MEMBERS_PATH } from './paths';
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

function MembershipEditor({ group }: { group: Group }) {
  const dialogs = useDialogs();
  const openEditor = useOpenEditor();
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
        group.id,
        selection.people.map((p) => p.id),
      );
    } catch (error) {
      // The unsaved selection stays as it is, so the user can try again.
      dialogs.error(error);
      setSaving(false);
      return;
    }
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

/** /contacts/groupmembers/edit (spec 2.8), for the group handed over by 'Edit this group'. */
export function GroupMembersEditPage() {
  const group = useEditRecord<Group>(EDIT_GROUP_MEMBERS_PATH);
  return group ? <MembershipEditor key={group.id} group={group} /> : <NothingSelected backTo={groups.routes.list} />;
}
