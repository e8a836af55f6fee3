import { HOUSEHOLD_ROLE_LABELS, type MemberHouseholdRef } from '@ushirika/shared/contract';
import { Typography } from 'antd';
import { FormattedMessage } from 'react-intl';

/** A contact's household as a list cell: its name and their role in it ('Kamau family (Head)'); nothing when none. */
export function HouseholdText({ household }: { household: MemberHouseholdRef | null }) {
  if (!household) return null;
  return (
    <>
      {household.name}{' '}
      <Typography.Text type="secondary">
        (<FormattedMessage id={HOUSEHOLD_ROLE_LABELS[household.role]} />)
      </Typography.Text>
    </>
  );
}
