import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  CONTACT_IMPORT_FIELDS,
  type ContactImportChange,
  type ContactImportColumn,
  type ContactImportCounts,
  type ContactImportField,
  type ContactImportPreview,
  type ContactImportRow,
  type HouseholdRole,
  type ImportDateOrder,
} from '@ushirika/shared/contract';
import { contactEditSchema, validateFieldsSync } from '@ushirika/shared/validation';
import type { ReadContactRow } from './import';

/**
 * Matching an import's rows to the partner's contacts, and what each would change (issue 27.2-27.3). Pure: the
 * contacts and households the rows' keys find are looked up first (import-queries.ts, one query per kind of key)
 * and given here as an `ImportLookup`. docs/import.md describes the rules for the partner:
 *
 * - A row is the contact with its external ID, else with its mobile, else with its email (case ignored); never a
 *   name. Erased contacts are never looked up.
 * - Its keys finding two different contacts (the external ID one, the mobile another; an email several contacts
 *   share; a mobile or email of a contact with another external ID; a changed email another contact has) is a
 *   `conflict`, shown, never guessed. So is a match with an archived contact (restore it first), a contact an
 *   earlier row of the file took, and a mobile or external ID an earlier row of the file has.
 * - A matched row changes only the cells that have a value and differ (an email in another case is the same):
 *   `update`, else `unchanged`. A blank cell never erases.
 * - A row no contact has is `new` when the contact form takes it whole (its required first name, last name and
 *   mobile), else `error` with the form's messages; so is a row with a wrong cell (the reader's messages).
 * - Households: a `householdId` is the household with that key (the other system's household id, or `H-<id>` for
 *   one made here), made when there is none; a `householdName` without an id column is the household of that exact
 *   name (the oldest), made when there is none; a name beside an id renames that household. The role is the row's,
 *   else the one the contact has in that household, else `other`. A role without any household is ignored. A
 *   household has one head: a row that would make a second one is a conflict with the head or the earlier row.
 *
 * The rows are matched in file order; an earlier row wins. The event loop gets a turn every TURN_MS of work.
 */

/** A contact's own fields, the ones a contact row stores (not the household's). */
export const MEMBER_IMPORT_FIELDS = CONTACT_IMPORT_FIELDS.filter(
  (field): field is MemberImportField => field !== 'householdId' && field !== 'householdName' && field !== 'householdRole',
);
export type MemberImportField = Exclude<ContactImportField, 'householdId' | 'householdName' | 'householdRole'>;

/** A contact as a file row would show it: every field as the API does ('' for none), its household's key, name and role. */
export type ContactFileValues = Record<ContactImportField, string>;

export interface KnownContact {
  id: number;
  version: number;
  archived: boolean;
  values: ContactFileValues;
  /** Its household's id; null when it is in none. */
  householdId: number | null;
}

export interface KnownHousehold {
  id: number;
  /** external_key, or `H-<id>` for one made here */
  key: string;
  name: string;
  /** Its head's contact id; null when it has none. */
  headId: number | null;
}

/** What the rows' keys found among the partner's contacts (erased ones left out) and households. */
export interface ImportLookup {
  byExternalId: ReadonlyMap<string, KnownContact>;
  byMobile: ReadonlyMap<string, KnownContact>;
  /** By lower-case email: every contact with it (an email is not unique). */
  byEmail: ReadonlyMap<string, readonly KnownContact[]>;
  householdsById: ReadonlyMap<number, KnownHousehold>;
  householdsByKey: ReadonlyMap<string, KnownHousehold>;
  /** By exact name, oldest first. */
  householdsByName: ReadonlyMap<string, readonly KnownHousehold[]>;
}

/** The keys to look up for the rows: ids, mobiles and lower-case emails of contacts; keys and names of households. */
export interface ImportKeys {
  externalIds: string[];
  mobiles: string[];
  emails: string[];
  householdKeys: string[];
  householdNames: string[];
}

/** A household the import would make: one per key (or per name, for a file without household ids). */
export interface NewHousehold {
  /** `key:<key>` or `name:<name>` */
  ref: string;
  /** The file's household id (its external key); null for one found by name. */
  key: string | null;
  /** The first name a row gives it; undefined until one does. */
  name: string | undefined;
}

export type HouseholdTarget = { kind: 'existing'; household: KnownHousehold } | { kind: 'new'; household: NewHousehold };

/** Where a row puts its contact: the household and role. */
export interface HouseholdPlan {
  target: HouseholdTarget;
  role: HouseholdRole;
}

/** What the commit writes for a new row: the contact's fields, and its household. */
export interface CreateWrite {
  kind: 'create';
  fields: Partial<Record<MemberImportField, string>>;
  household: HouseholdPlan | undefined;
}

/** What the commit writes for a matched row that changes its contact. */
export interface UpdateWrite {
  kind: 'update';
  contact: KnownContact;
  /** The contact's own fields that change, new values. */
  fields: Partial<Record<MemberImportField, string>>;
  /** Set when the household or the role changes. */
  household: HouseholdPlan | undefined;
}

export type RowWrite = CreateWrite | UpdateWrite;

export interface MatchedRow {
  /** As the preview shows it. */
  row: ContactImportRow;
  /** new and update rows only. */
  write?: RowWrite;
}

export interface ImportMatch {
  rows: MatchedRow[];
  /** Existing households whose name a row's household name replaces (the first such row's). */
  renames: ReadonlyMap<number, string>;
}

export const NOT_IMPORTED = {
  keysDisagree: 'Its external ID and its mobile belong to two different contacts',
  emailShared: 'Its email belongs to several contacts: add the mobile or the external ID to tell which',
  otherExternalId: 'It matches a contact who has another external ID',
  emailTaken: 'Its email belongs to another contact',
  archived: 'Matches an archived contact: restore it first',
  sameContact: 'An earlier row of the file matches the same contact',
  sameMobile: 'An earlier row of the file has the same mobile',
  sameExternalId: 'An earlier row of the file has the same external ID',
  secondHead: 'Its household already has a head',
} as const;

/** The key of a household made here: `H-<id>`. */
export const householdKeyOf = (id: number) => `H-${id}`;

/** The longest the matching works before it gives the event loop a turn (a new row's form check takes about 0.1 ms). */
const TURN_MS = 10;

export function importKeys(rows: readonly ReadContactRow[]): ImportKeys {
  const keys = {
    externalIds: new Set<string>(),
    mobiles: new Set<string>(),
    emails: new Set<string>(),
    householdKeys: new Set<string>(),
    householdNames: new Set<string>(),
  };
  for (const { values } of rows) {
    if (values.externalId) keys.externalIds.add(values.externalId);
    if (values.mobile) keys.mobiles.add(values.mobile);
    if (values.email) keys.emails.add(values.email.toLowerCase());
    if (values.householdId) keys.householdKeys.add(values.householdId);
    if (values.householdName) keys.householdNames.add(values.householdName);
  }
  return {
    externalIds: [...keys.externalIds],
    mobiles: [...keys.mobiles],
    emails: [...keys.emails],
    householdKeys: [...keys.householdKeys],
    householdNames: [...keys.householdNames],
  };
}

/** The form's fields of a row, for contactEditSchema: the contact's own ones. */
const formInput = (values: ReadContactRow['values']) => Object.fromEntries(MEMBER_IMPORT_FIELDS.map((field) => [field, values[field] ?? '']));

const sameValue = (field: ContactImportField, a: string, b: string) => (field === 'email' ? a.toLowerCase() === b.toLowerCase() : a === b);

/** The fields a new contact must have, and the form's message for each when it is missing. */
const REQUIRED_FIELDS = ['firstName', 'lastName', 'mobile'] as const;
const REQUIRED_MESSAGES = new Map(
  REQUIRED_FIELDS.map((field) => {
    const checked = validateFieldsSync(contactEditSchema.pick([field]), { [field]: '' });
    return [field, checked.ok ? `${field} is required` : checked.messages[0]!] as const;
  }),
);

/** The form's messages for the required fields a row leaves blank. */
const missingMessages = (values: ReadContactRow['values']) => REQUIRED_FIELDS.flatMap((field) => (values[field] === undefined ? [REQUIRED_MESSAGES.get(field)!] : []));

/**
 * Matches every row (file order) and says what it would do. `country`: the partner's, for the form's checks of a
 * new row (its mobile is already E.164).
 */
export async function matchImportRows(rows: readonly ReadContactRow[], lookup: ImportLookup, country: string): Promise<ImportMatch> {
  const matcher = new RowMatcher(lookup, country);
  const matched: MatchedRow[] = [];
  let turn = performance.now();
  for (const row of rows) {
    matched.push(matcher.match(row));
    if (performance.now() - turn > TURN_MS) {
      await nextTurn();
      turn = performance.now();
    }
  }
  return { rows: matched, renames: matcher.renames };
}

type Conflict = { message: string; contactIds: number[]; row?: number };

/** Who is the head of a household as the file is read: the contact, or the row that claimed it. */
type HeadClaim = { contactId?: number; row?: number };

class RowMatcher {
  /** The rows that took each contact, mobile (`m:`) and external ID (`x:`). */
  private readonly contactRows = new Map<number, number>();
  private readonly valueRows = new Map<string, number>();
  private readonly newHouseholds = new Map<string, NewHousehold>();
  private readonly heads = new Map<string, HeadClaim | null>();
  readonly renames = new Map<number, string>();

  constructor(
    private readonly lookup: ImportLookup,
    private readonly country: string,
  ) {}

  match({ row, values, messages }: ReadContactRow): MatchedRow {
    const found = this.find(values);
    if (messages.length > 0) {
      // A row with a wrong cell is not imported; one that would be a new contact also says which required fields it lacks.
      const missing = 'contact' in found && found.contact === undefined ? missingMessages(values) : [];
      return { row: { row, status: 'error', messages: [...missing, ...messages] } };
    }
    if ('message' in found) return conflictRow(row, found);
    return found.contact ? this.matchedRow(row, values, found.contact) : this.newRow(row, values);
  }

  /** The contact the row's keys find (undefined: none), or why the keys do not agree. */
  private find(values: ReadContactRow['values']): { contact: KnownContact | undefined } | Conflict {
    const { byExternalId, byMobile, byEmail } = this.lookup;
    const email = values.email?.toLowerCase();
    const byId = values.externalId === undefined ? undefined : byExternalId.get(values.externalId);
    const byPhone = values.mobile === undefined ? undefined : byMobile.get(values.mobile);
    if (byId && byPhone && byId.id !== byPhone.id) return { message: NOT_IMPORTED.keysDisagree, contactIds: [byId.id, byPhone.id] };
    let contact = byId ?? byPhone;
    const withEmail = email === undefined ? [] : (byEmail.get(email) ?? []);
    if (!contact && withEmail.length > 1) return { message: NOT_IMPORTED.emailShared, contactIds: withEmail.map((known) => known.id) };
    contact ??= withEmail[0];
    if (!contact) return { contact: undefined };
    if (!byId && values.externalId !== undefined && contact.values.externalId !== '') return { message: NOT_IMPORTED.otherExternalId, contactIds: [contact.id] };
    const others = withEmail.filter((known) => known.id !== contact.id);
    if (email !== undefined && others.length > 0 && email !== contact.values.email.toLowerCase()) {
      return { message: NOT_IMPORTED.emailTaken, contactIds: [contact.id, ...others.map((known) => known.id)] };
    }
    if (contact.archived) return { message: NOT_IMPORTED.archived, contactIds: [contact.id] };
    const earlier = this.contactRows.get(contact.id);
    if (earlier !== undefined) return { message: NOT_IMPORTED.sameContact, contactIds: [contact.id], row: earlier };
    return { contact };
  }

  private matchedRow(row: number, values: ReadContactRow['values'], contact: KnownContact): MatchedRow {
    const changes: ContactImportChange[] = [];
    const fields: Partial<Record<MemberImportField, string>> = {};
    for (const field of MEMBER_IMPORT_FIELDS) {
      const value = values[field];
      if (value === undefined || sameValue(field, contact.values[field], value)) continue;
      changes.push({ field, old: contact.values[field], new: value });
      fields[field] = value;
    }
    const taken = this.takenValue({ mobile: fields.mobile, externalId: fields.externalId });
    if (taken) return conflictRow(row, { ...taken, contactIds: [contact.id] });

    const placed = this.householdOf(values, contact);
    const household = placed?.plan;
    const current = contact.values;
    if (household) {
      if (values.householdId !== undefined && values.householdId !== current.householdId)
        changes.push({ field: 'householdId', old: current.householdId, new: values.householdId });
      if (values.householdName !== undefined && values.householdName !== current.householdName) {
        changes.push({ field: 'householdName', old: current.householdName, new: values.householdName });
      }
      if (household.role !== current.householdRole) changes.push({ field: 'householdRole', old: current.householdRole, new: household.role });
      const head = this.headConflict(contact, household);
      if (head) return conflictRow(row, head);
    }
    this.claim(row, contact, { mobile: fields.mobile, externalId: fields.externalId }, placed);
    if (changes.length === 0) return { row: { row, status: 'unchanged', contactId: contact.id } };
    const moves = household !== undefined && (targetId(household.target) !== contact.householdId || household.role !== current.householdRole);
    return {
      row: { row, status: 'update', contactId: contact.id, changes: inFieldOrder(changes) },
      write: { kind: 'update', contact, fields, household: moves ? household : undefined },
    };
  }

  private newRow(row: number, values: ReadContactRow['values']): MatchedRow {
    const checked = validateFieldsSync(contactEditSchema, formInput(values), { country: this.country });
    if (!checked.ok) return { row: { row, status: 'error', messages: checked.messages } };
    const taken = this.takenValue({ mobile: values.mobile, externalId: values.externalId });
    if (taken) return conflictRow(row, { ...taken, contactIds: [] });
    const placed = this.householdOf(values, undefined);
    const household = placed?.plan;
    if (household) {
      const head = this.headConflict(undefined, household);
      if (head) return conflictRow(row, head);
    }
    this.claim(row, undefined, { mobile: values.mobile, externalId: values.externalId }, placed);
    const fields: Partial<Record<MemberImportField, string>> = {};
    const changes: ContactImportChange[] = [];
    for (const field of MEMBER_IMPORT_FIELDS) {
      const value = values[field];
      if (value === undefined) continue;
      fields[field] = value;
      changes.push({ field, old: '', new: value });
    }
    if (household) {
      if (values.householdId !== undefined) changes.push({ field: 'householdId', old: '', new: values.householdId });
      if (values.householdName !== undefined) changes.push({ field: 'householdName', old: '', new: values.householdName });
      changes.push({ field: 'householdRole', old: '', new: household.role });
    }
    return { row: { row, status: 'new', changes }, write: { kind: 'create', fields, household } };
  }

  /** An earlier row's mobile or external ID, when the row would take it too. */
  private takenValue({ mobile, externalId }: { mobile?: string | undefined; externalId?: string | undefined }): Omit<Conflict, 'contactIds'> | undefined {
    const byMobile = mobile === undefined ? undefined : this.valueRows.get(`m:${mobile}`);
    if (byMobile !== undefined) return { message: NOT_IMPORTED.sameMobile, row: byMobile };
    const byId = externalId === undefined ? undefined : this.valueRows.get(`x:${externalId}`);
    if (byId !== undefined) return { message: NOT_IMPORTED.sameExternalId, row: byId };
    return undefined;
  }

  /**
   * Where the row puts its contact, or undefined when it names no household and the contact has none (a role
   * alone is then ignored); and the name it gives the household. `contact`: the matched one, undefined for a new row.
   */
  private householdOf(values: ReadContactRow['values'], contact: KnownContact | undefined): Placement | undefined {
    const current = contact && contact.householdId !== null ? this.lookup.householdsById.get(contact.householdId) : undefined;
    let target: HouseholdTarget | undefined;
    if (values.householdId !== undefined) {
      const known = this.lookup.householdsByKey.get(values.householdId);
      target = known ? { kind: 'existing', household: known } : { kind: 'new', household: this.newHousehold(`key:${values.householdId}`, values.householdId) };
    } else if (values.householdName !== undefined) {
      const named = current && current.name === values.householdName ? current : this.lookup.householdsByName.get(values.householdName)?.[0];
      target = named ? { kind: 'existing', household: named } : { kind: 'new', household: this.newHousehold(`name:${values.householdName}`, null) };
    } else if (current) target = { kind: 'existing', household: current };
    if (!target) return undefined;
    const stays = current !== undefined && targetId(target) === current.id;
    const role = (values.householdRole as HouseholdRole | undefined) ?? (stays ? (contact!.values.householdRole as HouseholdRole) : 'other');
    return { plan: { target, role }, name: values.householdId !== undefined ? values.householdName : undefined };
  }

  /** The household made for `ref`, shared by every row that names it. */
  private newHousehold(ref: string, key: string | null): NewHousehold {
    let household = this.newHouseholds.get(ref);
    if (!household) {
      household = { ref, key, name: key === null ? ref.slice('name:'.length) : undefined };
      this.newHouseholds.set(ref, household);
    }
    return household;
  }

  /** The head the household has as the file is read so far (null: none). */
  private headOf(target: HouseholdTarget): HeadClaim | null {
    const ref = targetRef(target);
    if (!this.heads.has(ref)) this.heads.set(ref, target.kind === 'existing' && target.household.headId !== null ? { contactId: target.household.headId } : null);
    return this.heads.get(ref)!;
  }

  /**
   * A second head the row would make in its household. A head an earlier row took out of the household (moved,
   * or given another role) is no longer one; a later row doing so comes too late for this one.
   */
  private headConflict(contact: KnownContact | undefined, { target, role }: HouseholdPlan): Conflict | undefined {
    if (role !== 'head') return undefined;
    const head = this.headOf(target);
    if (!head || (contact !== undefined && head.contactId === contact.id)) return undefined;
    return { message: NOT_IMPORTED.secondHead, contactIds: head.contactId === undefined ? [] : [head.contactId], ...(head.row === undefined ? {} : { row: head.row }) };
  }

  /**
   * The row (an imported one: new, update or unchanged) takes its contact, its mobile and external ID, its
   * household's head if it is one, and names its household (the first name given wins).
   */
  private claim(row: number, contact: KnownContact | undefined, unique: { mobile?: string | undefined; externalId?: string | undefined }, placed: Placement | undefined) {
    if (contact) this.contactRows.set(contact.id, row);
    if (unique.mobile !== undefined) this.valueRows.set(`m:${unique.mobile}`, row);
    if (unique.externalId !== undefined) this.valueRows.set(`x:${unique.externalId}`, row);
    if (!placed) return;
    const { plan, name } = placed;
    if (name !== undefined) {
      const { target } = plan;
      if (target.kind === 'new') target.household.name ??= name;
      else if (name !== target.household.name && !this.renames.has(target.household.id)) this.renames.set(target.household.id, name);
    }
    // A head who leaves their household, or takes another role in it, is no longer its head.
    if (contact && contact.values.householdRole === 'head' && contact.householdId !== null) {
      const left = this.lookup.householdsById.get(contact.householdId);
      const stillHead = plan.role === 'head' && targetId(plan.target) === contact.householdId;
      if (left && !stillHead && this.headOf({ kind: 'existing', household: left })?.contactId === contact.id) this.heads.set(`id:${left.id}`, null);
    }
    if (plan.role === 'head') this.heads.set(targetRef(plan.target), { contactId: contact?.id, row });
  }
}

/** A row's household and role, and the name it gives that household (beside a household id). */
interface Placement {
  plan: HouseholdPlan;
  name: string | undefined;
}

const targetRef = (target: HouseholdTarget) => (target.kind === 'existing' ? `id:${target.household.id}` : target.household.ref);
const targetId = (target: HouseholdTarget) => (target.kind === 'existing' ? target.household.id : null);

const conflictRow = (row: number, { message, contactIds, row: earlier }: Conflict): MatchedRow => ({
  row: { row, status: 'conflict', messages: [message], conflictWith: earlier === undefined ? { contactIds } : { contactIds, row: earlier } },
});

const FIELD_ORDER = new Map(CONTACT_IMPORT_FIELDS.map((field, index) => [field, index]));
const inFieldOrder = (changes: ContactImportChange[]) => changes.sort((a, b) => FIELD_ORDER.get(a.field)! - FIELD_ORDER.get(b.field)!);

export function countImportRows(rows: readonly MatchedRow[]): ContactImportCounts {
  const counts: ContactImportCounts = { new: 0, update: 0, unchanged: 0, conflict: 0, error: 0 };
  for (const { row } of rows) counts[row.status] += 1;
  return counts;
}

/** The answer of POST /member/import/preview. */
export const importPreview = (columns: ContactImportColumn[], match: ImportMatch, dateOrder: ImportDateOrder): ContactImportPreview => ({
  columns,
  rows: match.rows.map(({ row }) => row),
  counts: countImportRows(match.rows),
  dateOrder,
});
