import { EditOutlined, MessageOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { CAMPAIGNS_PATH, campaignWeeksPath, type Campaign, type CampaignWeek, type Pledge } from '@ushirika/shared/contract';
import {
  DateText,
  formatDate,
  LoadFailed,
  MoneyText,
  NotFound,
  PageHeader,
  recordId,
  useOpenEditor,
  usePermitted,
  useRecord,
  useRefreshAfterSave,
} from '@ushirika/shared/ui';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { campaignsEndpoint, loadCampaignWeeks } from './api';
import { CampaignProgress } from './CampaignProgress';
import { CampaignTexts } from './CampaignTexts';
import { CAMPAIGN_EDIT_PATH } from './paths';
import type { PledgeEdit } from './PledgeDrawer';
import { pledgesCacheKey, PledgesSection } from './PledgesSection';
import { StatusTag } from './resource';

const WeeksChart = lazy(() => import(/* webpackChunkName: "campaign-weeks" */ './WeeksChart'));
// The drawers (their forms, selects and uploads) download when one first opens: the page itself is a list screen.
const PledgeDrawer = lazy(() => import('./PledgeDrawer').then(({ PledgeDrawer }) => ({ default: PledgeDrawer })));
const HistoryDrawer = lazy(() => import('./HistoryDrawer').then(({ HistoryDrawer }) => ({ default: HistoryDrawer })));
const ImportDrawer = lazy(() => import('./ImportDrawer').then(({ ImportDrawer }) => ({ default: ImportDrawer })));
const ReminderDrawer = lazy(() => import('./ReminderDrawer').then(({ ReminderDrawer }) => ({ default: ReminderDrawer })));

/** One figure of the campaign, labelled (`data-testid="campaign-<name>"` holds its value). */
function Figure({ name, label, children }: { name: string; label: string; children: ReactNode }) {
  const id = `campaign-figure-${name}`;
  return (
    <Col xs={12} sm={8} lg={4}>
      <Card size="small" style={{ height: '100%' }}>
        <div id={id} style={{ color: 'rgba(0,0,0,0.65)' }}>
          <FormattedMessage id={label} />
        </div>
        <div aria-labelledby={id} data-testid={`campaign-${name}`} style={{ fontSize: 18, fontWeight: 600 }}>
          {children}
        </div>
      </Card>
    </Col>
  );
}

/** The campaign's amounts shown as figures, in this order. */
const MONEY_FIGURES = ['target', 'pledged', 'paid', 'balance', 'remaining'] as const;

/** Target, pledged, paid, balance, still to raise and the pledges fulfilled, exactly as the server counts them. */
function Figures({ campaign }: { campaign: Campaign }) {
  const intl = useIntl();
  return (
    <Row gutter={[12, 12]}>
      {MONEY_FIGURES.map((name) => (
        <Figure key={name} name={name} label={`campaigns.detail.${name}`}>
          <MoneyText value={campaign[name]} />
        </Figure>
      ))}
      <Figure name="fulfilled" label="campaigns.detail.fulfilled">
        {campaign.fulfilledShare === null ? (
          <FormattedMessage id="campaigns.detail.noPledges" />
        ) : (
          <FormattedMessage
            id="campaigns.detail.fulfilledValue"
            values={{ fulfilled: campaign.fulfilled, pledgers: campaign.pledgers, share: intl.formatNumber(campaign.fulfilledShare, { maximumFractionDigits: 1 }) }}
          />
        )}
      </Figure>
    </Row>
  );
}

/** Money in per week: the chart, and the same figures as a table for screen readers (the chart is a picture). */
function Weeks({ campaignId }: { campaignId: number }) {
  const intl = useIntl();
  const weeks = useQuery({ queryKey: [campaignWeeksPath(campaignId)], queryFn: ({ signal }) => loadCampaignWeeks(campaignId, signal) });
  const rows: CampaignWeek[] = weeks.data ?? [];
  return (
    <Card>
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
        <FormattedMessage id="campaigns.weeks.title" />
      </Typography.Title>
      {weeks.error ? (
        <LoadFailed error={weeks.error} onRetry={() => void weeks.refetch()} />
      ) : !weeks.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : rows.length === 0 ? (
        <Typography.Text type="secondary">
          <FormattedMessage id="campaigns.weeks.none" />
        </Typography.Text>
      ) : (
        <>
          <div aria-hidden>
            <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
              <WeeksChart weeks={rows} />
            </Suspense>
          </div>
          <table className="sr-only" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
            <thead>
              <tr>
                <th>{intl.formatMessage({ id: 'campaigns.weeks.week' })}</th>
                <th>{intl.formatMessage({ id: 'campaigns.weeks.amount' })}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((week) => (
                <tr key={week.week}>
                  <td>{formatDate(week.week, intl.locale)}</td>
                  <td>
                    <MoneyText value={week.amount} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Card>
  );
}

type Panel = 'import' | 'remind' | undefined;

function CampaignScreen({ campaign, reload }: { campaign: Campaign; reload: () => void }) {
  const openEditor = useOpenEditor();
  const refresh = useRefreshAfterSave();
  const records = usePermitted('finance.record');
  const manages = usePermitted('finance.manage');
  const open = campaign.status === 'open';
  const [pledge, setPledge] = useState<PledgeEdit | undefined>();
  const [history, setHistory] = useState<Pledge | undefined>();
  const [panel, setPanel] = useState<Panel>();
  // A pledge saved or imported, a reminder sent: the figures, the weeks and the per-contact list again.
  const changed = () => {
    void refresh(CAMPAIGNS_PATH);
    void refresh(pledgesCacheKey(campaign));
    void refresh(campaignWeeksPath(campaign.id));
    reload();
  };

  const buttons = (
    <>
      {open && records && (
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setPledge({})}>
          <FormattedMessage id="campaigns.pledge.add" />
        </Button>
      )}
      {open && records && (
        <Button icon={<UploadOutlined aria-hidden />} onClick={() => setPanel('import')}>
          <FormattedMessage id="campaigns.import.button" />
        </Button>
      )}
      {open && manages && (
        <Button icon={<MessageOutlined aria-hidden />} onClick={() => setPanel('remind')}>
          <FormattedMessage id="campaigns.remind.button" />
        </Button>
      )}
      {manages && (
        <Button icon={<EditOutlined aria-hidden />} onClick={() => openEditor(CAMPAIGN_EDIT_PATH, campaign)}>
          <FormattedMessage id="campaigns.detail.edit" />
        </Button>
      )}
    </>
  );

  return (
    <>
      <PageHeader title={<>{campaign.name}</>} parent="campaigns.title" extra={buttons} />
      <Flex vertical gap={16}>
        <Card size="small">
          <Flex wrap gap={16} align="center">
            <StatusTag status={campaign.status} />
            <FormattedMessage id="campaigns.detail.dates" values={{ start: <DateText value={campaign.startDate} />, end: <DateText value={campaign.endDate} /> }} />
            <span>
              <FormattedMessage id="campaigns.detail.account" />: {campaign.Account.name}
            </span>
            {campaign.code && (
              <span>
                <FormattedMessage id="campaigns.detail.code" />: <Typography.Text code>{campaign.code}</Typography.Text>
              </span>
            )}
            <div style={{ flex: '1 1 200px', maxWidth: 360 }}>
              <CampaignProgress paid={campaign.paid} target={campaign.target} />
            </div>
          </Flex>
        </Card>
        {!open && <Alert type="info" showIcon title={<FormattedMessage id="campaigns.detail.closedNote" />} />}
        <Figures campaign={campaign} />
        <Weeks campaignId={campaign.id} />
        <PledgesSection
          campaign={campaign}
          onChange={
            open && records
              ? (row) => setPledge({ contact: { id: row.contactId, firstName: row.firstName, lastName: row.lastName, phone: row.phone }, amount: row.pledged })
              : undefined
          }
          onHistory={setHistory}
        />
      </Flex>
      <Suspense fallback={null}>
        {pledge !== undefined && (
          <PledgeDrawer
            campaignId={campaign.id}
            edit={pledge}
            onClose={() => setPledge(undefined)}
            onSaved={() => {
              setPledge(undefined);
              changed();
            }}
          />
        )}
        {history !== undefined && <HistoryDrawer campaignId={campaign.id} pledge={history} onClose={() => setHistory(undefined)} />}
        {panel === 'import' && <ImportDrawer campaignId={campaign.id} open onClose={() => setPanel(undefined)} onImported={changed} />}
        {panel === 'remind' && <ReminderDrawer campaignId={campaign.id} open onClose={() => setPanel(undefined)} onSent={changed} />}
      </Suspense>
    </>
  );
}

/**
 * /finance/campaigns/:id (issue 30.3): a campaign's progress (target, pledged, paid, balance, still to raise, the
 * pledges fulfilled), its payments per week, and its pledges per contact, with what each role may do there: pledges
 * and imports (finance.record), reminders and editing (finance.manage), exports (finance.reports). A closed
 * campaign takes no pledges nor reminders.
 */
export function CampaignPage() {
  const id = recordId(useParams().id);
  return <CampaignTexts>{id === undefined ? <NotFound /> : <LoadedCampaign key={id} id={id} />}</CampaignTexts>;
}

function LoadedCampaign({ id }: { id: number }) {
  const { record, loading, error, reload } = useRecord<Campaign>(campaignsEndpoint, id);
  const status = (error as { response?: { status?: number } } | undefined)?.response?.status;
  if (loading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (status === 404) return <NotFound />;
  if (error || !record) {
    return (
      <Alert
        type="error"
        showIcon
        title={<FormattedMessage id="campaigns.detail.failed" />}
        action={
          <Button size="small" onClick={reload}>
            <FormattedMessage id="kit.list.retry" />
          </Button>
        }
      />
    );
  }
  return <CampaignScreen campaign={record} reload={reload} />;
}
