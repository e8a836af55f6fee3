import { EditOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Grid, Spin, theme as antTheme, type TableColumnType } from 'antd';
import { useEffect, useRef, type Key, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorText, type PageLoader } from '@ushirika/shared/api';
import { translateText } from '@ushirika/shared/i18n';
import { useOpenEditor } from './edit-record';
import { useLabel, type Label } from './label';
import { DateRangeFilter } from './DateRange';
import { ListCards } from './ListCards';
import { PageHeader, type AddButton } from './PageHeader';
import { Pager } from './Pager';
import { ScrollingTable } from './ScrollingTable';
import { usePagedList, type PagedList } from './data';

/**
 * An antd column whose title is a Label (catalogue id), so column lists can be module constants. `card: false`
 * leaves it out of the row's card on a phone (issue 28.6): a card shows a row's key facts, not every column.
 */
export type ListColumn<Row> = Omit<TableColumnType<Row>, 'title'> & { title: Label; card?: boolean };

export interface ListPageProps<Row extends object> {
  title: Label;
  parent: Label;
  columns: ListColumn<Row>[];
  /** Fetches one page; made with `pageLoader(path, key)` (its path keys the cache) or a resource's `resourceApi`. */
  load: PageLoader<Row>;
  add?: AddButton;
  /** Spec 2.3: every list has a search box; false hides it. */
  search?: boolean;
  /** Adds an 'Edit' column that opens the row's record at this edit screen (`<editTo>/<id>`, see useOpenEditor). */
  editTo?: string;
  /** Extra per-row actions (e.g. Resend); `reload` refetches the page afterwards. */
  actions?: (row: Row, reload: () => void) => ReactNode;
  /** More header buttons before the add button; gets the list's state (its searchKey, say, for an export). */
  tools?: (list: PagedList<Row>) => ReactNode;
  /** Unique row field; default 'id'. */
  rowKey?: keyof Row & string;
  /**
   * A checkbox on each row (spec 4): `selected` holds the chosen rows' keys. The header checkbox chooses every
   * row of the page and, clicked again, none; paging or searching clears the choice.
   */
  selection?: RowSelection;
  /**
   * A date range in the header, beside the search (issue 28.3): 'From' and 'To', past and future; changing it lists
   * from page 1. Left open, the list reaches from LIST_START_DATE to the last date the server accepts
   * (LIST_OPEN_END), so a meeting planned for next Sunday is listed and found. For every list whose records carry
   * a date the server filters on (a meeting's, a payment's, the day a record was added).
   */
  dates?: boolean;
  /**
   * A summary of what the list shows beyond its rows (say, the total amount of every matching income, from the
   * answer's `list.response`), shown beside the pager.
   */
  summary?: (list: PagedList<Row>) => ReactNode;
  /**
   * The title of a row's card on a phone (issue 28.6): a column's key (or dataIndex), or the row's own rendering;
   * default the first column shown on cards.
   */
  cardTitle?: string | ((row: Row) => ReactNode);
}

export interface RowSelection {
  selected: readonly Key[];
  onChange: (keys: Key[]) => void;
}

/** antd's row selection with our labels; the choice is cleared whenever another page, search or range is shown. */
function useRowSelection(selection: RowSelection | undefined, page: number, searchKey: string, dates: string) {
  const intl = useIntl();
  const onChange = useRef(selection?.onChange);
  useEffect(() => {
    onChange.current = selection?.onChange;
  });
  useEffect(() => {
    onChange.current?.([]);
  }, [page, searchKey, dates]);
  if (!selection) return undefined;
  return {
    selectedRowKeys: [...selection.selected],
    onChange: (keys: Key[]) => selection.onChange(keys),
    getTitleCheckboxProps: () => ({ 'aria-label': intl.formatMessage({ id: 'kit.list.selectAll' }) }),
    getCheckboxProps: () => ({ 'aria-label': intl.formatMessage({ id: 'kit.list.selectRow' }) }),
  };
}

function EditButton({ to, row }: { to: string; row: { id: number } }) {
  const openEditor = useOpenEditor();
  return (
    <Button type="link" icon={<EditOutlined aria-hidden />} onClick={() => openEditor(to, row)}>
      <FormattedMessage id="kit.list.edit" />
    </Button>
  );
}

/** A list that could not be loaded: what went wrong, and Retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <Alert
      type="error"
      showIcon
      title={<FormattedMessage id="kit.list.failed" />}
      description={translateText(intl, errorText(error))}
      action={
        <Button onClick={onRetry}>
          <FormattedMessage id="kit.list.retry" />
        </Button>
      }
    />
  );
}

/**
 * Below antd's `md` width (a phone): rows show as cards. A real screen always matches `xs` or `sm` when it is
 * narrower than `md`; before the first measure, and in a test page that matches no query (jsdom), it is the table.
 */
export function useNarrow(): boolean {
  const screens = Grid.useBreakpoint();
  return screens.md === false && (screens.xs === true || screens.sm === true);
}

/**
 * A whole list screen (spec 2.3): header with search (and a date range) and add button, the table (cards on a
 * phone), 'Loading Data' while fetching, an inline error with Retry when the fetch fails, and the pager. Page
 * size 15 (spec 9).
 */
export function ListPage<Row extends object>({
  title,
  parent,
  columns,
  load,
  add,
  search = true,
  editTo,
  actions,
  tools,
  rowKey = 'id' as keyof Row & string,
  selection,
  dates,
  summary,
  cardTitle,
}: ListPageProps<Row>) {
  const label = useLabel();
  const list = usePagedList(load, undefined, { dates });
  const { token } = antTheme.useToken();
  const narrow = useNarrow();
  const rowSelection = useRowSelection(selection, list.page, list.searchKey, `${list.dates.from}/${list.dates.to}`);

  // The first column stays in view while a narrower window scrolls the table sideways inside its card.
  const tableColumns: TableColumnType<Row>[] = columns.map(({ card: _card, ...column }, index) => ({
    fixed: index === 0 ? 'left' : undefined,
    ...column,
    title: label(column.title),
  }));
  if (editTo) {
    tableColumns.push({ key: 'kit-edit', title: label('kit.list.edit'), render: (_, row) => <EditButton to={editTo} row={row as Row & { id: number }} /> });
  }
  if (actions) {
    tableColumns.push({ key: 'kit-actions', title: label('kit.list.actions'), render: (_, row) => actions(row, list.reload) });
  }

  // Rows are cleared while loading, so the table body is where the state is told (in the secondary text colour:
  // antd's placeholder grey is too faint to read, WCAG AA).
  const body = list.loading ? (
    <Flex vertical align="center" gap={8} role="status">
      <Spin />
      <FormattedMessage id="kit.list.loading" />
    </Flex>
  ) : list.error ? (
    <LoadFailed error={list.error} onRetry={list.reload} />
  ) : (
    <FormattedMessage id="kit.list.empty" />
  );

  const empty = <div style={{ color: token.colorTextSecondary }}>{body}</div>;
  const shownSummary = summary?.(list);
  const pager = <Pager page={list.page} pages={list.pages} estimated={list.pagesEstimated} onChange={list.goTo} />;

  return (
    <>
      <PageHeader
        title={title}
        parent={parent}
        add={add}
        extra={tools?.(list)}
        onSearch={search ? list.search : undefined}
        filters={dates ? <DateRangeFilter value={list.dates} onChange={list.setDates} /> : undefined}
      />
      <Card styles={narrow ? { body: { padding: 12 } } : undefined}>
        {narrow ? (
          <ListCards<Row>
            columns={columns}
            rows={list.rows}
            rowKey={rowKey}
            title={cardTitle}
            selection={selection}
            empty={<div style={{ textAlign: 'center', padding: 16 }}>{empty}</div>}
            actions={
              editTo || actions
                ? (row) => (
                    <>
                      {editTo && <EditButton to={editTo} row={row as Row & { id: number }} />}
                      {actions?.(row, list.reload)}
                    </>
                  )
                : undefined
            }
          />
        ) : (
          <ScrollingTable<Row>
            rowKey={rowKey}
            rowSelection={rowSelection}
            columns={tableColumns}
            dataSource={list.rows}
            pagination={false}
            locale={{ emptyText: empty }}
          />
        )}
        {shownSummary === undefined || shownSummary === null ? (
          pager
        ) : (
          <Flex justify="space-between" align="end" wrap gap={8}>
            <div style={{ marginTop: 16 }}>{shownSummary}</div>
            {pager}
          </Flex>
        )}
      </Card>
    </>
  );
}
