/**
 * For the import screens' tests: the contacts area's catalogue with the import's own (the screens bring theirs in
 * ImportTexts; a test that renders a piece of them alone needs both).
 */
import { LOCALES, type Locale } from '@ushirika/shared/i18n';
import * as area from '../messages';
import * as own from './messages';

export const importTexts = Object.fromEntries(LOCALES.map((locale) => [locale, { ...area[locale], ...own[locale] }])) as Record<Locale, Record<string, string>>;
