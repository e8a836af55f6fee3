import { useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { useLocale, type Locale } from '@ushirika/shared/i18n';
import * as kit from './messages/index';

export interface AreaTextsProps {
  /** The area's own catalogue in every language (a remote's `src/messages/index.ts`). */
  messages: Record<Locale, Record<string, string>>;
  children: ReactNode;
}

/**
 * Adds an area's texts to the screens below it: a nested react-intl provider whose messages are the
 * parent's (the host's shell and kit texts), then the kit texts of THIS copy of the kit, then the area's,
 * in the current language. Each remote wraps its routes in it, so its texts travel with the remote, and a
 * remote running a newer kit (its own fallback copy, see docs/architecture.md "Module federation") shows
 * that kit's texts even in an older host.
 */
export function AreaTexts({ messages, children }: AreaTextsProps) {
  const parent = useIntl();
  const locale = useLocale((s) => s.locale);
  // Our catalogues are plain strings (never precompiled message ASTs), the parent's included.
  const inherited = parent.messages as Record<string, string>;
  const merged = useMemo(() => ({ ...inherited, ...kit[locale], ...messages[locale] }), [inherited, locale, messages]);
  return (
    <IntlProvider
      locale={locale}
      defaultLocale={parent.defaultLocale}
      timeZone={parent.timeZone}
      formats={parent.formats}
      textComponent={parent.textComponent}
      onError={parent.onError}
      messages={merged}
    >
      {children}
    </IntlProvider>
  );
}
