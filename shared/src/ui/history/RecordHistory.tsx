import { DownOutlined, HistoryOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Spin } from 'antd';
import { Suspense, useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { lazyScreen } from '../lazy-screen';

/** A record's own history on its edit screen (issue 26.2). */
export interface RecordHistoryProps {
  /** The resource's path: the history is read from `GET /<path>/{id}/activity`. */
  path: string;
  id: number;
}

/** The list and its texts: loaded when the section is first opened, so an edit screen weighs what it did before. */
const LazyHistoryList = lazyScreen(() => import('./HistoryList'), 'HistoryList');

/**
 * A collapsible 'History' section under a record's form: closed, it asks the server nothing; opened, it lists who
 * changed the record, when and what ('Field: old → new'), newest first, paged. Kept closed after a save: the form
 * is what the screen is for.
 */
export function RecordHistory({ path, id }: RecordHistoryProps) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <Card size="small" style={{ marginTop: 16 }}>
      <Button
        type="text"
        icon={open ? <DownOutlined aria-hidden /> : <RightOutlined aria-hidden />}
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((was) => !was)}
        style={{ paddingInline: 4 }}
      >
        <Flex gap={6} align="center" component="span">
          <HistoryOutlined aria-hidden />
          <FormattedMessage id="kit.history.title" />
        </Flex>
      </Button>
      {open && (
        <section id={panel} style={{ marginTop: 8 }}>
          <Suspense fallback={<Spin size="small" />}>
            <LazyHistoryList path={path} id={id} />
          </Suspense>
        </section>
      )}
    </Card>
  );
}
