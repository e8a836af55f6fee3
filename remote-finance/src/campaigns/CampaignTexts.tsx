import { AreaTexts } from '@ushirika/shared/ui';
import type { ReactNode } from 'react';
import * as campaignTexts from './messages';

/**
 * The campaigns' screens' texts (./messages) over the finance area's: they travel in these screens' own lazy chunk,
 * so the income, expense and other finance screens do not download five languages of them.
 */
export function CampaignTexts({ children }: { children: ReactNode }) {
  return <AreaTexts messages={campaignTexts}>{children}</AreaTexts>;
}
