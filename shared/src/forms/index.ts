export { FormPage } from './FormPage';
export type { FormPageProps, FormValues } from './FormPage';
export { TextField, TextAreaField, NumberField, MoneyField, DateField, DateTimeField, TimeField, CheckboxField, SelectField, RadioGroupField, FileField } from './fields';
export type { FieldProps, FieldValue, Option, RadioOption, SelectFieldProps } from './fields';
export { useFormValues } from './context';
export { ResourceFormPage } from './ResourceFormPage';
