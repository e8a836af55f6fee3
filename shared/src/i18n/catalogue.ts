import type { IntlShape } from 'react-intl';
import type { Locale } from './locale';
import * as shell from './messages/shell/index';
import * as kit from '../ui/messages/index';

export type Catalogue = Record<string, string>;

/**
 * The texts `LanguageProvider` gives every screen: the shell's (host and dev shell) and the kit's, as this copy of
 * the shared package has them. An area's own texts are not here: each remote brings its catalogue and adds it
 * with `<AreaTexts>` (shared/src/ui/AreaTexts.tsx), so its texts ship with the remote, not the host.
 */
export function messagesFor(locale: Locale): Catalogue {
  return { ...shell[locale], ...kit[locale] };
}

/**
 * Shows a text that may come from the server or a yup schema (English) in the chosen language,
 * falling back to the English text itself.
 */
export function translateText(intl: IntlShape, text: string): string {
  return intl.messages[text] ? intl.formatMessage({ id: text }) : text;
}
