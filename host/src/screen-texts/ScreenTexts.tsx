import type { ReactNode } from 'react';
import { MoreTexts } from '@ushirika/shared/i18n';
import * as texts from './index';

/** The staff and account screens' texts (./en.ts), added below the shell's for the screen it wraps. */
export function ScreenTexts({ children }: { children: ReactNode }) {
  return <MoreTexts messages={texts}>{children}</MoreTexts>;
}
