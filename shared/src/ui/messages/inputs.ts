import type { Locale } from '@ushirika/shared/i18n';

/**
 * The texts of the kit's inputs (issue 28.2): the date box's format, shown while it is empty, in the partner's
 * order (`dateOrderOf`), and its calendar button. Typed by language: a language cannot lack one.
 */
const INPUT_MESSAGES: Record<Locale, Record<string, string>> = {
  en: { 'kit.date.format.dmy': 'dd/mm/yyyy', 'kit.date.format.mdy': 'mm/dd/yyyy', 'kit.date.calendar': 'Choose the date on a calendar' },
  sw: { 'kit.date.format.dmy': 'siku/mwezi/mwaka', 'kit.date.format.mdy': 'mwezi/siku/mwaka', 'kit.date.calendar': 'Chagua tarehe kwenye kalenda' },
  fr: { 'kit.date.format.dmy': 'jj/mm/aaaa', 'kit.date.format.mdy': 'mm/jj/aaaa', 'kit.date.calendar': 'Choisir la date dans un calendrier' },
  es: { 'kit.date.format.dmy': 'dd/mm/aaaa', 'kit.date.format.mdy': 'mm/dd/aaaa', 'kit.date.calendar': 'Elegir la fecha en un calendario' },
  pt: { 'kit.date.format.dmy': 'dd/mm/aaaa', 'kit.date.format.mdy': 'mm/dd/aaaa', 'kit.date.calendar': 'Escolher a data num calendário' },
};

/** The inputs' texts in `locale`, for its kit catalogue (`...inputMessages('sw')`). */
export const inputMessages = (locale: Locale): Record<string, string> => INPUT_MESSAGES[locale];
