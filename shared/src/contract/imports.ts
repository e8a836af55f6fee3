import * as yup from 'yup';
import { idField, instantField, type ListResponse } from './common';

// ---------------------------------------------------------------------------------------------
// Contacts import and export (ours; the spec has neither), issue 27.
//
// POST /api/v2/member/import/preview   multipart: `file` (CSV or XLSX), optional `mapping` (JSON: header -> field
//                                      or null to ignore the column), optional `dateOrder` (DMY by default)
//                                      -> ContactImportPreview. Nothing is written.
// POST /api/v2/member/import           the same fields -> ContactImportResult: the new and updated rows written
//                                      as one batch (the file is read and matched again; nothing from the
//                                      preview is trusted or kept).
// GET  /api/v2/member/imports          ?page&pagesize -> { imports, total }: the partner's import batches, newest first
// POST /api/v2/member/imports/{id}/undo                -> ContactImportUndoResult (for IMPORT_UNDO_DAYS)
// GET  /api/v2/member/import/presets                   -> { presets, total }: the partner's saved column matchings
// POST /api/v2/member/import/presets   { name, mapping } -> { status_msg, preset }: saved, or replaced by name
// DELETE /api/v2/member/import/presets/{id}            -> { status_msg }
// GET  /api/v2/member/export           the list query -> text/csv (UTF-8 with BOM), every field of
//                                      CONTACT_EXPORT_COLUMNS: the import reads it back unchanged.
//
// Matching (docs/import.md): a row is the contact with its external id, else with its mobile, else with its
// email; never a name alone. A row whose keys find two different contacts is a conflict. A matched row
// changes only the cells that have a value: a blank cell never erases.

/** Limits of one import, here so the upload form can refuse a file before sending it (api/src/contacts/import/limits.ts). */
export const MAX_IMPORT_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 20_000;
export const MAX_IMPORT_COLUMNS = 50;
/** A batch can be undone for this many days after it was imported. */
export const IMPORT_UNDO_DAYS = 30;
/** A preset's name is at most this long; a partner keeps at most MAX_IMPORT_PRESETS of them. */
export const IMPORT_PRESET_NAME_MAX_LENGTH = 60;
export const MAX_IMPORT_PRESETS = 50;

/** The contact fields a file's columns can fill, in the form's order, then the household's. */
export const CONTACT_IMPORT_FIELDS = [
  'firstName',
  'lastName',
  'mobile',
  'email',
  'gender',
  'residence',
  'dateOfBirth',
  'membershipStatus',
  'maritalStatus',
  'externalId',
  'householdId',
  'householdName',
  'householdRole',
] as const;
export type ContactImportField = (typeof CONTACT_IMPORT_FIELDS)[number];

/** How the day, month and year of a date cell are ordered ('03/11/1990': 3 November in DMY). */
export const IMPORT_DATE_ORDERS = ['DMY', 'MDY', 'YMD'] as const;
export type ImportDateOrder = (typeof IMPORT_DATE_ORDERS)[number];
export const DEFAULT_IMPORT_DATE_ORDER: ImportDateOrder = 'DMY';

/** The `mapping` field: a header of the file -> the field its column fills, or null to ignore the column. */
export type ContactImportMapping = Record<string, ContactImportField | null>;

/** How the file's header cells were understood: `field` null means the column is ignored. */
export const contactImportColumn = yup.object({
  header: yup.string().defined(),
  field: yup.string<ContactImportField>().oneOf(CONTACT_IMPORT_FIELDS).nullable().defined(),
});
export type ContactImportColumn = yup.InferType<typeof contactImportColumn>;

/**
 * - `new`: no contact matches; the import creates one.
 * - `update`: one contact matches and some of the row's cells differ; the import changes those fields.
 * - `unchanged`: one contact matches and nothing would change.
 * - `conflict`: the row's keys find two different contacts (or an earlier row of the file took the same one):
 *   shown to the person, never guessed; not imported.
 * - `error`: a cell the contact form would refuse (its message); not imported.
 */
export const CONTACT_IMPORT_STATUSES = ['new', 'update', 'unchanged', 'conflict', 'error'] as const;
export type ContactImportStatus = (typeof CONTACT_IMPORT_STATUSES)[number];

/**
 * One changed field: `old` is the contact's value now ('' for none; '' for every field of a new row), `new`
 * the file's, both as the contact's row shows them (dates YYYY-MM-DD, mobiles E.164, codes for the choices).
 */
export const contactImportChange = yup.object({
  field: yup.string<ContactImportField>().oneOf(CONTACT_IMPORT_FIELDS).defined(),
  old: yup.string().defined(),
  new: yup.string().defined(),
});
export type ContactImportChange = yup.InferType<typeof contactImportChange>;

export const contactImportRow = yup.object({
  /** The row number a spreadsheet shows for it (the header row is 1). */
  row: yup.number().integer().defined(),
  status: yup.string<ContactImportStatus>().oneOf(CONTACT_IMPORT_STATUSES).defined(),
  /** The matched contact (update, unchanged), or the contacts found (a conflict lists them in `messages`). */
  contactId: yup.number().integer().optional(),
  /** new: every field the row fills; update: each field that would change, old and new. */
  changes: yup.array(contactImportChange).optional().default(undefined),
  /** error: the form's messages, at most one per field in form order; conflict: why. English; see `conflictWith`. */
  messages: yup.array(yup.string().defined()).optional().default(undefined),
  /** conflict: the ids of the contacts the row's keys found, or the earlier row that took the same contact. */
  conflictWith: yup
    .object({ contactIds: yup.array(yup.number().integer().defined()).defined(), row: yup.number().integer().optional() })
    .optional()
    .default(undefined),
});
export type ContactImportRow = yup.InferType<typeof contactImportRow>;

export const contactImportCounts = yup.object({
  new: yup.number().integer().defined(),
  update: yup.number().integer().defined(),
  unchanged: yup.number().integer().defined(),
  conflict: yup.number().integer().defined(),
  error: yup.number().integer().defined(),
});
export type ContactImportCounts = yup.InferType<typeof contactImportCounts>;

/** Answer of POST /api/v2/member/import/preview: every data row of the file (blank rows skipped), in file order. */
export const contactImportPreview = yup.object({
  columns: yup.array(contactImportColumn).defined(),
  rows: yup.array(contactImportRow).defined(),
  counts: contactImportCounts,
  dateOrder: yup.string<ImportDateOrder>().oneOf(IMPORT_DATE_ORDERS).defined(),
});
export type ContactImportPreview = yup.InferType<typeof contactImportPreview>;

export const contactImportBatchRef = yup.object({
  id: idField(),
  created: yup.number().integer().defined(),
  updated: yup.number().integer().defined(),
});

/** Answer of POST /api/v2/member/import. */
export const contactImportResult = yup.object({
  status_msg: yup.string().defined(),
  batch: contactImportBatchRef,
});
export type ContactImportResult = yup.InferType<typeof contactImportResult>;

/** A row of GET /api/v2/member/imports. */
export const contactImportBatchRow = yup.object({
  id: idField(),
  createdAt: instantField(),
  /** The staff member who imported it ("First Last"). */
  createdBy: yup.string().defined(),
  /** The uploaded file's name. */
  fileName: yup.string().defined(),
  created: yup.number().integer().defined(),
  updated: yup.number().integer().defined(),
  /** When it was undone; null while it stands. */
  undoneAt: yup.string().nullable().defined(),
  /** Until when it can be undone (IMPORT_UNDO_DAYS after createdAt). */
  undoUntil: instantField(),
});
export type ContactImportBatch = yup.InferType<typeof contactImportBatchRow>;
export type ContactImportBatchesResponse = ListResponse<'imports', ContactImportBatch>;

export const contactImportUndoPath = (id: number | string) => `member/imports/${id}/undo`;

/** A field an undo left as it is, because it was changed again after the import. */
export const contactImportKept = yup.object({
  contactId: idField(),
  field: yup.string<ContactImportField>().oneOf(CONTACT_IMPORT_FIELDS).defined(),
  /** The value now (kept) and the one before the import (not restored). */
  current: yup.string().defined(),
  before: yup.string().defined(),
});
export type ContactImportKept = yup.InferType<typeof contactImportKept>;

/** Answer of POST /api/v2/member/imports/{id}/undo. */
export const contactImportUndoResult = yup.object({
  status_msg: yup.string().defined(),
  /** Created contacts removed (nothing referred to them) and archived (something did: a gift, a group). */
  removed: yup.number().integer().defined(),
  archived: yup.number().integer().defined(),
  /** Updated contacts whose earlier values were put back (all their imported fields, or some). */
  restored: yup.number().integer().defined(),
  kept: yup.array(contactImportKept).defined(),
});
export type ContactImportUndoResult = yup.InferType<typeof contactImportUndoResult>;

/** A saved column matching: offered by the next import whose headers it knows. */
export const contactImportPresetRow = yup.object({
  id: idField(),
  name: yup.string().defined(),
  /** header -> field, or null for an ignored column */
  mapping: yup.object().defined() as unknown as yup.Schema<ContactImportMapping>,
  createdAt: instantField(),
});
export type ContactImportPreset = { id: number; name: string; mapping: ContactImportMapping; createdAt: string };
export type ContactImportPresetsResponse = ListResponse<'presets', ContactImportPreset>;
export const contactImportPresetsPath = 'member/import/presets';

/**
 * The export's columns in order (header text, field): the import's dictionary knows every header, so an
 * exported file imports back with every row unchanged. `Added` and `Household` (its name) are informative;
 * `Household` is read back as householdName.
 */
export const CONTACT_EXPORT_COLUMNS = [
  ['First Name', 'firstName'],
  ['Last Name', 'lastName'],
  ['Mobile', 'mobile'],
  ['Email', 'email'],
  ['Gender', 'gender'],
  ['Residence', 'residence'],
  ['Date of Birth', 'dateOfBirth'],
  ['Membership Status', 'membershipStatus'],
  ['Marital Status', 'maritalStatus'],
  ['External ID', 'externalId'],
  ['Household ID', 'householdId'],
  ['Household Name', 'householdName'],
  ['Household Role', 'householdRole'],
] as const satisfies readonly (readonly [string, ContactImportField])[];
