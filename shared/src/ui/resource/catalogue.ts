import { LOCALES, type Locale } from '@ushirika/shared/i18n';
import type { Identified, Resource, Texts } from './describe';
import type { AnyObjectSchema } from 'yup';

/** One language's texts: id → text. */
export type Catalogue = Record<string, string>;
/** An area's (or the kit's) texts in every language. */
export type Catalogues = Record<Locale, Catalogue>;

/** A description's texts as catalogue entries: keys prefixed with its name, English-id messages as they are. */
export function resourceTexts(resource: Resource<AnyObjectSchema, Identified>): Catalogues[] {
  const prefixed = (texts: Texts) =>
    Object.fromEntries(
      LOCALES.map((locale) => [locale, Object.fromEntries(Object.entries(texts[locale]).map(([key, text]) => [`${resource.name}.${key}`, text]))]),
    ) as Catalogues;
  return resource.messages ? [prefixed(resource.texts), resource.messages] : [prefixed(resource.texts)];
}

/**
 * An area's catalogue: its resources' texts and its own, merged. An id defined twice is an error (two
 * screens would fight over one text), thrown at once so the area's catalogue test fails.
 */
export function areaCatalogue(...parts: Array<Catalogues | Resource<AnyObjectSchema, Identified>>): Catalogues {
  const merged = Object.fromEntries(LOCALES.map((locale) => [locale, {} as Catalogue])) as Catalogues;
  const catalogues = parts.flatMap((part) => ('endpoint' in part ? resourceTexts(part) : [part]));
  for (const catalogue of catalogues) {
    for (const locale of LOCALES) {
      for (const [id, text] of Object.entries(catalogue[locale] ?? {})) {
        if (id in merged[locale]) throw new Error(`The text id "${id}" is defined twice (${locale})`);
        merged[locale][id] = text;
      }
    }
  }
  return merged;
}
