import { MAX_PLEDGE_IMPORT_ROWS, PLEDGE_IMPORT_REFUSED, type PledgeImportResult } from '@ushirika/shared/contract';
import { normalizePhone, pledgeSchema, TEXT_LIMITS, validateFirstErrorSync } from '@ushirika/shared/validation';
import { recordActivity } from '../../activity/record';
import { ContactImportError } from '../../contacts/import';
import { readCsvCells } from '../../contacts/import/read-csv';
import type { TenantScope } from '../../db/tenant-scope';
import { HttpError } from '../../http/errors';
import { partnerCountry } from '../../partners/queries';
import { requireOpenCampaign } from './campaigns';
import { savePledge } from './pledges';

/*
 * A campaign's pledges imported from a CSV file (issue 30.2): a header row naming the columns name, phone and
 * amount (any case, any order; 'Name', 'Phone number', 'Amount (KES)' alike), then one row per pledge, at most
 * MAX_PLEDGE_IMPORT_ROWS. Every row is checked first - the number a mobile of the partner's country, the amount
 * a positive exact amount, a number once in the file, the number a contact's (or, for staff who may add
 * contacts, a new contact's: first name the name's first word, last name the rest) - and any bad row refuses the
 * whole file (400, every bad row's message). Then, in one transaction, the new contacts, each row's pledge
 * (pledges.ts savePledge: the whole pledge, its change kept) and one `import campaign` event with the counts.
 */

export const PLEDGE_IMPORT_SAVED = 'Pledges imported successfully!';
export const NO_PLEDGE_COLUMNS = 'The first row must name the columns name, phone and amount';
export const NO_PLEDGE_ROWS = 'The file has no pledges under its header row';
export const TOO_MANY_PLEDGE_ROWS = `The file has more than ${MAX_PLEDGE_IMPORT_ROWS.toLocaleString('en-US')} pledges: split it into smaller files`;
/** Bad rows a refusal lists; the rest are counted. */
export const MAX_LISTED_ROW_ERRORS = 100;

type Column = 'name' | 'phone' | 'amount';

/** Header texts, lower case, letters only, what is in brackets left out ('Amount (KES)' -> 'amount'). */
const HEADERS: Readonly<Record<string, Column>> = {
  name: 'name',
  names: 'name',
  fullname: 'name',
  phone: 'phone',
  phonenumber: 'phone',
  phoneno: 'phone',
  mobile: 'phone',
  mobilenumber: 'phone',
  msisdn: 'phone',
  telephone: 'phone',
  amount: 'amount',
  pledge: 'amount',
  pledged: 'amount',
  pledgeamount: 'amount',
};

const headerKey = (cell: string) =>
  cell
    .toLowerCase()
    .replace(/\([^)]*\)/g, '')
    .replace(/[^a-z]/g, '');

/** One checked row: the number (E.164), the amount as the schema casts it, and the name as written. */
interface PledgeRow {
  row: number;
  phone: string;
  amount: string;
  name: string;
}

/** A refusal of the file: nothing saved, every message listed (the first MAX_LISTED_ROW_ERRORS, then a count). */
export function importRefused(errors: readonly string[]): HttpError {
  const listed = errors.slice(0, MAX_LISTED_ROW_ERRORS);
  const more = errors.length - listed.length;
  return new HttpError(400, PLEDGE_IMPORT_REFUSED, { errors: more > 0 ? [...listed, `... and ${more} more rows`] : listed });
}

/** The file's cells, bounded while read (contacts import's CSV reader); a file it cannot read is refused whole. */
async function cellsOf(file: Uint8Array): Promise<string[][]> {
  try {
    return await readCsvCells(file, { max: MAX_PLEDGE_IMPORT_ROWS + 1, message: TOO_MANY_PLEDGE_ROWS });
  } catch (error) {
    if (error instanceof ContactImportError) throw importRefused([error.message]);
    throw error;
  }
}

/** An amount as spreadsheets write it: '1,500.00' and '1 500' are 1500 (thousands separators dropped). */
const amountText = (cell: string) => (/^\d{1,3}([, ]\d{3})+(\.\d*)?$/.test(cell) ? cell.replace(/[, ]/g, '') : cell);

/** Reads and checks every row; the rows, or the refusal naming each bad one ("Row 4: Amount must be more than 0"). */
export async function readPledgeRows(file: Uint8Array, country: string): Promise<PledgeRow[]> {
  const cells = await cellsOf(file);
  const headerAt = cells.findIndex((row) => row.length > 0);
  const columns = new Map<Column, number>();
  (cells[headerAt] ?? []).forEach((cell, index) => {
    const column = HEADERS[headerKey(cell)];
    if (column && !columns.has(column)) columns.set(column, index);
  });
  if (columns.size < 3) throw importRefused([NO_PLEDGE_COLUMNS]);

  const rows: PledgeRow[] = [];
  const errors: string[] = [];
  const rowOfPhone = new Map<string, number>();
  for (let index = headerAt + 1; index < cells.length; index += 1) {
    const cell = (column: Column) => (cells[index]![columns.get(column)!] ?? '').trim();
    const [name, phoneCell, amountCell] = [cell('name'), cell('phone'), cell('amount')];
    if (name === '' && phoneCell === '' && amountCell === '') continue;
    const row = index + 1;
    const phone = phoneCell === '' ? null : normalizePhone(phoneCell, country);
    if (phoneCell === '') errors.push(`Row ${row}: Phone is required`);
    else if (phone === null) errors.push(`Row ${row}: ${phoneCell.slice(0, 40)} is not a mobile number`);
    const amount = validateFirstErrorSync(pledgeSchema.pick(['amount']), { amount: amountText(amountCell) });
    if (!amount.ok) errors.push(`Row ${row}: ${amount.message}`);
    if (name.length > 2 * TEXT_LIMITS.name) errors.push(`Row ${row}: Name must be at most ${2 * TEXT_LIMITS.name} characters`);
    if (phone !== null) {
      const first = rowOfPhone.get(phone);
      if (first !== undefined) errors.push(`Row ${row}: the number ${phone} is on row ${first} too`);
      else rowOfPhone.set(phone, row);
    }
    if (phone !== null && amount.ok) rows.push({ row, phone, amount: amount.value.amount, name });
  }
  if (errors.length > 0) throw importRefused(errors);
  if (rows.length === 0) throw importRefused([NO_PLEDGE_ROWS]);
  return rows;
}

/** 'Amina Wanjiru Kamau' -> first name 'Amina', last name 'Wanjiru Kamau'. */
function splitName(name: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = name.split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') };
}

/**
 * Finds the contact of each row's number; a number that is nobody's becomes a new contact when `mayAddContacts`
 * (it needs a name), else the row is refused. An archived contact's number is refused (restore them first).
 * Answers the contact of each number and the contacts to create; throws the refusal listing every bad row.
 */
async function contactsOf(trx: TenantScope, rows: readonly PledgeRow[], mayAddContacts: boolean): Promise<{ known: Map<string, number>; missing: PledgeRow[] }> {
  const found = await trx
    .selectFrom('members')
    .select(['id', 'phone', 'archived_at'])
    .where(
      'phone',
      'in',
      rows.map((row) => row.phone),
    )
    .execute();
  const byPhone = new Map(found.map((contact) => [contact.phone, contact]));
  const known = new Map<string, number>();
  const missing: PledgeRow[] = [];
  const errors: string[] = [];
  for (const row of rows) {
    const contact = byPhone.get(row.phone);
    if (contact?.archived_at) errors.push(`Row ${row.row}: the contact with the number ${row.phone} is archived: restore them first`);
    else if (contact) known.set(row.phone, contact.id);
    else if (!mayAddContacts) errors.push(`Row ${row.row}: no contact has the number ${row.phone}`);
    else if (row.name === '') errors.push(`Row ${row.row}: Name is required for a new contact`);
    else if (splitName(row.name).first_name.length > TEXT_LIMITS.name || splitName(row.name).last_name.length > TEXT_LIMITS.name)
      errors.push(`Row ${row.row}: each part of the name must be at most ${TEXT_LIMITS.name} characters`);
    else missing.push(row);
  }
  if (errors.length > 0) throw importRefused(errors);
  return { known, missing };
}

/** Contacts added at a time (a few parameters each). */
const CONTACTS_PER_INSERT = 1_000;

/**
 * Adds the new contacts; answers each one's id by number (`added`), and the contacts someone else saved with one
 * of these numbers since they were looked up (`known`: their pledge is made all the same).
 */
async function addContacts(trx: TenantScope, rows: readonly PledgeRow[], known: Map<string, number>): Promise<Map<string, number>> {
  const added = new Map<string, number>();
  for (let start = 0; start < rows.length; start += CONTACTS_PER_INSERT) {
    const part = rows.slice(start, start + CONTACTS_PER_INSERT);
    const inserted = await trx.raw((db, tenantId) =>
      db
        .insertInto('members')
        .values(part.map((row) => ({ tenant_id: tenantId, ...splitName(row.name), phone: row.phone, gender: '', residence: '' })))
        .onConflict((oc) => oc.doNothing())
        .returning(['id', 'phone'])
        .execute(),
    );
    for (const contact of inserted) added.set(contact.phone, contact.id);
  }
  const meanwhile = rows.filter((row) => !added.has(row.phone)).map((row) => row.phone);
  if (meanwhile.length > 0)
    for (const contact of await trx.selectFrom('members').select(['id', 'phone']).where('phone', 'in', meanwhile).execute()) known.set(contact.phone, contact.id);
  return added;
}

export interface PledgeImportBy {
  userId: number;
  /** The user holds contacts.write: a number that is nobody's becomes a contact. */
  mayAddContacts: boolean;
}

/**
 * Imports the CSV `file` into campaign `campaignId` (see the file's comment): all rows or none. 404/400 for a
 * campaign that is not the partner's or is closed; 400 PLEDGE_IMPORT_REFUSED with `errors` for bad rows.
 */
export async function importPledges(scope: TenantScope, campaignId: number, file: Uint8Array, by: PledgeImportBy): Promise<PledgeImportResult> {
  const country = await scope.raw((db, tenantId) => partnerCountry(db, tenantId));
  const rows = await readPledgeRows(file, country);
  return scope.transaction(async (trx) => {
    await requireOpenCampaign(trx, campaignId);
    const { known, missing } = await contactsOf(trx, rows, by.mayAddContacts);
    const added = await addContacts(trx, missing, known);
    const counts = { created: 0, changed: 0, unchanged: 0 };
    for (const row of rows) {
      const memberId = known.get(row.phone) ?? added.get(row.phone)!;
      const { outcome } = await savePledge(trx, { campaignId, memberId, amount: row.amount, source: 'import', userId: by.userId });
      counts[outcome] += 1;
    }
    await recordActivity(trx, {
      action: 'import',
      entity: 'campaign',
      entityId: campaignId,
      details: { rows: rows.length, ...counts, contactsCreated: added.size },
    });
    return { status_msg: PLEDGE_IMPORT_SAVED, ...counts, contactsCreated: added.size };
  });
}
