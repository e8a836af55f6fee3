import { CheckOutlined, DeleteOutlined } from '@ant-design/icons';
import { DROPDOWN_PAGE_SIZE, HOUSEHOLD_ROLE_LABELS, HOUSEHOLD_ROLES, type HouseholdRole, type Member } from '@ushirika/shared/contract';
import { useFormField } from '@ushirika/shared/forms';
import { PersonLink, textId, useDialogs, usePagedList } from '@ushirika/shared/ui';
import { Button, Card, Flex, Form, Input, Select, Tag, Typography } from 'antd';
import { useId, useMemo, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { loadContacts } from '../contacts/api';
import { PeopleList } from '../group-members/PeopleList';
import { fromContact, type Person } from '../group-members/selection';
import { addMember, fullName, type HouseholdMemberValue } from './members';
import { households } from './resource';

const text = (key: string) => textId(households, key);

/** Enter in the search box searches; it must not submit the household form around it. */
const keepFormUnsent = (event: KeyboardEvent) => {
  if (event.key === 'Enter') event.preventDefault();
};

/**
 * The partner's contacts, first 25 matching the search (as the group editor offers them): clicking one adds them.
 * A contact already in the household has a tick; one in another household is marked with its name, and is not
 * added (a contact is in one household at most: they leave the other one first).
 */
function ContactPicker({ members, householdId, onAdd }: { members: readonly HouseholdMemberValue[]; householdId?: number; onAdd: (contact: Member) => void }) {
  const intl = useIntl();
  const dialogs = useDialogs();
  const contacts = usePagedList<Member>(loadContacts, DROPDOWN_PAGE_SIZE);
  const inThis = useMemo(() => new Set(members.map((member) => member.memberId)), [members]);
  const byId = useMemo(() => new Map(contacts.rows.map((contact) => [contact.id, contact])), [contacts.rows]);
  const otherHousehold = (person: Person) => {
    const household = byId.get(person.id)?.household;
    return household && household.id !== householdId && !inThis.has(person.id) ? household : null;
  };
  const pick = (person: Person) => {
    const other = otherHousehold(person);
    if (other) dialogs.error(intl.formatMessage({ id: text('members.taken') }, { household: other.name }));
    else onAdd(byId.get(person.id)!);
  };
  const searchLabel = intl.formatMessage({ id: text('members.search') });
  return (
    <Card size="small" title={<FormattedMessage id={text('members.add')} />} style={{ marginBottom: 24 }}>
      <div onKeyDown={keepFormUnsent}>
        <Input.Search allowClear placeholder={searchLabel} aria-label={searchLabel} onSearch={contacts.search} style={{ marginBottom: 8 }} />
      </div>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        <FormattedMessage id={text('members.hint')} />
      </Typography.Paragraph>
      <PeopleList
        label={text('members.contacts')}
        people={contacts.rows.map(fromContact)}
        loading={contacts.loading}
        error={contacts.error}
        onPick={pick}
        mark={(person) => {
          if (inThis.has(person.id)) return <CheckOutlined aria-hidden />;
          const other = otherHousehold(person);
          return other ? <Tag style={{ marginInlineEnd: 0 }}>{intl.formatMessage({ id: text('members.inHousehold') }, { household: other.name })}</Tag> : null;
        }}
      />
    </Card>
  );
}

/** One member: their name and phone, their role (a select), and Remove. Wraps to two lines on a phone. */
function MemberRow({ member, onRole, onRemove }: { member: HouseholdMemberValue; onRole: (role: HouseholdRole) => void; onRemove: () => void }) {
  const intl = useIntl();
  const id = useId();
  const name = fullName(member);
  const roles = HOUSEHOLD_ROLES.map((role) => ({ value: role, label: intl.formatMessage({ id: HOUSEHOLD_ROLE_LABELS[role] }) }));
  return (
    <li style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
      <Flex wrap gap={8} align="center">
        <span style={{ flex: '1 1 160px', minWidth: 0, overflowWrap: 'anywhere' }}>
          <PersonLink id={member.memberId}>{name}</PersonLink> <Typography.Text type="secondary">{member.phone}</Typography.Text>
        </span>
        <Select<HouseholdRole>
          id={id}
          aria-label={intl.formatMessage({ id: text('members.role') }, { name })}
          value={member.role}
          onChange={onRole}
          options={roles}
          style={{ width: 150 }}
        />
        <Button icon={<DeleteOutlined aria-hidden />} aria-label={intl.formatMessage({ id: text('members.removeLabel') }, { name })} onClick={onRemove}>
          <FormattedMessage id={text('members.remove')} />
        </Button>
      </Flex>
    </li>
  );
}

/**
 * The household form's members (issue 27.6): who is in it and their role, changed in place (a select each) or
 * removed; added from the contacts below. The form's value `members`, checked by the household schema (one head
 * at most, each contact once); the list's own message shows under it once the user changed it or submitted.
 */
export function HouseholdMembersField({ householdId }: { householdId?: number }) {
  const intl = useIntl();
  const { value: members, message, setValue: change } = useFormField<HouseholdMemberValue[]>('members');
  return (
    <>
      <Form.Item label={intl.formatMessage({ id: text('members.title') })} validateStatus={message ? 'error' : undefined} help={message}>
        {members.length === 0 ? (
          <Typography.Text type="secondary">
            <FormattedMessage id={text('members.none')} />
          </Typography.Text>
        ) : (
          <ul aria-label={intl.formatMessage({ id: text('members.title') })} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {members.map((member) => (
              <MemberRow
                key={member.memberId}
                member={member}
                onRole={(role) => change(members.map((other) => (other.memberId === member.memberId ? { ...other, role } : other)))}
                onRemove={() => change(members.filter((other) => other.memberId !== member.memberId))}
              />
            ))}
          </ul>
        )}
      </Form.Item>
      <ContactPicker members={members} householdId={householdId} onAdd={(contact) => change(addMember(members, contact))} />
    </>
  );
}
