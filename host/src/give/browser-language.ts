import { useLayoutEffect } from 'react';
import { LOCALES, useLocale, type Locale } from '@ushirika/shared/i18n';

/** The first of the browser's languages ('sw-KE', 'fr', …) that the app speaks, if any. */
export function browserLocale(languages: readonly string[]): Locale | undefined {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    const known = LOCALES.find((locale) => locale === base);
    if (known) return known;
  }
  return undefined;
}

/** True once someone chose a language in this browser (the switch of this page or of the login screen): the store kept it. */
function languageChosen(): boolean {
  const name = useLocale.persist.getOptions().name;
  try {
    return name !== undefined && localStorage.getItem(name) !== null;
  } catch {
    return false;
  }
}

/**
 * The giving page speaks the member's language from the first visit: a member follows a link on their phone and
 * has never chosen one, so the browser's languages decide (then remembered like a choice), before the page is
 * drawn; a language chosen before, here or on the login screen, stays.
 */
export function useBrowserLanguage(): void {
  useLayoutEffect(() => {
    if (languageChosen()) return;
    const found = browserLocale(navigator.languages?.length ? navigator.languages : [navigator.language]);
    if (found && found !== useLocale.getState().locale) useLocale.getState().setLocale(found);
  }, []);
}
