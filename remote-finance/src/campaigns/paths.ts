/** Routes of the campaigns' screens (issue 30), under /finance. */
export const CAMPAIGNS_SCREEN_PATH = '/finance/campaigns';
export const CAMPAIGN_NEW_PATH = '/finance/campaigns/new';
/** The kit's edit screens name their record after this path: `/finance/campaigns/edit/12`. */
export const CAMPAIGN_EDIT_PATH = '/finance/campaigns/edit';
/** A campaign's progress and pledges: `/finance/campaigns/12`. */
export const campaignScreenPath = (id: number) => `${CAMPAIGNS_SCREEN_PATH}/${id}`;
