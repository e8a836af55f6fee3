/** The statements' and budgets' own texts (those not held by a resource description), per language. */
export const reportTexts = { en: {}, es: {}, pt: {}, fr: {} } as Record<'en' | 'es' | 'pt' | 'fr', Record<string, string>>;
