import type { Campaign } from '@ushirika/shared/contract';
import { DateText, MoneyText, usePermitted } from '@ushirika/shared/ui';
import { Card, Col, Flex, Row, Typography } from 'antd';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useDashboardCampaigns } from './dashboard-queries';
import { LoadFailed } from './DashboardParts';
import { campaignScreenPath } from './paths';

/** The share of the target paid, cut (not rounded) to whole percents: 99.6 % paid is not yet 100 %. */
function paidShare({ paid, target }: Campaign): number {
  const share = Number(paid) / Number(target);
  return Number.isFinite(share) ? Math.floor(share * 100) / 100 : 0;
}

/** One figure of a card: its name over its exact amount in the partner's currency. */
function Figure({ titleId, value }: { titleId: string; value: string }) {
  return (
    <Col xs={12}>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        <FormattedMessage id={titleId} />
      </Typography.Text>
      <Typography.Text strong>
        <MoneyText value={value} />
      </Typography.Text>
    </Col>
  );
}

/**
 * A campaign's card: its name (a link to its screen for those who record income), how much of the target is paid
 * (a bar, and the percentage in words), the target, pledged, paid and balance to the cent, and its end date.
 */
function CampaignCard({ campaign, linked }: { campaign: Campaign; linked: boolean }) {
  const intl = useIntl();
  const label = useId();
  const share = paidShare(campaign);
  const percent = intl.formatNumber(share, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <Card title={linked ? <Link to={campaignScreenPath(campaign.id)}>{campaign.name}</Link> : campaign.name} style={{ height: '100%' }}>
      <Flex vertical gap={12}>
        <div>
          <Typography.Text id={label}>
            <FormattedMessage id="dashboard.campaign.progress" values={{ percent }} />
          </Typography.Text>
          {/* The browser's own bar: nothing more to load. Full at the target; a campaign past it stays full. */}
          <progress aria-labelledby={label} value={Math.min(share, 1)} max={1} style={{ display: 'block', width: '100%', height: 10 }} />
        </div>
        <Row gutter={[16, 8]}>
          <Figure titleId="dashboard.campaign.target" value={campaign.target} />
          <Figure titleId="dashboard.campaign.pledged" value={campaign.pledged} />
          <Figure titleId="dashboard.campaign.paid" value={campaign.paid} />
          <Figure titleId="dashboard.campaign.balance" value={campaign.balance} />
        </Row>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <FormattedMessage id="dashboard.campaign.ends" values={{ date: <DateText value={campaign.endDate} /> }} />
        </Typography.Text>
      </Flex>
    </Card>
  );
}

/**
 * Both dashboards' campaign cards (issue 30.3): one per open campaign (GET /dashboard/campaigns), under the figure
 * cards; nothing while they load or when no campaign is open. Three side by side on a wide screen, one on a phone.
 */
export function CampaignCards() {
  const query = useDashboardCampaigns();
  const linked = usePermitted('finance.record');
  if (query.isError && query.data === undefined) {
    return (
      <div style={{ marginTop: 16 }}>
        <LoadFailed titleId="dashboard.campaign.loadFailed" error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  const campaigns = query.data ?? [];
  if (campaigns.length === 0) return null;
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      {campaigns.map((campaign) => (
        <Col key={campaign.id} xs={24} md={12} xl={8}>
          <CampaignCard campaign={campaign} linked={linked} />
        </Col>
      ))}
    </Row>
  );
}
