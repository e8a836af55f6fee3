import type { IntlShape } from 'react-intl';
import type { Locale } from './locale';
import * as shell from './messages/shell/index';
import * as kit from './messages/kit/index';
import * as meetings from './messages/meetings/index';
import * as contacts from './messages/contacts/index';

/** Every area's catalogue. Add an area here when it gets its own folder under messages/. */
const areas = [shell, kit, meetings, contacts];

export type Catalogue = Record<string, string>;

export function messagesFor(locale: Locale): Catalogue {
  return Object.assign({}, ...areas.map((area) => area[locale]));
}

/**
 * Shows a text that may come from the server or a yup schema (English) in the chosen language,
 * falling back to the English text itself.
 */
export function translateText(intl: IntlShape, text: string): string {
  return intl.messages[text] ? intl.formatMessage({ id: text }) : text;
}
