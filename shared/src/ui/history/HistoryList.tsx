import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '@ushirika/shared/api';
import type { ActivityEntry } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { usePartnerTimeZone } from '@ushirika/shared/session';
import { usePagedList } from '../data';
import { DateTimeText } from '../format';
import { Pager } from '../Pager';
import { actionText, actorText, ChangeList, DetailsText } from './entry-parts';
import { historyLoader } from './history-loader';
import { HistoryTexts } from './HistoryTexts';

/** Events per page of a record's history: a few screens' worth under the form. */
export const HISTORY_PAGE_SIZE = 10;

/** One event: who, when (the partner's clock) and what, then each field that changed. */
function HistoryEntry({ entry }: { entry: ActivityEntry }) {
  const intl = useIntl();
  const timeZone = usePartnerTimeZone();
  return (
    <li style={{ paddingBlock: 8, borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
      <Flex wrap gap={6} align="baseline">
        <Typography.Text strong>{actorText(intl, entry)}</Typography.Text>
        <Typography.Text type="secondary">
          <DateTimeText value={entry.at} timeZone={timeZone} />
        </Typography.Text>
        <Typography.Text>{actionText(intl, entry.action)}</Typography.Text>
      </Flex>
      <DetailsText details={entry.details} />
      <ChangeList changes={entry.changes} created={entry.action === 'create'} />
    </li>
  );
}

function Entries({ path, id }: { path: string; id: number }) {
  const intl = useIntl();
  const list = usePagedList(historyLoader(path, id), HISTORY_PAGE_SIZE);
  if (list.loading) {
    return (
      <Flex gap={8} align="center" role="status">
        <Spin size="small" />
        <FormattedMessage id="kit.history.loading" />
      </Flex>
    );
  }
  if (list.error) {
    return (
      <Alert
        type="error"
        showIcon
        title={<FormattedMessage id="kit.history.failed" />}
        description={translateText(intl, errorText(list.error))}
        action={
          <Button size="small" onClick={list.reload}>
            <FormattedMessage id="kit.list.retry" />
          </Button>
        }
      />
    );
  }
  if (list.rows.length === 0) {
    return (
      <Typography.Text type="secondary">
        <FormattedMessage id="kit.history.empty" />
      </Typography.Text>
    );
  }
  return (
    <>
      <ol style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={intl.formatMessage({ id: 'kit.history.title' })}>
        {list.rows.map((entry) => (
          <HistoryEntry key={entry.id} entry={entry} />
        ))}
      </ol>
      {list.pages > 1 && <Pager page={list.page} pages={list.pages} estimated={list.pagesEstimated} onChange={list.goTo} />}
    </>
  );
}

/** A record's history, newest first and paged: what RecordHistory shows once opened (loaded then, with its texts). */
export function HistoryList({ path, id }: { path: string; id: number }) {
  return (
    <HistoryTexts>
      <Entries path={path} id={id} />
    </HistoryTexts>
  );
}
