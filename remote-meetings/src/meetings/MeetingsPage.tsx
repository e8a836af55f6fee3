import { ResourceListPage, usePermitted } from '@ushirika/shared/ui';
import type { Meeting } from '@ushirika/shared/contract';
import { Flex } from 'antd';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { attendancePath, recordOfferingPath } from '../paths';
import { meetings } from './resource';

/**
 * /meetings/default 'All Meetings' with each meeting's actions (issue 28.4): its register ('Attendance') and, for
 * those who record money, its offering as an income ('Record offering', the finance area's Add Income).
 */
export function MeetingsPage() {
  const records = usePermitted('finance.record');
  return (
    <ResourceListPage<Meeting>
      resource={meetings}
      actions={(meeting) => (
        <Flex gap={12} wrap>
          <Link to={attendancePath(meeting.id)}>
            <FormattedMessage id="meetings.action.attendance" />
          </Link>
          {records && (
            <Link to={recordOfferingPath(meeting.id)}>
              <FormattedMessage id="meetings.action.recordOffering" />
            </Link>
          )}
        </Flex>
      )}
    />
  );
}
