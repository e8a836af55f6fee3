import { MAX_IMPORT_FILE_BYTES } from '@ushirika/shared/contract';
import { EMPTY_FILE, FILE_TOO_LARGE, importFileProblem, NOT_A_CONTACTS_FILE, OLD_EXCEL_FILE } from './file-check';

describe('importFileProblem', () => {
  it('accepts CSV and XLSX files up to the size limit, whatever the case of the extension', () => {
    expect(importFileProblem({ name: 'members.csv', size: 120 })).toBeNull();
    expect(importFileProblem({ name: 'Members.XLSX', size: MAX_IMPORT_FILE_BYTES })).toBeNull();
  });

  it('refuses other types, old Excel files, empty and too large files with the server texts', () => {
    expect(importFileProblem({ name: 'members.pdf', size: 120 })).toBe(NOT_A_CONTACTS_FILE);
    expect(importFileProblem({ name: 'csv', size: 120 })).toBe(NOT_A_CONTACTS_FILE);
    expect(importFileProblem({ name: 'members.xls', size: 120 })).toBe(OLD_EXCEL_FILE);
    expect(importFileProblem({ name: 'members.csv', size: 0 })).toBe(EMPTY_FILE);
    expect(importFileProblem({ name: 'members.csv', size: MAX_IMPORT_FILE_BYTES + 1 })).toBe(FILE_TOO_LARGE);
  });
});
