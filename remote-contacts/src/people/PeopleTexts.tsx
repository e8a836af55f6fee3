import { AreaTexts } from '@ushirika/shared/ui';
import type { ReactNode } from 'react';
import * as peopleTexts from './messages';

/** The person's page's texts (./messages) over the area's, in the page's own lazy chunk, like the import's. */
export function PeopleTexts({ children }: { children: ReactNode }) {
  return <AreaTexts messages={peopleTexts}>{children}</AreaTexts>;
}
