export { LOCALES, LOCALE_NAMES, DEFAULT_LOCALE, intlLocaleOf, useLocale } from './locale';
export type { Locale } from './locale';
export { messagesFor, translateText } from './catalogue';
export { LanguageProvider } from './LanguageProvider';
export { MoreTexts } from './MoreTexts';
export type { MoreTextsProps } from './MoreTexts';
