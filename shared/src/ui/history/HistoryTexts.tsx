import type { ReactNode } from 'react';
import { AreaTexts } from '../AreaTexts';
import * as historyTexts from '../messages/history/index';

/**
 * The activity log's texts (shared/src/ui/messages/history) over the screens below: the names of actions, kinds
 * of record, areas and fields. They travel in the history's own chunk, loaded when a history or the Activity
 * screen is first shown, not with every screen.
 */
export function HistoryTexts({ children }: { children: ReactNode }) {
  return <AreaTexts messages={historyTexts}>{children}</AreaTexts>;
}
