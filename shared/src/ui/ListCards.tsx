import { Card, Checkbox, Flex, theme as antTheme, Typography } from 'antd';
import type { Key, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ListColumn, RowSelection } from './ListPage';
import { useLabel } from './label';

export interface ListCardsProps<Row extends object> {
  /** The list's columns: the title column heads each card, the others (but `card: false` ones) are its facts. */
  columns: ListColumn<Row>[];
  rows: Row[];
  rowKey: keyof Row & string;
  /** The card's title: a column's key (or dataIndex), or the row's own rendering; default the first shown column. */
  title?: string | ((row: Row) => ReactNode);
  /** The row's actions (edit button, per-row actions), shown at the foot of its card. */
  actions?: (row: Row) => ReactNode;
  selection?: RowSelection;
  /** Shown instead of the cards while there are no rows (loading, failed, none found). */
  empty: ReactNode;
}

/** The value at an antd dataIndex: a field name, or a path into nested objects (`['Account', 'name']`). */
function valueAt(row: object, dataIndex: ListColumn<object>['dataIndex']): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  let value: unknown = row;
  for (const step of path as (string | number)[]) {
    if (value === null || value === undefined) return undefined;
    value = (value as Record<string | number, unknown>)[step];
  }
  return value;
}

/** What a cell shows: the column's rendering, else its value as text. antd's cell objects ({ children }) give their children. */
function cellOf<Row extends object>(column: ListColumn<Row>, row: Row, index: number): ReactNode {
  const value = valueAt(row, column.dataIndex as ListColumn<object>['dataIndex']);
  if (column.render) {
    const shown = column.render(value, row, index) as unknown;
    if (shown && typeof shown === 'object' && 'children' in shown && !('$$typeof' in shown)) return (shown as { children: ReactNode }).children;
    return shown as ReactNode;
  }
  return value === null || value === undefined ? null : String(value as string | number);
}

const columnName = (column: ListColumn<object>) => (column.key !== undefined ? String(column.key) : typeof column.dataIndex === 'string' ? column.dataIndex : undefined);
const isEmpty = (node: ReactNode) => node === null || node === undefined || node === '' || node === false;

/**
 * A list's rows as cards (issue 28.6), for a phone: each row's title, its facts as 'label: value' lines, then its
 * actions and selection box, in one column as wide as the screen: nothing scrolls sideways. A fact with no value
 * is left out.
 */
export function ListCards<Row extends object>({ columns, rows, rowKey, title, actions, selection, empty }: ListCardsProps<Row>) {
  const intl = useIntl();
  const label = useLabel();
  const { token } = antTheme.useToken();
  const shown = columns.filter((column) => column.card !== false);
  const titleColumn =
    typeof title === 'function' ? undefined : title === undefined ? shown[0] : columns.find((column) => columnName(column as ListColumn<object>) === title);
  const facts = shown.filter((column) => column !== titleColumn);
  const selected = new Set<Key>(selection?.selected ?? []);
  const keys = rows.map((row) => row[rowKey] as Key);
  const allSelected = keys.length > 0 && keys.every((key) => selected.has(key));

  if (rows.length === 0) return <>{empty}</>;
  return (
    <Flex vertical gap={12}>
      {selection && (
        <Checkbox
          checked={allSelected}
          indeterminate={!allSelected && keys.some((key) => selected.has(key))}
          onChange={() => selection.onChange(allSelected ? [] : keys)}
        >
          {intl.formatMessage({ id: 'kit.list.selectAll' })}
        </Checkbox>
      )}
      <ul
        aria-label={intl.formatMessage({ id: 'kit.list.rows' })}
        style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 }}
      >
        {rows.map((row, index) => {
          const key = row[rowKey] as Key;
          const heading = typeof title === 'function' ? title(row) : titleColumn ? cellOf(titleColumn, row, index) : null;
          const own = actions?.(row);
          return (
            <li key={String(key)}>
              <Card size="small" styles={{ body: { overflowWrap: 'anywhere' } }}>
                <Flex justify="space-between" align="start" gap={8}>
                  <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
                    {heading}
                  </Typography.Title>
                  {selection && (
                    <Checkbox
                      aria-label={intl.formatMessage({ id: 'kit.list.selectRow' })}
                      checked={selected.has(key)}
                      onChange={(event) =>
                        selection.onChange(event.target.checked ? [...selection.selected, key] : selection.selected.filter((chosen) => chosen !== key))
                      }
                    />
                  )}
                </Flex>
                <dl style={{ margin: '8px 0 0' }}>
                  {facts.map((column, factIndex) => {
                    const cell = cellOf(column, row, index);
                    if (isEmpty(cell)) return null;
                    return (
                      <div key={columnName(column as ListColumn<object>) ?? factIndex} style={{ display: 'flex', flexWrap: 'wrap', columnGap: 8 }}>
                        <dt style={{ color: token.colorTextSecondary }}>{label(column.title)}:</dt>
                        <dd style={{ margin: 0 }}>{cell}</dd>
                      </div>
                    );
                  })}
                </dl>
                {!isEmpty(own) && (
                  <Flex wrap gap={8} style={{ marginTop: 8 }}>
                    {own}
                  </Flex>
                )}
              </Card>
            </li>
          );
        })}
      </ul>
    </Flex>
  );
}
