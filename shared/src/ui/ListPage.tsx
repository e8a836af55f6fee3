import { EditOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Spin, theme as antTheme, type TableColumnType } from 'antd';
import { useEffect, useRef, type Key, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorText, type PageLoader } from '@ushirika/shared/api';
import { translateText } from '@ushirika/shared/i18n';
import { useOpenEditor } from './edit-record';
import { useLabel, type Label } from './label';
import { PageHeader, type AddButton } from './PageHeader';
import { Pager } from './Pager';
import { ScrollingTable } from './ScrollingTable';
import { usePagedList, type PagedList } from './data';

/** An antd column whose title is a Label (catalogue id), so column lists can be module constants. */
export type ListColumn<Row> = Omit<TableColumnType<Row>, 'title'> & { title: Label };

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
}

export interface RowSelection {
  selected: readonly Key[];
  onChange: (keys: Key[]) => void;
}

/** antd's row selection with our labels; the choice is cleared whenever another page or search is shown. */
function useRowSelection(selection: RowSelection | undefined, page: number, searchKey: string) {
  const intl = useIntl();
  const onChange = useRef(selection?.onChange);
  useEffect(() => {
    onChange.current = selection?.onChange;
  });
  useEffect(() => {
    onChange.current?.([]);
  }, [page, searchKey]);
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

function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
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
 * A whole list screen (spec 2.3): header with search and add button, the table, 'Loading Data' while
 * fetching, an inline error with Retry when the fetch fails, and the pager. Page size 15 (spec 9).
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
}: ListPageProps<Row>) {
  const label = useLabel();
  const list = usePagedList(load);
  const { token } = antTheme.useToken();
  const rowSelection = useRowSelection(selection, list.page, list.searchKey);

  // The first column stays in view while a narrow screen (a phone) scrolls the table sideways inside its card.
  const tableColumns: TableColumnType<Row>[] = columns.map((column, index) => ({ fixed: index === 0 ? 'left' : undefined, ...column, title: label(column.title) }));
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

  return (
    <>
      <PageHeader title={title} parent={parent} add={add} extra={tools?.(list)} onSearch={search ? list.search : undefined} />
      <Card>
        <ScrollingTable<Row>
          rowKey={rowKey}
          rowSelection={rowSelection}
          columns={tableColumns}
          dataSource={list.rows}
          pagination={false}
          locale={{ emptyText: <div style={{ color: token.colorTextSecondary }}>{body}</div> }}
        />
        <Pager page={list.page} pages={list.pages} estimated={list.pagesEstimated} onChange={list.goTo} />
      </Card>
    </>
  );
}
