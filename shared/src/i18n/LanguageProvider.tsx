import { useEffect, useMemo, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { messagesFor } from './catalogue';
import { DEFAULT_LOCALE, intlLocaleOf, useLocale } from './locale';

/**
 * The chosen language around everything the host shows: react-intl with the shell's and the kit's texts.
 * It needs no antd, so the login screen stands on it alone (docs/architecture.md, "Weight"); the screens behind
 * the login add antd's providers (`ScreenProviders` in the kit).
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const locale = useLocale((s) => s.locale);
  const messages = useMemo(() => messagesFor(locale), [locale]);
  const tag = intlLocaleOf(locale);
  useEffect(() => {
    document.documentElement.lang = tag;
  }, [tag]);
  return (
    <IntlProvider locale={tag} defaultLocale={DEFAULT_LOCALE} messages={messages}>
      {children}
    </IntlProvider>
  );
}
