import { Table, type TableProps } from 'antd';
import { useEffect, useRef } from 'react';

/**
 * Every table of the app: one wider than its box (a phone, a list of many columns) scrolls sideways inside it,
 * and that scrolling box takes the keyboard focus, so someone without a mouse can scroll it with the arrow keys
 * (WCAG 2.1.1; axe's `scrollable-region-focusable`). antd renders the box itself, so it is found after render.
 */
export function ScrollingTable<Row extends object>({ scroll = { x: 'max-content' }, ...props }: TableProps<Row>) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const scroller of box.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body') ?? []) scroller.tabIndex = 0;
  });
  return (
    <div ref={box}>
      <Table<Row> scroll={scroll} {...props} />
    </div>
  );
}
