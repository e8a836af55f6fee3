import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/es/locale/en_GB';
import esES from 'antd/es/locale/es_ES';
import frFR from 'antd/es/locale/fr_FR';
import ptPT from 'antd/es/locale/pt_PT';
import type { Locale as AntLocale } from 'antd/es/locale';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { LanguageProvider, useLocale, type Locale } from '@ushirika/shared/i18n';
import { swKE } from './antd-sw';
import { createQueryClient } from './data';
import { theme } from './theme';

const antLocales: Record<Locale, AntLocale> = { en: enGB, es: esES, pt: ptPT, fr: frFR, sw: swKE };

/**
 * What the screens behind the login need around them: the server data cache (TanStack Query), antd's texts
 * in the chosen language, the theme, and antd's App context (dialogs from `useDialogs`). Inside a
 * `LanguageProvider`. The host renders it once, around its signed-in routes; remotes get it through the
 * shared singletons.
 */
export function ScreenProviders({ children }: { children: ReactNode }) {
  const locale = useLocale((s) => s.locale);
  const [queries] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queries}>
      <ConfigProvider theme={theme} locale={antLocales[locale]} direction="ltr">
        <AntApp>{children}</AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

/** Both layers at once, for a remote's standalone dev shell and for tests. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <LanguageProvider>
      <ScreenProviders>{children}</ScreenProviders>
    </LanguageProvider>
  );
}
