import { Route } from 'react-router-dom';
import { lazyScreen, RequirePermission, resourceRoutes } from '@ushirika/shared/ui';
import { campaigns } from './resource';

// The campaigns' screens load when first opened: the other finance screens never download them.
const CampaignsPage = lazyScreen(() => import('./CampaignsPage'), 'CampaignsPage');
const CampaignPage = lazyScreen(() => import('./CampaignPage'), 'CampaignPage');

/**
 * Finance → Campaigns (issue 30), mounted by ../routes.tsx under /finance: the list (finance.record), the kit's new
 * and edit forms (finance.manage: /finance/campaigns/new, /finance/campaigns/edit/:id) and a campaign's progress
 * and pledges at /finance/campaigns/:id (finance.record). 'new' and 'edit' are matched before ':id'.
 */
export function campaignRoutes(): React.ReactNode[] {
  return [
    ...resourceRoutes(campaigns, 'finance', { list: <CampaignsPage /> }),
    <Route
      key="campaigns/:id"
      path="campaigns/:id"
      element={
        <RequirePermission permission="finance.record">
          <CampaignPage />
        </RequirePermission>
      }
    />,
  ];
}
