export { dateAddedColumn, defineResource, fixedChoices, formOf, formValues, organisationColumn, resourceApi, textId, usedTextIds, validationSchema } from './describe';
export type {
  CellFormat,
  Choice,
  ChoiceContext,
  ColumnSpec,
  EditForm,
  FieldKind,
  FieldSpec,
  Identified,
  RecordChoices,
  Resource,
  ResourcePermissions,
  Texts,
} from './describe';
export { useResourceAccess } from './access';
export type { ResourceAccess } from './access';
export { areaCatalogue, resourceTexts } from './catalogue';
export type { Catalogue, Catalogues } from './catalogue';
export { ResourceEditPage, ResourceFormPage, ResourceListPage, resourceColumns, resourceRoutes } from './ResourcePages';
