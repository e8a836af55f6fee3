import { Route } from 'react-router-dom';
import { lazyScreen, RequirePermission, resourceRoutes } from '@ushirika/shared/ui';
import { CampaignsPage } from './CampaignsPage';
import { campaigns } from './resource';

// A campaign's own screen (its dialogs, the validation kit, the chart) loads when first opened: the list stays light.
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
