import type { ContactImportColumn, ContactImportCounts, ContactImportPreview, ContactImportResult, ContactImportRow } from '@ushirika/shared/contract';
import { PREVIEW_MAX_PROBLEMS, PREVIEW_SAMPLE_ROWS } from './limits';

export function countImportRows(rows: readonly ContactImportRow[]): ContactImportCounts {
  const counts: ContactImportCounts = { total: rows.length, ready: 0, duplicate: 0, invalid: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

/** The answer of the preview: counts of every row, the rows that would not be created, a sample of those that would. */
export function buildImportPreview(columns: ContactImportColumn[], rows: readonly ContactImportRow[]): ContactImportPreview {
  return {
    columns,
    counts: countImportRows(rows),
    problems: rows.filter((row) => row.status !== 'ready').slice(0, PREVIEW_MAX_PROBLEMS),
    sample: rows.filter((row) => row.status === 'ready').slice(0, PREVIEW_SAMPLE_ROWS),
  };
}

/**
 * The answer of the commit, once the ready rows were inserted. `created` may be below the ready
 * count: a row the database refused for its unique mobile (a contact saved by someone else since
 * the lookup) is a skipped duplicate too.
 */
export function importResult(rows: readonly ContactImportRow[], created: number): ContactImportResult {
  const counts = countImportRows(rows);
  if (!Number.isInteger(created) || created < 0 || created > counts.ready) {
    throw new RangeError(`created must be a whole number from 0 to ${counts.ready}, not ${created}`);
  }
  return { created, skippedDuplicates: counts.duplicate + counts.ready - created, failed: counts.invalid };
}
