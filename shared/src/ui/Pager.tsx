import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

export interface PagerProps {
  /** 1-based current page. */
  page: number;
  /** Number of pages, at least 1. */
  pages: number;
  /** `pages` is an estimate (the server estimated the total): 'showing page X of about Y'. */
  estimated?: boolean;
  onChange: (page: number) => void;
}

/**
 * Spec 2.3's pager: first, previous, current page, next, last and 'showing page X of Y' ('of about Y' when the
 * server estimated the total, past 500 matches: docs/spec-deviations.md).
 * antd's Pagination has no first/last buttons and lists page numbers instead, hence our own.
 */
export function Pager({ page, pages, estimated = false, onChange }: PagerProps) {
  const intl = useIntl();
  const atStart = page <= 1;
  const atEnd = page >= pages;
  const step = (id: string, target: number, disabled: boolean, icon: ReactNode) => (
    <Button aria-label={intl.formatMessage({ id })} icon={icon} disabled={disabled} onClick={() => onChange(target)} />
  );
  return (
    <Flex component="nav" aria-label={intl.formatMessage({ id: 'kit.pager.label' })} justify="space-between" align="center" wrap gap={8} style={{ marginTop: 16 }}>
      <Typography.Text type="secondary">
        {/* Numbers grouped as the language writes them: 'of about 4,447' (en), 'sur environ 4 447' (fr). */}
        <FormattedMessage id={estimated ? 'kit.pager.statusEstimated' : 'kit.pager.status'} values={{ page: intl.formatNumber(page), pages: intl.formatNumber(pages) }} />
      </Typography.Text>
      <Flex gap={4} align="center">
        {step('kit.pager.first', 1, atStart, <DoubleLeftOutlined />)}
        {step('kit.pager.previous', page - 1, atStart, <LeftOutlined />)}
        <Button type="primary" aria-current="page" aria-label={intl.formatMessage({ id: 'kit.pager.current' }, { page })} tabIndex={-1}>
          {page}
        </Button>
        {step('kit.pager.next', page + 1, atEnd, <RightOutlined />)}
        {step('kit.pager.last', pages, atEnd, <DoubleRightOutlined />)}
      </Flex>
    </Flex>
  );
}
