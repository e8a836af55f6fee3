import { EditOutlined } from '@ant-design/icons';
import type { Member } from '@ushirika/shared/contract';
import { EditRecord, PageHeader, useOpenEditor, usePermitted } from '@ushirika/shared/ui';
import { Button, Col, Flex, Row } from 'antd';
import { FormattedMessage } from 'react-intl';
import { ContactHousehold } from '../contacts/ContactHousehold';
import { EDIT_CONTACT_PATH } from '../contacts/paths';
import { contacts, contactsEndpoint } from '../contacts/resource';
import { PeopleTexts } from './PeopleTexts';
import { PersonDetails } from './PersonDetails';
import { PersonGiving } from './PersonGiving';
import { PersonGroups } from './PersonGroups';
import { PersonMeetings, PersonMessages } from './PersonMessages';
import { PersonPledges } from './Pledges';

/** 'Edit' to the contact's edit screen, for those who may change contacts. */
function EditButton({ member }: { member: Member }) {
  const openEditor = useOpenEditor();
  return (
    <Button type="primary" icon={<EditOutlined aria-hidden />} onClick={() => openEditor(EDIT_CONTACT_PATH, member)}>
      <FormattedMessage id="people.edit" />
    </Button>
  );
}

/**
 * The person at the centre (issue 28.1): their details and household, groups, giving, messages and the meetings they
 * came to. Each section shows to those whose role reads its area (the server answers 403 otherwise) and loads and
 * fails on its own. Two columns on a wide screen, one stack of cards on a phone.
 */
function Person({ member }: { member: Member }) {
  const write = usePermitted('contacts.write');
  const sections = {
    groups: usePermitted('groups.read'),
    giving: usePermitted('finance.record'),
    messages: usePermitted('messaging.read'),
    meetings: usePermitted('meetings.read'),
  };
  return (
    <>
      <PageHeader
        title={<>{`${member.firstName} ${member.lastName}`.trim()}</>}
        parent={contacts.parent}
        extra={write && !member.erased ? <EditButton member={member} /> : undefined}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Flex vertical gap={16}>
            <PersonDetails member={member} />
            <ContactHousehold household={member.household} />
            {sections.groups && <PersonGroups member={member} />}
          </Flex>
        </Col>
        <Col xs={24} lg={14}>
          <Flex vertical gap={16}>
            {sections.giving && <PersonGiving member={member} />}
            {/* Pledges (issue 30.2): to those who record income, as the giving. */}
            {sections.giving && <PersonPledges member={member} />}
            {sections.messages && <PersonMessages member={member} />}
            {sections.meetings && <PersonMeetings member={member} />}
          </Flex>
        </Col>
      </Row>
    </>
  );
}

/** /contacts/people/<id>: opened from every list that names a contact (PersonLink); not found for another partner's. */
export function PersonPage() {
  return (
    <PeopleTexts>
      <EditRecord<Member> endpoint={contactsEndpoint} backTo={contacts.routes.list}>
        {(member) => <Person member={member} />}
      </EditRecord>
    </PeopleTexts>
  );
}
