export { LOCALES, LOCALE_NAMES, DEFAULT_LOCALE, intlLocaleOf, useLocale } from './locale';
export type { Locale } from './locale';
export { messagesFor, translateText } from './catalogue';
export { LanguageProvider } from './LanguageProvider';
