import { CloseOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LIST_EARLIEST_DATE, LIST_OPEN_END, type DateRange } from './data';
import { DateInput } from './DateInput';
import { formatDate } from './format';

export interface DateRangeFilterProps {
  /** The range the list asks for ('' for an open end). */
  value: DateRange;
  /** Called with a range the server accepts: both ends within its dates, 'From' not after 'To'. */
  onChange: (range: DateRange) => void;
}

type Problem = 'reversed' | 'outside' | undefined;

function problemOf({ from, to }: DateRange): Problem {
  if ([from, to].some((date) => date !== '' && (date < LIST_EARLIEST_DATE || date > LIST_OPEN_END))) return 'outside';
  if (from !== '' && to !== '' && from > to) return 'reversed';
  return undefined;
}

/**
 * A list's date range (issue 28.3), shown beside its search: 'From' and 'To' date boxes, past and future alike, and
 * a button that clears both. An empty box leaves that end open (the list's own start, 2020-01-01; no end). A range
 * the server would refuse ('To' before 'From', a year out of its dates) is said under the boxes and not asked for:
 * the list keeps the last good range meanwhile.
 */
export function DateRangeFilter({ value, onChange }: DateRangeFilterProps) {
  const intl = useIntl();
  const labelId = useId();
  // What the boxes hold, which may be a range not asked for yet (a reversed one, say).
  const [typed, setTyped] = useState<DateRange>(value);
  const problem = problemOf(typed);

  const change = (range: DateRange) => {
    setTyped(range);
    if (!problemOf(range) && (range.from !== value.from || range.to !== value.to)) onChange(range);
  };

  return (
    <Flex vertical gap={2} role="group" aria-labelledby={labelId}>
      <Flex align="center" wrap gap={8}>
        <Typography.Text id={labelId} type="secondary">
          <FormattedMessage id="kit.dates.label" />
        </Typography.Text>
        <Flex align="center" gap={4}>
          <FormattedMessage id="kit.dates.from" />
          <div style={{ width: 150 }}>
            <DateInput
              value={typed.from}
              aria-label={intl.formatMessage({ id: 'kit.dates.from' })}
              status={problem ? 'error' : undefined}
              onChange={(from) => change({ ...typed, from })}
            />
          </div>
        </Flex>
        <Flex align="center" gap={4}>
          <FormattedMessage id="kit.dates.to" />
          <div style={{ width: 150 }}>
            <DateInput
              value={typed.to}
              aria-label={intl.formatMessage({ id: 'kit.dates.to' })}
              status={problem ? 'error' : undefined}
              onChange={(to) => change({ ...typed, to })}
            />
          </div>
        </Flex>
        {(typed.from !== '' || typed.to !== '') && (
          <Button icon={<CloseOutlined aria-hidden />} onClick={() => change({ from: '', to: '' })}>
            <FormattedMessage id="kit.dates.clear" />
          </Button>
        )}
      </Flex>
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem === 'reversed' ? (
            <FormattedMessage id="kit.dates.reversed" />
          ) : (
            <FormattedMessage id="kit.dates.outside" values={{ min: formatDate(LIST_EARLIEST_DATE, intl.locale), max: formatDate(LIST_OPEN_END, intl.locale) }} />
          )}
        </Typography.Text>
      )}
    </Flex>
  );
}
