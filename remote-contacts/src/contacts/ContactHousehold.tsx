import { HomeOutlined } from '@ant-design/icons';
import { HOUSEHOLD_ROLE_LABELS, type MemberHouseholdRef } from '@ushirika/shared/contract';
import { Card, Descriptions, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { households } from '../households/resource';

/**
 * 'Household' on a contact's edit screen (issue 27.6): the household they belong to, their role in it and the way
 * to its page (where its members are kept); or that they are in none.
 */
export function ContactHousehold({ household }: { household: MemberHouseholdRef | null }) {
  const intl = useIntl();
  return (
    <Card
      style={{ maxWidth: 760, marginTop: 16 }}
      title={
        <>
          <HomeOutlined aria-hidden /> <FormattedMessage id="contacts.household.title" />
        </>
      }
    >
      {household ? (
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: 'name',
              label: intl.formatMessage({ id: 'contacts.household.name' }),
              children: <Link to={`${households.routes.edit}/${household.id}`}>{household.name}</Link>,
            },
            { key: 'role', label: intl.formatMessage({ id: 'contacts.household.role' }), children: intl.formatMessage({ id: HOUSEHOLD_ROLE_LABELS[household.role] }) },
          ]}
        />
      ) : (
        <Typography.Text type="secondary">
          <FormattedMessage id="contacts.household.none" />
        </Typography.Text>
      )}
    </Card>
  );
}
