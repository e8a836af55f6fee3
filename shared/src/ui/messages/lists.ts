import type { Locale } from '@ushirika/shared/i18n';

/**
 * The texts of the kit's lists added by issue 28 (3: the date range in a list's header; 6: a row shown as a card
 * on a phone). Typed by language: a language cannot lack one.
 */
const LIST_MESSAGES: Record<Locale, Record<string, string>> = {
  en: {
    'kit.dates.label': 'Dates',
    'kit.dates.from': 'From',
    'kit.dates.to': 'To',
    'kit.dates.clear': 'Clear dates',
    'kit.dates.reversed': "'To' is before 'From'",
    'kit.dates.outside': 'Choose a date from {min} to {max}',
    'kit.list.rows': 'Records',
  },
  sw: {
    'kit.dates.label': 'Tarehe',
    'kit.dates.from': 'Kuanzia',
    'kit.dates.to': 'Hadi',
    'kit.dates.clear': 'Futa tarehe',
    'kit.dates.reversed': "'Hadi' iko kabla ya 'Kuanzia'",
    'kit.dates.outside': 'Chagua tarehe kati ya {min} na {max}',
    'kit.list.rows': 'Rekodi',
  },
  fr: {
    'kit.dates.label': 'Dates',
    'kit.dates.from': 'Du',
    'kit.dates.to': 'Au',
    'kit.dates.clear': 'Effacer les dates',
    'kit.dates.reversed': '« Au » est avant « Du »',
    'kit.dates.outside': 'Choisissez une date du {min} au {max}',
    'kit.list.rows': 'Enregistrements',
  },
  es: {
    'kit.dates.label': 'Fechas',
    'kit.dates.from': 'Desde',
    'kit.dates.to': 'Hasta',
    'kit.dates.clear': 'Borrar fechas',
    'kit.dates.reversed': '«Hasta» es anterior a «Desde»',
    'kit.dates.outside': 'Elija una fecha entre {min} y {max}',
    'kit.list.rows': 'Registros',
  },
  pt: {
    'kit.dates.label': 'Datas',
    'kit.dates.from': 'De',
    'kit.dates.to': 'Até',
    'kit.dates.clear': 'Limpar datas',
    'kit.dates.reversed': '«Até» é anterior a «De»',
    'kit.dates.outside': 'Escolha uma data de {min} a {max}',
    'kit.list.rows': 'Registos',
  },
};

/** The lists' texts in `locale`, for its kit catalogue (`...listMessages('sw')`). */
export const listMessages = (locale: Locale): Record<string, string> => LIST_MESSAGES[locale];
