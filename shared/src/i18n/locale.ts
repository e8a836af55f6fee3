import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export const LOCALES = ['en', 'es', 'pt', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  pt: 'Português',
  fr: 'Français',
};

interface LocaleState {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

/** The chosen interface language, remembered in localStorage. A federation singleton like the session. */
export const useLocale = create<LocaleState>()(persist((set) => ({ locale: DEFAULT_LOCALE, setLocale: (locale) => set({ locale }) }), { name: 'ushirika.locale' }));
