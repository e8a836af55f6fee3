export { dateAddedColumn, defineResource, fixedChoices, formValues, organisationColumn, resourceApi, textId, usedTextIds, validationSchema } from './describe';
export type { CellFormat, Choice, ChoiceContext, ColumnSpec, FieldKind, FieldSpec, Identified, RecordChoices, Resource, Texts } from './describe';
export { areaCatalogue, resourceTexts } from './catalogue';
export type { Catalogue, Catalogues } from './catalogue';
export { ResourceEditPage, ResourceFormPage, ResourceListPage, resourceRoutes } from './ResourcePages';
