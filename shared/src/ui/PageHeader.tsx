import { HomeOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Flex, Input, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { useLabel, type Label } from './label';

/** Where the breadcrumb's home link points (spec 2.3). */
export const DASHBOARD_PATH = '/dashboard/default';

export interface AddButton {
  label: Label;
  /** Absolute route of the "new" screen. */
  to: string;
}

export interface PageHeaderProps {
  title: Label;
  /** The menu group the screen belongs to, shown in the breadcrumb. */
  parent: Label;
  /** Shows the search box; called with the typed text on Enter or on the search icon. */
  onSearch?: (text: string) => void;
  add?: AddButton;
  /** More buttons or links, shown before the add button (e.g. 'Export CSV'). */
  extra?: ReactNode;
  /** Filters shown beside the search box (a list's date range, issue 28.3). */
  filters?: ReactNode;
}

/** The shared page header (spec 2.3): title, breadcrumb, optional search box and add button. */
export function PageHeader({ title, parent, onSearch, add, extra, filters }: PageHeaderProps) {
  const intl = useIntl();
  const label = useLabel();
  const navigate = useNavigate();
  return (
    <header style={{ marginBottom: 16 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        {/* The screen's one h1, at the size the screens had as an h3. */}
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
          {label(title)}
        </Typography.Title>
        <Breadcrumb
          items={[
            {
              title: (
                <Link to={DASHBOARD_PATH} aria-label={intl.formatMessage({ id: 'kit.home' })}>
                  <HomeOutlined />
                </Link>
              ),
            },
            { title: label(parent) },
            { title: label(title) },
          ]}
        />
      </Flex>
      {(onSearch || add || extra || filters) && (
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 16 }}>
          <Flex align="center" wrap gap={8} style={{ flex: '1 1 auto', minWidth: 0 }}>
            {onSearch && (
              <Input.Search
                allowClear
                style={{ width: 360, maxWidth: '100%' }}
                placeholder={intl.formatMessage({ id: 'kit.search.placeholder' })}
                aria-label={intl.formatMessage({ id: 'kit.search.label' })}
                enterButton={<SearchOutlined aria-label={intl.formatMessage({ id: 'kit.search.label' })} />}
                onSearch={(text) => onSearch(text)}
              />
            )}
            {filters}
          </Flex>
          <Flex wrap gap={8}>
            {extra}
            {add && (
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate(add.to)}>
                {label(add.label)}
              </Button>
            )}
          </Flex>
        </Flex>
      )}
    </header>
  );
}
