import { AreaTexts } from '@ushirika/shared/ui';
import type { ReactNode } from 'react';
import * as importTexts from './messages';

/**
 * The import wizard's and the imports list's texts (./messages) over the area's: they travel in these screens' own
 * lazy chunk, so the contacts list and forms do not download five languages of the import's texts.
 */
export function ImportTexts({ children }: { children: ReactNode }) {
  return <AreaTexts messages={importTexts}>{children}</AreaTexts>;
}
