import { use, useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { AnyObjectSchema } from 'yup';
import { useSession } from '@ushirika/shared/session';
import {
  fixedChoices,
  formOf,
  formValues,
  resourceApi,
  textId,
  useEndpointOptions,
  type ChoiceContext,
  type FieldSpec,
  type Identified,
  type Resource,
} from '@ushirika/shared/ui';
import { CheckboxField, DateField, MoneyField, NumberField, RadioGroupField, SelectField, TextAreaField, TextField, TimeField } from './fields';
import { FormPage } from './FormPage';

type AnyResource = Resource<AnyObjectSchema, Identified>;

/** Each form's schema (a description's, or its edit form's), loaded once: it comes with the validation kit, which only forms download. */
const schemas = new WeakMap<object, Promise<AnyObjectSchema>>();
function loadedSchema(load: () => Promise<AnyObjectSchema>): Promise<AnyObjectSchema> {
  let schema = schemas.get(load);
  if (!schema) {
    schema = load();
    schemas.set(load, schema);
  }
  return schema;
}

/**
 * A select's options: fixed (labels translated), or the records of another resource that its filter keeps,
 * after its fixed first choices (records cached; refreshed after a save there).
 */
function useChoices(field: FieldSpec, context: ChoiceContext) {
  const intl = useIntl();
  const from = field.choices && !Array.isArray(field.choices) ? field.choices : undefined;
  const label = (from?.label ?? from?.from.optionLabel ?? ((row: { name?: string }) => row.name ?? '')) as (row: Identified) => string;
  const filter = from?.filter as ((row: Identified, context: ChoiceContext) => boolean) | undefined;
  const loaded = useEndpointOptions(from?.from.endpoint, label, filter && ((row) => filter(row, context)));
  const fixed = fixedChoices(field).map((choice) => ({ value: choice.value, label: intl.formatMessage({ id: choice.label }) }));
  return from ? { ...loaded, options: [...fixed, ...loaded.options] } : { options: fixed, loading: false, error: undefined };
}

function ResourceField({ resource, field, record }: { resource: AnyResource; field: FieldSpec; record?: Identified }) {
  const props = { name: field.name, label: textId(resource, `field.${field.name}`), hint: field.hint ? textId(resource, `hint.${field.name}`) : undefined };
  const user = useSession((state) => state.user);
  const choices = useChoices(field, { user, record });
  switch (field.kind ?? 'text') {
    case 'textarea':
      return <TextAreaField {...props} />;
    case 'email':
    case 'tel':
      return <TextField {...props} type={field.kind as 'email' | 'tel'} />;
    case 'number':
      return <NumberField {...props} />;
    case 'money':
      return <MoneyField {...props} />;
    case 'date':
      return <DateField {...props} />;
    case 'time':
      return <TimeField {...props} />;
    case 'checkbox':
      return <CheckboxField {...props} />;
    case 'select':
      return <SelectField {...props} options={choices.options} loading={choices.loading} loadError={choices.error} />;
    case 'radio':
      return <RadioGroupField {...props} options={fixedChoices(field)} />;
    default:
      return <TextField {...props} />;
  }
}

/** The body of a save: the form's values, and for an edit the version of the record the form was read at (where it has one). */
function withVersionOf(record: Identified | undefined, body: object): object {
  const version = (record as { version?: unknown } | undefined)?.version;
  return typeof version === 'number' ? { ...body, version } : body;
}

/**
 * The new (no record) or edit form of a resource: saves, refreshes its lists and choices, returns to the list.
 * An edit sends the version of the record it shows; `reload` reads the record again when that save is refused
 * over a newer version. An edit shows the description's edit form where it has one (`edit`). Suspends until the
 * form's schema is loaded. The kit's `ResourceFormPage` (`@ushirika/shared/ui`) loads this module when a form is
 * first opened.
 */
export function ResourceFormPage<Row extends Identified>({ resource, record, reload }: { resource: Resource<AnyObjectSchema, Row>; record?: Row; reload?: () => void }) {
  const any = resource as unknown as AnyResource;
  // The edit form may differ from the new one (`edit`: another schema, other fields).
  const form = formOf(any, record);
  const schema = use(loadedSchema(form.schema));
  // Read once: a new record's dates start at the partner's today, the day the form was opened.
  const initialValues = useMemo(() => formValues(any, schema, record), [any, schema, record]);
  return (
    <FormPage
      title={textId(resource, record ? 'edit' : 'new')}
      parent={resource.parent}
      schema={schema}
      initialValues={initialValues}
      save={(body) => resourceApi(any).save(withVersionOf(record, body), record?.id)}
      reload={reload}
      successText={resource.endpoint.savedText}
      backTo={resource.routes.list}
      refreshes={resource.endpoint.path}
    >
      {form.fields.map((field) => (
        <ResourceField key={field.name} resource={any} field={field} record={record} />
      ))}
    </FormPage>
  );
}
