import { MessageOutlined } from '@ant-design/icons';
import type { Campaign } from '@ushirika/shared/contract';
import { ListPage, resourceColumns, textId, usePermitted, useResourceAccess } from '@ushirika/shared/ui';
import { Button, Segmented } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { campaignPages, type CampaignShown } from './api';
import { CampaignTexts } from './CampaignTexts';
import { campaigns } from './resource';

// The thank-you form downloads when first opened.
const ThanksDrawer = lazy(() => import('./ThanksDrawer').then(({ ThanksDrawer }) => ({ default: ThanksDrawer })));

const SHOWN: CampaignShown[] = ['open', 'closed', 'all'];

/** Open campaigns (the default), closed ones, or all: each its own list from page 1. */
function ShownFilter({ shown, onChange }: { shown: CampaignShown; onChange: (shown: CampaignShown) => void }) {
  const intl = useIntl();
  return (
    <Segmented<CampaignShown>
      aria-label={intl.formatMessage({ id: 'campaigns.list.shown' })}
      value={shown}
      onChange={onChange}
      options={SHOWN.map((value) => ({ value, label: intl.formatMessage({ id: `campaigns.list.${value}` }) }))}
    />
  );
}

const columns = resourceColumns<Campaign>(campaigns);

/**
 * /finance/campaigns 'Campaigns' (issue 30): each campaign with its target, what was pledged and paid, the
 * pledgers' balance and a bar of paid against target; open ones first shown, closed ones or all on a click.
 * A campaign's name opens its progress and pledges. 'New campaign', Edit and the thank-you SMS set-up are for
 * those who manage finance.
 */
function CampaignsList() {
  const access = useResourceAccess(campaigns);
  const manages = usePermitted('finance.manage');
  const [shown, setShown] = useState<CampaignShown>('open');
  const [thanksOpen, setThanksOpen] = useState(false);
  return (
    <>
      <ListPage<Campaign>
        title={textId(campaigns, 'title')}
        parent={campaigns.parent}
        columns={columns}
        load={campaignPages(shown)}
        add={access.write ? { label: textId(campaigns, 'add'), to: campaigns.routes.new } : undefined}
        editTo={access.write ? campaigns.routes.edit : undefined}
        cardTitle={campaigns.cardTitle}
        tools={() => (
          <>
            <ShownFilter shown={shown} onChange={setShown} />
            {manages && (
              <Button icon={<MessageOutlined aria-hidden />} onClick={() => setThanksOpen(true)}>
                <FormattedMessage id="campaigns.thanks.button" />
              </Button>
            )}
          </>
        )}
      />
      {manages && thanksOpen && (
        <Suspense fallback={null}>
          <ThanksDrawer open onClose={() => setThanksOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** Finance → Campaigns, with the campaigns' texts. */
export function CampaignsPage() {
  return (
    <CampaignTexts>
      <CampaignsList />
    </CampaignTexts>
  );
}
