import { useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { useLocale, type Locale } from './locale';

export interface MoreTextsProps {
  /** More texts in every language, over the ones the screens above have. */
  messages: Record<Locale, Record<string, string>>;
  children: ReactNode;
}

/**
 * A nested react-intl provider: the parent's messages, then `messages` in the current language, for the host's
 * lazily loaded screens that bring their texts along instead of loading them with every screen. (A remote's area
 * uses the kit's AreaTexts, which also adds its kit copy's texts, and keeps its own copy of this logic: a remote
 * must run in a host whose i18n module is older than this export.)
 */
export function MoreTexts({ messages, children }: MoreTextsProps) {
  const parent = useIntl();
  const locale = useLocale((s) => s.locale);
  // Our catalogues are plain strings (never precompiled message ASTs), the parent's included.
  const inherited = parent.messages as Record<string, string>;
  const merged = useMemo(() => ({ ...inherited, ...messages[locale] }), [inherited, locale, messages]);
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
