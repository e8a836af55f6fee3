import { MARITAL_STATUS_LABELS, MEMBERSHIP_STATUS_LABELS, type MaritalStatus, type Member, type MembershipStatus } from '@ushirika/shared/contract';
import { DateText, textId } from '@ushirika/shared/ui';
import { Card, Descriptions } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { GenderText } from '../contacts/GenderText';
import { contacts } from '../contacts/resource';

/** A code's label id, or nothing for '' (not known). */
const labelOf = <Code extends string>(labels: Record<Code, string>, code: Code | '') => (code === '' ? null : <FormattedMessage id={labels[code]} />);

/**
 * The contact as the contact screens show them (issue 28.1): names, mobile, email, gender, residence, date of birth,
 * membership and marital status, each under the contact form's own label. A value not known is left out.
 */
export function PersonDetails({ member }: { member: Member }) {
  const intl = useIntl();
  const field = (name: string) => intl.formatMessage({ id: textId(contacts, `field.${name}`) });
  const facts = [
    { key: 'firstName', children: member.firstName },
    { key: 'lastName', children: member.lastName },
    { key: 'mobile', children: member.erased ? null : member.phone },
    { key: 'email', children: member.email || null },
    { key: 'gender', children: member.gender ? <GenderText value={member.gender} /> : null },
    { key: 'residence', children: member.residence || null },
    { key: 'dateOfBirth', children: member.dateOfBirth ? <DateText value={member.dateOfBirth} /> : null },
    { key: 'membershipStatus', children: labelOf<MembershipStatus>(MEMBERSHIP_STATUS_LABELS, member.membershipStatus) },
    { key: 'maritalStatus', children: labelOf<MaritalStatus>(MARITAL_STATUS_LABELS, member.maritalStatus) },
  ].filter((fact) => fact.children !== null);
  return (
    <Card title={<FormattedMessage id="people.details.title" />}>
      <Descriptions column={1} size="small" items={facts.map(({ key, children }) => ({ key, label: field(key), children }))} />
    </Card>
  );
}
