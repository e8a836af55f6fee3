import { CONTACT_IMPORT_FIELDS, type ContactImportColumn, type ContactImportField, type ContactImportMapping } from '@ushirika/shared/contract';
import { shortened } from './cell-text';
import { ContactImportError } from './import-error';

/** Characters of a header quoted in a message. */
const QUOTED_HEADER_CHARS = 60;

/**
 * The header texts each field is recognised by, best first, compared as `headerKey` gives them (lower case,
 * accents dropped, letters and digits only: 'First Name', 'first_name' and 'FirstName' compare alike; ChurchCRM's
 * database names keep their prefix, 'perfirstname'). When two columns of a file name one field, the one whose
 * header comes first here fills it and the other is ignored (Planning Center's 'First Name' over its 'Given Name',
 * 'Home Email' over 'Work Email').
 * docs/import.md lists the source systems each name comes from:
 * - ours: CONTACT_EXPORT_COLUMNS (shared/src/contract/imports.ts), the export's headers;
 * - Planning Center People's CSV export, Breeze's people export, ChurchCRM's CSV export (src/CSVCreateFile.php)
 *   and its database columns (per_FirstName, fam_Name), Rock's Slingshot person file (Rock.Slingshot CSVHeaders,
 *   and person.csv's FirstName style);
 * - common English words, and the Swahili a hand-made sheet in Kenya uses.
 */
const HEADER_NAMES: Record<ContactImportField, readonly string[]> = {
  firstName: ['firstname', 'givenname', 'forename', 'first', 'christianname', 'perfirstname', 'jinalakwanza', 'jinalamwanzo'],
  lastName: ['lastname', 'surname', 'last', 'perlastname', 'jinalamwisho', 'jinalaukoo', 'ukoo', 'familyname', 'jinalafamilia'],
  mobile: [
    'mobile',
    'mobilephonenumber',
    'mobilephone',
    'mobilenumber',
    'mobileno',
    'cellphone',
    'cellphonenumber',
    'cellnumber',
    'cell',
    'percellphone',
    'simu',
    'nambariyasimu',
    'nambayasimu',
    'nambariyasimuyamkononi',
    'simuyamkononi',
    'phone',
    'phonenumber',
    'phoneno',
    'telephone',
    'telephonenumber',
    'telno',
    'tel',
    'msisdn',
  ],
  email: ['email', 'homeemail', 'emailaddress', 'mail', 'peremail', 'baruapepe', 'anwaniyabaruapepe', 'workemail', 'perworkemail'],
  gender: ['gender', 'sex', 'jinsia', 'pergender'],
  residence: ['residence', 'makazi', 'mahaliunapoishi', 'location', 'mtaa', 'estate', 'area', 'eneo', 'homeaddresscity', 'city', 'town', 'mji', 'percity', 'address'],
  dateOfBirth: ['dateofbirth', 'birthdate', 'birthday', 'dob', 'tareheyakuzaliwa', 'sikuyakuzaliwa', 'born'],
  membershipStatus: ['membershipstatus', 'membership', 'memberstatus', 'connectionstatus', 'classification', 'membershiptype', 'uanachama', 'haliyauanachama', 'status'],
  maritalStatus: ['maritalstatus', 'marital', 'civilstatus', 'haliyandoa', 'ndoa'],
  externalId: [
    'externalid',
    'remoteid',
    'breezeid',
    'personid',
    'perid',
    'id',
    'memberid',
    'membernumber',
    'memberno',
    'membershipnumber',
    'membershipno',
    'nambariyamshiriki',
    'nambariyauanachama',
  ],
  householdId: ['householdid', 'familyid', 'famid', 'perfamid', 'householdnumber', 'familynumber', 'familyno', 'nambariyafamilia', 'nambariyakaya'],
  householdName: ['householdname', 'household', 'family', 'famname', 'familia', 'kaya', 'jinalakaya'],
  householdRole: ['householdrole', 'familyrole', 'relationshiptohead', 'relationship', 'uhusiano', 'nafasikatikafamilia', 'householdprimarycontact'],
};

/**
 * Headers whose first meaning is above but that, when a better header of the file fills that field, fill this one
 * instead: Rock's person file has both 'LastName' and 'FamilyName' (the household's name), where a hand-made sheet's
 * 'Family Name' is the surname.
 */
const SECOND_CHOICES: Readonly<Record<string, ContactImportField>> = { familyname: 'householdName', jinalafamilia: 'householdName' };

/**
 * Headers of one column holding the whole name ('Jina': 'Amina Wanjiru'). Such a column fills firstName when the
 * file has no better first-name column; when no column fills lastName either, its cells are split (see splitFullName).
 */
const FULL_NAME_HEADERS: readonly string[] = ['name', 'names', 'fullname', 'jina', 'majina', 'jinakamili', 'membername', 'jinalamshiriki', 'personname'];

/**
 * Headers whose cells are codes of their own, read before the field's words (cell-values.ts): Planning Center's
 * 'Household Primary Contact' is true for the household's head; ChurchCRM's database column per_Gender is 1 or 2.
 * '' means "not given".
 */
export const CODED_COLUMNS: Readonly<Record<string, { field: ContactImportField; codes: Readonly<Record<string, string>> }>> = {
  householdprimarycontact: { field: 'householdRole', codes: { true: 'head', yes: 'head', '1': 'head', false: '', no: '', '0': '' } },
  pergender: { field: 'gender', codes: { '1': 'M', '2': 'F', '0': '' } },
};

/** The form's name of each field, for messages about columns (English, as every server message). */
export const CONTACT_IMPORT_FIELD_LABELS: Record<ContactImportField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  mobile: 'Mobile',
  email: 'Email',
  gender: 'Gender',
  residence: 'Residence',
  dateOfBirth: 'Date of birth',
  membershipStatus: 'Membership status',
  maritalStatus: 'Marital status',
  externalId: 'External ID',
  householdId: 'Household ID',
  householdName: 'Household name',
  householdRole: 'Household role',
};

interface Candidate {
  field: ContactImportField;
  /** place in the field's list: lower is better */
  rank: number;
}

const FIRST_CHOICES = new Map<string, Candidate>([
  ...Object.entries(HEADER_NAMES).flatMap(([field, names]) => names.map((name, rank) => [name, { field: field as ContactImportField, rank }] as const)),
  ...FULL_NAME_HEADERS.map((name, index) => [name, { field: 'firstName' as const, rank: HEADER_NAMES.firstName.length + index }] as const),
]);
const FULL_NAME_KEYS = new Set(FULL_NAME_HEADERS);
const FIELDS = new Set<string>(CONTACT_IMPORT_FIELDS);

export function headerKey(header: string): string {
  // NFKD splits accented letters so 'Résidence' compares as 'residence'.
  return header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The field a header text names ('Phone Number' -> 'mobile', 'Jina' -> 'firstName'), or null for a column of something else. */
export function headerField(header: string): ContactImportField | null {
  return FIRST_CHOICES.get(headerKey(header))?.field ?? null;
}

/** Whether a column of this header holds whole names ('Jina', 'Full Name'). */
export const isFullNameHeader = (header: string): boolean => FULL_NAME_KEYS.has(headerKey(header));

/** The codes of a column of this header filling `field`, when its cells are codes of their own (CODED_COLUMNS). */
export function columnCodes(header: string, field: ContactImportField): Readonly<Record<string, string>> | undefined {
  const coded = CODED_COLUMNS[headerKey(header)];
  return coded?.field === field ? coded.codes : undefined;
}

/**
 * Which field each header cell fills (null: the column is ignored), in the file's order.
 *
 * `mapping` is the person's choice (header -> field, or null to ignore the column): it decides for every header it
 * names; headers it does not name (or that are not in the file) are matched automatically, to the fields the mapping
 * left free. Throws ContactImportError when the mapping names something that is not a field, or fills one field
 * from two different headers. Automatic matching never refuses: of two headers naming one field, the better one
 * (HEADER_NAMES' order, then the first column) fills it and the other is ignored. A header repeated in the file
 * fills its field once, from its first column.
 */
export function matchColumns(headers: readonly string[], mapping?: ContactImportMapping): ContactImportColumn[] {
  const chosen = mapping === undefined ? new Map<string, ContactImportField | null>() : checkedMapping(mapping, headers);
  const fields: (ContactImportField | null)[] = headers.map((header) => (chosen.has(header) ? (chosen.get(header) ?? null) : null));

  // A header the mapping names twice in the file fills its field from its first column only.
  const seen = new Set<string>();
  headers.forEach((header, index) => {
    if (!chosen.has(header)) return;
    if (seen.has(header)) fields[index] = null;
    seen.add(header);
  });

  const taken = new Set(fields.filter((field): field is ContactImportField => field !== null));
  const automatic = headers.flatMap((header, index) => (chosen.has(header) ? [] : [index]));
  for (const [index, field] of automaticMatches(
    automatic.map((index) => headers[index] ?? ''),
    taken,
  ))
    fields[automatic[index]!] = field;
  return headers.map((header, index) => ({ header, field: fields[index] ?? null }));
}

/** The mapping's entries for the file's headers, checked: each a field or null, no field from two headers. */
function checkedMapping(mapping: ContactImportMapping, headers: readonly string[]): Map<string, ContactImportField | null> {
  if (typeof mapping !== 'object' || mapping === null || Array.isArray(mapping)) throw new ContactImportError(NOT_A_MAPPING);
  const inFile = new Set(headers);
  const chosen = new Map<string, ContactImportField | null>();
  const headerOfField = new Map<ContactImportField, string>();
  for (const [header, field] of Object.entries(mapping)) {
    if (field !== null && (typeof field !== 'string' || !FIELDS.has(field))) {
      throw new ContactImportError(`The column "${quoted(header)}" cannot fill "${quoted(String(field))}": it is not a contact field.`);
    }
    if (!inFile.has(header)) continue;
    chosen.set(header, field);
    if (field === null) continue;
    const other = headerOfField.get(field);
    if (other !== undefined) {
      throw new ContactImportError(`The columns "${quoted(other)}" and "${quoted(header)}" both fill ${CONTACT_IMPORT_FIELD_LABELS[field]}. Keep only one of them.`);
    }
    headerOfField.set(field, header);
  }
  return chosen;
}

const quoted = (text: string) => shortened(text, QUOTED_HEADER_CHARS);

export const NOT_A_MAPPING = 'The mapping must be an object from each column header to a field, or to null to ignore the column.';

/**
 * The fields of `headers` by the dictionary, among the fields not `taken`: index in `headers` -> field, for the
 * headers that fill one. First choices compete for each field (best rank, then first column); a header that lost
 * and has a second choice competes again for the fields still free.
 */
function automaticMatches(headers: readonly string[], taken: ReadonlySet<ContactImportField>): Map<number, ContactImportField> {
  const keys = headers.map(headerKey);
  const won = new Map<number, ContactImportField>();
  const filled = new Set(taken);
  const round = (candidates: ReadonlyArray<readonly [number, Candidate]>) => {
    const best = new Map<ContactImportField, readonly [number, Candidate]>();
    for (const entry of candidates) {
      const [, candidate] = entry;
      if (filled.has(candidate.field)) continue;
      const current = best.get(candidate.field);
      if (current === undefined || candidate.rank < current[1].rank) best.set(candidate.field, entry);
    }
    for (const [field, [index]] of best) {
      won.set(index, field);
      filled.add(field);
    }
  };
  round(keys.flatMap((key, index) => (FIRST_CHOICES.has(key) ? [[index, FIRST_CHOICES.get(key)!] as const] : [])));
  round(
    keys.flatMap((key, index) => {
      const second = SECOND_CHOICES[key];
      return second !== undefined && !won.has(index) ? [[index, { field: second, rank: 0 }] as const] : [];
    }),
  );
  return won;
}
