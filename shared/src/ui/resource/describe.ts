import type { ReactNode } from 'react';
import type { AnyObjectSchema, InferType } from 'yup';
import { endpointApi, partnerToday, type PageLoader } from '@ushirika/shared/api';
import type { Endpoint, ListQuery, Permission, SessionUser } from '@ushirika/shared/contract';
import type { FieldValue } from '@ushirika/shared/forms';
import type { Locale } from '@ushirika/shared/i18n';
import type * as Validation from '@ushirika/shared/validation';

/** A record a list shows and an edit screen opens. */
export interface Identified {
  id: number;
}

/** The inputs the kit has (fields.tsx); `select` and `radio` take their options from `choices`. */
export type FieldKind = 'text' | 'textarea' | 'email' | 'tel' | 'number' | 'money' | 'date' | 'time' | 'checkbox' | 'select' | 'radio';

/** A fixed choice of a select or radio group: the value sent, and its label (a catalogue id). */
export interface Choice {
  value: string | number;
  label: string;
}

/** What a filter of another resource's records may look at: who is signed in, and the record being edited (none on a new one). */
export interface ChoiceContext {
  user: SessionUser | null;
  record?: Identified;
}

/** A select's options from the records of another resource (loaded once, cached), or of an endpoint (`{ endpoint }`). */
export interface RecordChoices {
  from: { endpoint: Endpoint<Identified>; optionLabel?(row: never): string };
  /** How a record reads as an option; default: the resource's optionLabel, else its name. */
  label?: (row: never) => string;
  /** The records offered: say, income accounts only, or not the record being edited. Default: every one. */
  filter?: (row: never, context: ChoiceContext) => boolean;
  /** Fixed choices offered before the records (say, 'Root Account' for 0). */
  first?: Choice[];
}

export interface FieldSpec {
  /** The schema's field name (also the form value's key and the label id `<resource>.field.<name>`). */
  name: string;
  kind?: FieldKind;
  /** Options of a select (fixed ones, or records) or of a radio group (fixed ones). */
  choices?: Choice[] | RecordChoices;
  /** Shows a note under the field: the text `<resource>.hint.<name>`. */
  hint?: boolean;
}

/** How a cell shows its value; a function for anything else. */
export type CellFormat = 'text' | 'date' | 'money';

/** A cell's own rendering. (Declared as a method so a column of a wider row fits a narrower one.) */
type CellRenderer<Row> = { render(value: never, row: Row): ReactNode }['render'];

/** A text of a row; declared as a method so a description of a row type is one of any row (as toForm). */
type RowText<Row> = { text(row: Row): ReactNode }['text'];

export interface ColumnSpec<Row> {
  /** Short name: the header's label id is `<resource>.column.<key>`. */
  key: string;
  /** The header's label id when it is not the resource's own (the kit's standard columns). */
  title?: string;
  /** Where the value is in the row; default: the key. `['Partner', 'name']` for a nested value. */
  dataIndex?: string | readonly string[];
  render?: CellFormat | CellRenderer<Row>;
  /** false: left out of the phone's card of a row (issue 28.6), which shows a row's key facts only. */
  card?: boolean;
}

/** Texts in every language, by key relative to the resource: 'title', 'add', 'field.name', 'column.createdAt'. */
export type Texts = Record<Locale, Record<string, string>>;

/** The permissions a resource's screens need (see `Resource.permissions`). */
export interface ResourcePermissions {
  read: Permission;
  write: Permission;
  export?: Permission;
}

/**
 * One resource of the interface as a description: everything its list, new and edit screens, its API calls
 * and its texts follow from. A screen that needs more than the standard ones composes the kit itself and
 * still takes the description's calls, routes and texts.
 */
export interface Resource<S extends AnyObjectSchema, Row extends Identified> {
  /** Prefix of the resource's text ids: 'meetingTypes' gives 'meetingTypes.title'. */
  name: string;
  /** Path, answer keys, row schema and saved text, shared with the server (contract). */
  endpoint: Endpoint<Row>;
  /** Fixed query parameters of the list, a filter the server applies: `{ type: 'ROOT' }` lists `GET /<path>?type=ROOT`. */
  listParams?: Readonly<Record<string, string>>;
  /**
   * The shared yup schema of the form (the server validates with the same one), loaded with the form:
   * `validationSchema('groupSchema')`. A list screen never downloads the validation kit.
   */
  schema: () => Promise<S>;
  /** The menu group's heading id, shown in the breadcrumb: 'meetings.heading'. */
  parent: string;
  /**
   * Absolute routes of the list, new and edit screens (spec 2.5); the edit screen of a record is `<edit>/<id>`
   * and reads it from the server. No edit route: records are added and listed, never edited (no Edit column).
   */
  routes: { list: string; new: string; edit?: string };
  columns: ColumnSpec<NoInfer<Row>>[];
  /** The list offers a From / To date range (issue 28.3), past and future: its records carry dates a user looks for. */
  listDates?: boolean;
  /** The heading of a row's card on a phone (issue 28.6): a column's key or a function of the row; default: the first column. */
  cardTitle?: string | RowText<NoInfer<Row>>;
  /**
   * What its screens need, as its server routes declare (issue 25): `read` the list, `write` the new and edit
   * screens and their New and Edit buttons, `export` an export button the area adds (`useResourceAccess`). A
   * screen the user may not open by its address shows NoAccess. None: everyone sees everything (the server decides).
   */
  permissions?: ResourcePermissions;
  /** The form's fields in display order (the new form's, and the edit form's unless `edit` gives its own). */
  fields: FieldSpec[];
  /**
   * The edit form where it differs from the new one (issue 27.8: a contact's edit asks for an email the new form
   * does not): its own schema and fields, each the new form's when left out. Its heading is still `edit` and
   * its labels `field.<name>`.
   */
  edit?: EditForm;
  /**
   * Texts, by key relative to `name`: title (list heading), add (button to the new screen), new and edit
   * (form headings; edit only with an edit route), field.<name>, column.<key>.
   */
  texts: Texts;
  /** Texts whose id is the English text itself: the resource's own schema and server messages. */
  messages?: Texts;
  /**
   * Starting values the schema does not give, for fields a form holds without asking (a fixed type, a hidden
   * flag) or starts ticked or not: `{ accountType: 'ROOT' }`. A record's own values come first.
   */
  defaults?: Partial<Record<string, FieldValue>>;
  /** Form values of a record whose field names differ from the schema's; default: the record's same-named fields. */
  toForm?(row: NoInfer<Row>): Partial<Record<string, FieldValue>>;
  /** How a record reads as an option of another resource's select; default: its name. */
  optionLabel?(row: NoInfer<Row>): string;
}

/** A resource's edit form, where it differs from its new form (`Resource.edit`). */
export interface EditForm {
  /** Its shared yup schema, loaded with the form like the resource's `schema`. */
  schema?: () => Promise<AnyObjectSchema>;
  /** Its fields in display order. */
  fields?: FieldSpec[];
}

/** The schema and fields of the form that adds a record (no record) or edits one. */
export function formOf<S extends AnyObjectSchema>(
  resource: Resource<S, Identified>,
  record?: Identified,
): { schema: () => Promise<AnyObjectSchema>; fields: FieldSpec[] } {
  const edit = record ? resource.edit : undefined;
  return { schema: edit?.schema ?? resource.schema, fields: edit?.fields ?? resource.fields };
}

/** The names of the validation kit's object schemas: 'groupSchema', 'meetingSchema', … */
type SchemaName = { [K in keyof typeof Validation]: (typeof Validation)[K] extends AnyObjectSchema ? K : never }[keyof typeof Validation];

/**
 * A description's `schema`: the validation kit's schema of that name, imported when a form first asks for it
 * (`@ushirika/shared/validation` holds libphonenumber's metadata, 30 KB that a list screen does not need).
 */
export const validationSchema =
  <K extends SchemaName>(name: K) =>
  (): Promise<(typeof Validation)[K]> =>
    import('@ushirika/shared/validation').then((rules) => rules[name]);

/** A description, checked: `defineResource({...})` keeps the row and schema types. */
export const defineResource = <S extends AnyObjectSchema, Row extends Identified>(resource: Resource<S, Row>) => resource;

/** The id of one of the resource's texts: `textId(meetingTypes, 'field.name')` → 'meetingTypes.field.name'. */
export const textId = (resource: { name: string }, key: string) => `${resource.name}.${key}`;

/** A page loader that adds fixed query parameters (and is cached apart from the unfiltered list). */
function withParams<Row>(page: PageLoader<Row>, params: Readonly<Record<string, string>>): PageLoader<Row> {
  return Object.assign((query: ListQuery, signal?: AbortSignal) => page({ ...query, ...params } as ListQuery, signal), { path: page.path, params });
}

/** The resource's API calls (`GET/POST /<path>`, `PUT /<path>/{id}`), made once per description. */
const apis = new WeakMap<object, ReturnType<typeof endpointApi>>();
export function resourceApi<Row extends Identified>(resource: Resource<AnyObjectSchema, Row>) {
  let calls = apis.get(resource);
  if (!calls) {
    calls = endpointApi(resource.endpoint as Endpoint<object>);
    if (resource.listParams) calls = { ...calls, page: withParams(calls.page, resource.listParams) };
    apis.set(resource, calls);
  }
  return calls as unknown as ReturnType<typeof endpointApi<Row>>;
}

/**
 * The form's starting values: every schema field, from the record (through `toForm`) when editing, else the
 * description's default, else (a new record's date the schema requires) the partner's today, else the schema's
 * default, else empty (selects and numbers hold '' when empty, so yup sees "missing"). A date the record may lack
 * (a birthday) starts empty: today would be a wrong answer nobody gave.
 */
export function formValues<S extends AnyObjectSchema>(
  resource: Resource<S, Identified>,
  schema: S,
  record?: Identified,
  today: () => string = partnerToday,
): Record<keyof InferType<S> & string, FieldValue> {
  const fromRecord = (record ? (resource.toForm?.(record) ?? record) : {}) as Partial<Record<string, unknown>>;
  const ownDefaults = (resource.defaults ?? {}) as Partial<Record<string, unknown>>;
  const schemaDefaults = schema.getDefault() as Record<string, unknown>;
  const described = schema.describe().fields as Record<string, { optional?: boolean }>;
  const todays = new Set(
    record
      ? []
      : formOf(resource)
          .fields.filter((field) => field.kind === 'date' && described[field.name]?.optional === false)
          .map((field) => field.name),
  );
  const values: Record<string, FieldValue> = {};
  for (const name of Object.keys(schema.fields)) {
    const value = fromRecord[name] ?? (name in ownDefaults ? ownDefaults[name] : todays.has(name) ? today() : schemaDefaults[name]);
    values[name] = value === undefined || value === null ? '' : (value as FieldValue);
  }
  return values as Record<keyof InferType<S> & string, FieldValue>;
}

/** The fixed choices of a field: its own, or those offered before the records. */
export const fixedChoices = ({ choices }: FieldSpec): Choice[] => (Array.isArray(choices) ? choices : (choices?.first ?? []));

/** Every text id a description uses, for the catalogue check. */
export function usedTextIds(resource: Resource<AnyObjectSchema, Identified>): string[] {
  const fields = [...resource.fields, ...(resource.edit?.fields ?? [])];
  return [
    ...['title', 'add', 'new', ...(resource.routes.edit ? ['edit'] : [])].map((key) => textId(resource, key)),
    ...fields.map((field) => textId(resource, `field.${field.name}`)),
    ...fields.filter((field) => field.hint).map((field) => textId(resource, `hint.${field.name}`)),
    ...fields.flatMap((field) => fixedChoices(field).map((choice) => choice.label)),
    ...resource.columns.map((column) => column.title ?? textId(resource, `column.${column.key}`)),
    resource.parent,
    resource.endpoint.savedText,
  ];
}

/** Columns many lists show, with the kit's labels: the partner's name ('Organisation') and 'Date Added'. */
export const organisationColumn: ColumnSpec<{ Partner: { name: string } }> = { key: 'organisation', title: 'kit.column.organisation', dataIndex: ['Partner', 'name'] };
export const dateAddedColumn: ColumnSpec<{ createdAt: string }> = { key: 'createdAt', title: 'kit.column.createdAt', render: 'date' };
