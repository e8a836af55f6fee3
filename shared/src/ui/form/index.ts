export { FormPage } from './FormPage';
export type { FormPageProps, FormValues } from './FormPage';
export { TextField, TextAreaField, NumberField, MoneyField, DateField, TimeField, CheckboxField, SelectField } from './fields';
export type { FieldProps, FieldValue, Option, SelectFieldProps } from './fields';
