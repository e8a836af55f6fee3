import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import esES from 'antd/locale/es_ES';
import frFR from 'antd/locale/fr_FR';
import ptPT from 'antd/locale/pt_PT';
import type { Locale as AntLocale } from 'antd/es/locale';
import { useMemo, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { DEFAULT_LOCALE, messagesFor, useLocale, type Locale } from '../i18n';
import { theme } from './theme';

const antLocales: Record<Locale, AntLocale> = { en: enGB, es: esES, pt: ptPT, fr: frFR };

/**
 * Everything a screen needs around it: the chosen language (react-intl + antd's own texts), the theme,
 * and antd's App context (dialogs from `useDialogs`). The host renders it once; a remote's standalone
 * dev shell renders it too. Inside the host, remotes get it through the shared singletons.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const locale = useLocale((s) => s.locale);
  const messages = useMemo(() => messagesFor(locale), [locale]);
  return (
    <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={messages}>
      <ConfigProvider theme={theme} locale={antLocales[locale]} direction="ltr">
        <AntApp>{children}</AntApp>
      </ConfigProvider>
    </IntlProvider>
  );
}
