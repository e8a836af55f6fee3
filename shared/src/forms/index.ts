export { FormPage } from './FormPage';
export type { FormPageProps, FormValues } from './FormPage';
export {
  TextField,
  TextAreaField,
  NumberField,
  MoneyField,
  DateField,
  DateTimeField,
  TimeField,
  CheckboxField,
  SelectField,
  RadioGroupField,
  FileField,
  useFormField,
} from './fields';
export type { FieldProps, FieldValue, FormField, Option, RadioOption, SelectFieldProps } from './fields';
export { useFormValues } from './context';
export { ResourceFormPage } from './ResourceFormPage';
