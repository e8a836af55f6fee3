import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import esES from 'antd/locale/es_ES';
import frFR from 'antd/locale/fr_FR';
import ptPT from 'antd/locale/pt_PT';
import type { Locale as AntLocale } from 'antd/es/locale';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { DEFAULT_LOCALE, messagesFor, useLocale, type Locale } from '@ushirika/shared/i18n';
import { createQueryClient } from './data';
import { theme } from './theme';

const antLocales: Record<Locale, AntLocale> = { en: enGB, es: esES, pt: ptPT, fr: frFR };

/**
 * Everything a screen needs around it: the server data cache (TanStack Query), the chosen language
 * (react-intl + antd's own texts), the theme, and antd's App context (dialogs from `useDialogs`). The host renders it once; a remote's standalone
 * dev shell renders it too. Inside the host, remotes get it through the shared singletons.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const locale = useLocale((s) => s.locale);
  const messages = useMemo(() => messagesFor(locale), [locale]);
  const [queries] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queries}>
      <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={messages}>
        <ConfigProvider theme={theme} locale={antLocales[locale]} direction="ltr">
          <AntApp>{children}</AntApp>
        </ConfigProvider>
      </IntlProvider>
    </QueryClientProvider>
  );
}
