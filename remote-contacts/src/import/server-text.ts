import type { IntlShape } from 'react-intl';

/**
 * A server's answer (`status_msg`, English) when a catalogue knows it, so the user reads it in their language;
 * otherwise our own text for the same outcome (`ownId`), rather than English on a translated screen.
 */
export function knownText(intl: IntlShape, serverText: string, ownId: string): string {
  return intl.formatMessage({ id: intl.messages[serverText] ? serverText : ownId });
}
