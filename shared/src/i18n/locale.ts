import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export const LOCALES = ['en', 'es', 'pt', 'fr', 'sw'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  pt: 'Português',
  fr: 'Français',
  sw: 'Kiswahili',
};

/**
 * The language tag each interface language formats dates, numbers and money with (react-intl, Intl): Swahili as
 * spoken in Kenya, where the partners keep shillings (KES); the others as they are.
 */
const INTL_LOCALES: Record<Locale, string> = { en: 'en', es: 'es', pt: 'pt', fr: 'fr', sw: 'sw-KE' };

export function intlLocaleOf(locale: Locale): string {
  return INTL_LOCALES[locale];
}

interface LocaleState {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

/** The chosen interface language, remembered in localStorage. A federation singleton like the session. */
export const useLocale = create<LocaleState>()(persist((set) => ({ locale: DEFAULT_LOCALE, setLocale: (locale) => set({ locale }) }), { name: 'ushirika.locale' }));
