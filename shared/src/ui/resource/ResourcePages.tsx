import { Route } from 'react-router-dom';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import type { AnyObjectSchema } from 'yup';
import { useSession } from '@ushirika/shared/session';
import { NothingSelected, useEditRecord } from '../edit-record';
import { useEndpointOptions } from '../data';
import { FormPage } from '../form/FormPage';
import { CheckboxField, DateField, MoneyField, NumberField, RadioGroupField, SelectField, TextAreaField, TextField, TimeField } from '../form/fields';
import { DateText, MoneyText } from '../format';
import { ListPage, type ListColumn, type ListPageProps } from '../ListPage';
import { fixedChoices, formValues, resourceApi, textId, type ChoiceContext, type ColumnSpec, type FieldSpec, type Identified, type Resource } from './describe';

type AnyResource = Resource<AnyObjectSchema, Identified>;

function listColumn<Row extends Identified>(resource: AnyResource, { key, title, dataIndex = key, render }: ColumnSpec<Row>): ListColumn<Row> {
  const column: ListColumn<Row> = { key, title: title ?? textId(resource, `column.${key}`), dataIndex: dataIndex as string };
  if (render === 'date') column.render = (value: string) => <DateText value={value} />;
  else if (render === 'money') column.render = (value: string) => <MoneyText value={value} />;
  else if (typeof render === 'function') column.render = render as unknown as ListColumn<Row>['render'];
  return column;
}

/** The list screen of a resource; props take what a screen adds (row actions, header tools). */
export function ResourceListPage<Row extends Identified>({
  resource,
  ...extra
}: { resource: Resource<AnyObjectSchema, Row> } & Partial<Pick<ListPageProps<Row>, 'actions' | 'tools' | 'search'>>) {
  const any = resource as unknown as AnyResource;
  return (
    <ListPage<Row>
      title={textId(resource, 'title')}
      parent={resource.parent}
      columns={resource.columns.map((column) => listColumn<Row>(any, column as ColumnSpec<Row>))}
      load={resourceApi(any).page as ListPageProps<Row>['load']}
      add={{ label: textId(resource, 'add'), to: resource.routes.new }}
      editTo={resource.routes.edit}
      {...extra}
    />
  );
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

/** The new (no record) or edit form of a resource: saves, refreshes its lists and choices, returns to the list. */
export function ResourceFormPage<Row extends Identified>({ resource, record }: { resource: Resource<AnyObjectSchema, Row>; record?: Row }) {
  const any = resource as unknown as AnyResource;
  return (
    <FormPage
      title={textId(resource, record ? 'edit' : 'new')}
      parent={resource.parent}
      schema={resource.schema}
      initialValues={formValues(any, record)}
      save={(body) => resourceApi(any).save(body, record?.id)}
      successText={resource.endpoint.savedText}
      backTo={resource.routes.list}
      refreshes={resource.endpoint.path}
    >
      {resource.fields.map((field) => (
        <ResourceField key={field.name} resource={any} field={field} record={record} />
      ))}
    </FormPage>
  );
}

/** The edit screen: the record handed over by the list (spec 2.1), or 'Nothing selected'. */
export function ResourceEditPage<Row extends Identified>({ resource }: { resource: Resource<AnyObjectSchema, Row> }) {
  const record = useEditRecord<Row>(resource.routes.edit ?? resource.routes.list);
  return record && resource.routes.edit ? <ResourceFormPage resource={resource} record={record} /> : <NothingSelected backTo={resource.routes.list} />;
}

/** `route` relative to the area mounted at `/<base>`, or null when the route is not under it. */
function relative(route: string, base: string): string | null {
  const prefix = `/${base}/`;
  return route.startsWith(prefix) ? route.slice(prefix.length) : null;
}

/**
 * The routes of a resource's screens inside its area's `<Routes>`: list, new, edit. `screens` replaces a
 * standard screen with the area's own composition (say, a list with extra columns).
 */
export function resourceRoutes<Row extends Identified>(
  resource: Resource<AnyObjectSchema, Row>,
  base: string,
  screens: Partial<Record<'list' | 'new' | 'edit', ReactElement>> = {},
): ReactElement[] {
  const elements = {
    list: screens.list ?? <ResourceListPage resource={resource} />,
    new: screens.new ?? <ResourceFormPage resource={resource} />,
    edit: screens.edit ?? <ResourceEditPage resource={resource} />,
  };
  return (['list', 'new', 'edit'] as const).flatMap((screen) => {
    const route = resource.routes[screen];
    const path = route === undefined ? null : relative(route, base);
    return path === null ? [] : [<Route key={`${resource.name}:${screen}`} path={path} element={elements[screen]} />];
  });
}
