import { Alert, Button, Empty, Flex, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '@ushirika/shared/api';
import { translateText } from '@ushirika/shared/i18n';
import type { Person } from './selection';

export interface PeopleListProps {
  /** The list's accessible name (a catalogue id), e.g. 'groupMembers.members'. */
  label: string;
  people: readonly Person[];
  loading: boolean;
  error: unknown;
  /** What clicking a person does (add to the group, or ask to remove). */
  onPick: (person: Person) => void;
  /** A mark shown after a person, e.g. a tick for contacts already in the group. */
  mark?: (person: Person) => ReactNode;
}

/** One side of the membership editor: a column of people, each a button. */
export function PeopleList({ label, people, loading, error, onPick, mark }: PeopleListProps) {
  const intl = useIntl();
  if (loading) {
    return (
      <Flex vertical align="center" gap={8} role="status">
        <Spin />
        <FormattedMessage id="kit.list.loading" />
      </Flex>
    );
  }
  if (error) return <Alert type="error" showIcon title={translateText(intl, errorText(error))} />;
  if (people.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<FormattedMessage id="kit.list.empty" />} />;
  return (
    <ul aria-label={intl.formatMessage({ id: label })} style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 480, overflowY: 'auto' }}>
      {people.map((person) => (
        <li key={person.id}>
          <Button type="text" block onClick={() => onPick(person)} style={{ justifyContent: 'space-between', height: 'auto', padding: '6px 8px' }}>
            <span>
              {person.firstName} {person.lastName} <Typography.Text type="secondary">{person.phone}</Typography.Text>
            </span>
            {mark?.(person)}
          </Button>
        </li>
      ))}
    </ul>
  );
}
