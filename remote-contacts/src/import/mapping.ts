import { CONTACT_IMPORT_FIELDS, type ContactImportColumn, type ContactImportField, type ContactImportMapping, type ContactImportPreset } from '@ushirika/shared/contract';

/** The fields a new contact cannot do without: a file with no column for one of them can only update contacts. */
export const FIELDS_NEW_CONTACTS_NEED: readonly ContactImportField[] = ['firstName', 'lastName', 'mobile'];

/** How the server read the file's columns, as the `mapping` field sends it: every header -> its field, or null. */
export function mappingOf(columns: readonly ContactImportColumn[]): ContactImportMapping {
  return Object.fromEntries(columns.map(({ header, field }) => [header, field]));
}

/** The file's headers, in the file's order. */
export const headersOf = (columns: readonly ContactImportColumn[]): string[] => columns.map(({ header }) => header);

/** The fields `needed` that no column of `mapping` fills, in the form's order. */
export function unfilledFields(mapping: ContactImportMapping, needed: readonly ContactImportField[] = FIELDS_NEW_CONTACTS_NEED): ContactImportField[] {
  const filled = new Set(Object.values(mapping));
  return needed.filter((field) => !filled.has(field));
}

/** The fields more than one column fills, in the form's order. */
export function fieldsFilledTwice(mapping: ContactImportMapping): ContactImportField[] {
  const seen = new Map<ContactImportField, number>();
  for (const field of Object.values(mapping)) if (field) seen.set(field, (seen.get(field) ?? 0) + 1);
  return CONTACT_IMPORT_FIELDS.filter((field) => (seen.get(field) ?? 0) > 1);
}

/** Whether `preset` knows every header of the file, so that it says what each column fills. */
export const presetCovers = (preset: ContactImportPreset, headers: readonly string[]): boolean =>
  headers.length > 0 && headers.every((header) => Object.hasOwn(preset.mapping, header));

/** The presets that know every header of the file, newest first: the ones worth offering. */
export function coveringPresets(presets: readonly ContactImportPreset[], headers: readonly string[]): ContactImportPreset[] {
  return presets.filter((preset) => presetCovers(preset, headers)).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** A preset's matching for this file's headers only (a preset may know more columns than the file has). */
export function presetMapping(preset: ContactImportPreset, headers: readonly string[]): ContactImportMapping {
  return Object.fromEntries(headers.map((header) => [header, preset.mapping[header] ?? null]));
}

/** Two matchings of the same headers say the same. */
export const sameMapping = (a: ContactImportMapping, b: ContactImportMapping): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([header, field]) => Object.hasOwn(b, header) && b[header] === field);
