import { MAX_IMPORT_FILE_BYTES } from '@ushirika/shared/contract';

/*
 * The server's own texts (also catalogue ids), so the user reads the same words whichever side
 * refuses the file; checking here first saves uploading a file the server would refuse anyway.
 */
export const NOT_A_CONTACTS_FILE = 'Only CSV and Excel (.xlsx) files can be imported.';
export const OLD_EXCEL_FILE = 'Old Excel (.xls) files cannot be imported. Save the file as Excel Workbook (.xlsx) or CSV and try again.';
export const EMPTY_FILE = 'The file is empty.';
export const FILE_TOO_LARGE = 'The file is larger than 5 MB. Split it into smaller files and import them one by one.';

/** What the file picker offers. */
export const IMPORT_FILE_TYPES = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const extension = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** Why `file` cannot be imported (an English catalogue id), or null if it may be sent for a preview. */
export function importFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  const type = extension(file.name);
  if (type === 'xls') return OLD_EXCEL_FILE;
  if (type !== 'csv' && type !== 'xlsx') return NOT_A_CONTACTS_FILE;
  if (file.size === 0) return EMPTY_FILE;
  if (file.size > MAX_IMPORT_FILE_BYTES) return FILE_TOO_LARGE;
  return null;
}
