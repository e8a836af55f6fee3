import type { ReactElement, ReactNode } from 'react';
import { useIntl } from 'react-intl';

/**
 * What the kit accepts wherever it shows a text: a catalogue id (a string) or a ready element
 * (e.g. `<FormattedMessage id="groups.members" values={{ name }} />` for texts with values).
 * Strings are always ids, so a screen can never show an untranslated label by accident.
 */
export type Label = string | ReactElement;

/** Resolves labels against the current catalogue. */
export function useLabel(): (label: Label) => ReactNode {
  const intl = useIntl();
  return (label) => (typeof label === 'string' ? intl.formatMessage({ id: label }) : label);
}
