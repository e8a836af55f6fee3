import type { ComponentType, ReactElement } from 'react';
import { Route } from 'react-router-dom';
import type { AnyObjectSchema } from 'yup';
import { EditRecord, NothingSelected } from '../edit-record';
import { RecordHistory } from '../history/RecordHistory';
import { lazyScreen } from '../lazy-screen';
import { DateText, MoneyText } from '../format';
import { ListPage, type ListColumn, type ListPageProps } from '../ListPage';
import { RequirePermission } from '../RequirePermission';
import { useResourceAccess } from './access';
import { resourceApi, textId, type ColumnSpec, type Identified, type Resource } from './describe';

type AnyResource = Resource<AnyObjectSchema, Identified>;

function listColumn<Row extends object>(resource: { name: string }, { key, title, dataIndex = key, render, card }: ColumnSpec<Row>): ListColumn<Row> {
  const column: ListColumn<Row> = { key, title: title ?? textId(resource, `column.${key}`), dataIndex: dataIndex as string };
  if (card === false) column.card = false;
  if (render === 'date') column.render = (value: string) => <DateText value={value} />;
  else if (render === 'money') column.render = (value: string) => <MoneyText value={value} />;
  else if (typeof render === 'function') column.render = render as unknown as ListColumn<Row>['render'];
  return column;
}

/**
 * A description's columns as a list shows them, for an area's own list of the resource (one with filters, say):
 * its `columns`, or the `columns` given (some of them, or pointed into a row that nests the record), with its texts.
 */
export function resourceColumns<Row extends object>(resource: { name: string; columns: ColumnSpec<never>[] }, columns?: ColumnSpec<Row>[]): ListColumn<Row>[] {
  return (columns ?? (resource.columns as ColumnSpec<Row>[])).map((column) => listColumn<Row>(resource, column));
}

/** The list screen of a resource; props take what a screen adds (row actions, header tools). New and Edit show to those who may write. */
export function ResourceListPage<Row extends Identified>({
  resource,
  ...extra
}: { resource: Resource<AnyObjectSchema, Row> } & Partial<Pick<ListPageProps<Row>, 'actions' | 'tools' | 'search' | 'dates' | 'summary' | 'cardTitle'>>) {
  const any = resource as unknown as AnyResource;
  const access = useResourceAccess(resource);
  return (
    <ListPage<Row>
      title={textId(resource, 'title')}
      parent={resource.parent}
      columns={resourceColumns<Row>(resource)}
      load={resourceApi(any).page as ListPageProps<Row>['load']}
      add={access.write ? { label: textId(resource, 'add'), to: resource.routes.new } : undefined}
      editTo={access.write ? resource.routes.edit : undefined}
      dates={resource.listDates}
      cardTitle={resource.cardTitle}
      {...extra}
    />
  );
}

/** The form module, loaded when a form is first opened: list screens never download formik nor the validation kit. */
const LazyResourceFormPage = lazyScreen(() => import('@ushirika/shared/forms') as Promise<{ ResourceFormPage: ComponentType<ResourceFormProps> }>, 'ResourceFormPage');

interface ResourceFormProps {
  resource: Resource<AnyObjectSchema, Identified>;
  record?: Identified;
  reload?: () => void;
}

/**
 * The new (no record) or edit form of a resource: saves, refreshes its lists and choices, returns to the list
 * (`@ushirika/shared/forms`). It suspends while the form module and the description's schema load, which the
 * area's loading state covers.
 */
export function ResourceFormPage<Row extends Identified>({ resource, record, reload }: { resource: Resource<AnyObjectSchema, Row>; record?: Row; reload?: () => void }) {
  return <LazyResourceFormPage resource={resource as unknown as ResourceFormProps['resource']} record={record} reload={reload} />;
}

/**
 * The edit screen at `<edit>/<id>`: the record as the server has it now (EditRecord), its form keyed by the
 * record's version, so a reload after a refused save starts the form again from the newer values; under the form,
 * the record's own history (issue 26.2), read only when opened.
 */
export function ResourceEditPage<Row extends Identified>({ resource }: { resource: Resource<AnyObjectSchema, Row> }) {
  if (!resource.routes.edit) return <NothingSelected backTo={resource.routes.list} />;
  return (
    <EditRecord<Row> endpoint={resource.endpoint} backTo={resource.routes.list}>
      {(record, reload) => (
        <>
          <ResourceFormPage key={String((record as { version?: number }).version)} resource={resource} record={record} reload={reload} />
          <RecordHistory path={resource.endpoint.path} id={record.id} />
        </>
      )}
    </EditRecord>
  );
}

/** `route` relative to the area mounted at `/<base>`, or null when the route is not under it. */
function relative(route: string, base: string): string | null {
  const prefix = `/${base}/`;
  return route.startsWith(prefix) ? route.slice(prefix.length) : null;
}

/**
 * The routes of a resource's screens inside its area's `<Routes>`: list, new, edit. `screens` replaces a
 * standard screen with the area's own composition (say, a list with extra columns). With `permissions`, the list
 * needs `read` and the new and edit screens `write`: opened by its address without it, a screen shows NoAccess.
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
  const needs = { list: resource.permissions?.read, new: resource.permissions?.write, edit: resource.permissions?.write };
  const guarded = (screen: 'list' | 'new' | 'edit') => {
    const permission = needs[screen];
    return permission ? <RequirePermission permission={permission}>{elements[screen]}</RequirePermission> : elements[screen];
  };
  return (['list', 'new', 'edit'] as const).flatMap((screen) => {
    const route = resource.routes[screen];
    const path = route === undefined ? null : relative(route, base);
    if (path === null) return [];
    // The edit screen names its record (`<edit>/<id>`); the bare address (a bookmark from before ids) says 'Nothing selected'.
    const paths = screen === 'edit' ? [path, `${path}/:id`] : [path];
    return paths.map((routePath) => <Route key={`${resource.name}:${routePath}`} path={routePath} element={guarded(screen)} />);
  });
}
