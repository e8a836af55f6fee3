import { Button, Flex, Result, Spin } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AreaName } from './areas';

function useAreaTitle(area: AreaName): string {
  return useIntl().formatMessage({ id: `area.${area}` });
}

/** Shown in place of an area whose remote could not be loaded (404, network error, timeout). */
export function AreaLoadError({ area, onRetry }: { area: AreaName; onRetry: () => void }) {
  const title = useAreaTitle(area);
  return (
    <Result
      status="warning"
      title={<FormattedMessage id="area.loadError.title" values={{ area: title }} />}
      subTitle={<FormattedMessage id="area.loadError.detail" />}
      extra={
        <Button type="primary" onClick={onRetry}>
          <FormattedMessage id="area.retry" />
        </Button>
      }
    />
  );
}

export function AreaLoading({ area }: { area: AreaName }) {
  const title = useAreaTitle(area);
  return (
    <Flex vertical justify="center" align="center" gap={16} style={{ minHeight: 240 }} role="status">
      <Spin size="large" />
      <FormattedMessage id="area.loading" values={{ area: title }} />
    </Flex>
  );
}
