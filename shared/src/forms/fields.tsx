import { UploadOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, InputNumber, Radio, Select, Upload } from 'antd';
import { useField, useFormikContext } from 'formik';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '@ushirika/shared/api';
import { translateText } from '@ushirika/shared/i18n';
import { DateInput, DEFAULT_CURRENCY, groupedMoney, moneyValue, useLabel, type Label } from '@ushirika/shared/ui';
import { fieldId, useRequired } from './context';

/** A value a form field holds. Selects and numbers hold '' when empty, so yup sees "missing". */
export type FieldValue = string | number | boolean | null;

export interface FieldProps {
  /** The form value's key (also the schema's). */
  name: string;
  label: Label;
  /** A note under the input (what to type, what happens), shown always, below the field's message. */
  hint?: Label;
}

/** The field's message, translated, once the field was touched or the form submitted (Formik touches every field on submit). */
function useFieldMessage(name: string): string | undefined {
  const [, meta] = useField(name);
  const intl = useIntl();
  return meta.touched && meta.error ? translateText(intl, meta.error) : undefined;
}

/** The ids of a field's message and hint, which its input is described by. */
const messageId = (name: string) => `${fieldId(name)}-message`;
const hintId = (name: string) => `${fieldId(name)}-hint`;

/**
 * What tells assistive technology about a field's input: the message and hint under it (`aria-describedby`, read
 * after the label) and whether the message is an error (`aria-invalid`).
 */
function useFieldAria(name: string, hint: Label | undefined) {
  const message = useFieldMessage(name);
  const ids = [message ? messageId(name) : undefined, hint === undefined ? undefined : hintId(name)].filter(Boolean);
  return { 'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined, 'aria-invalid': message ? true : undefined };
}

/**
 * Label, input and the field's message under it. The message shows once the field was touched or the
 * form was submitted (Formik touches every field on submit), translated like every yup/server text.
 */
function FieldFrame({ name, label, hint, children }: FieldProps & { children: ReactNode }) {
  const text = useLabel();
  const message = useFieldMessage(name);
  return (
    <Form.Item
      label={text(label)}
      htmlFor={fieldId(name)}
      required={useRequired(name)}
      validateStatus={message ? 'error' : undefined}
      help={message && <span id={messageId(name)}>{message}</span>}
      extra={hint === undefined ? undefined : <span id={hintId(name)}>{text(hint)}</span>}
    >
      {children}
    </Form.Item>
  );
}

/** A form value no kit field holds (`useFormField`): its value, its message to show, and how to change it. */
export interface FormField<Value> {
  value: Value;
  /** The schema's message about the value as a whole, translated; shown once the user changed it or submitted. */
  message: string | undefined;
  /** Sets the value (touched first, without validating the old value), then validates. */
  setValue: (value: Value) => void;
}

/**
 * A value of the form that a screen edits its own way rather than through one input: a list of people with their
 * roles, say (a household's members). Only inside a FormPage's children; the schema validates it with the rest.
 */
export function useFormField<Value>(name: string): FormField<Value> {
  const intl = useIntl();
  const [field, meta, helpers] = useField<Value>(name);
  const { submitCount } = useFormikContext();
  const shown = (meta.touched || submitCount > 0) && typeof meta.error === 'string';
  return {
    value: field.value,
    message: shown ? translateText(intl, meta.error as string) : undefined,
    setValue: (value) => {
      void helpers.setTouched(true, false);
      void helpers.setValue(value);
    },
  };
}

/** Formik props for a text-like input, which reports DOM change and blur events, and its description. */
function useInputProps(name: string, hint: Label | undefined) {
  const [field] = useField<string | number | null>(name);
  return { ...field, ...useFieldAria(name, hint), id: fieldId(name), value: field.value ?? '' };
}

/** Formik state for a field whose input reports a value (not a DOM event). */
function useValueField(name: string) {
  const [field, , helpers] = useField<FieldValue>(name);
  return {
    id: fieldId(name),
    value: field.value,
    onChange: (value: FieldValue | undefined) => void helpers.setValue(value ?? ''),
    onBlur: () => void helpers.setTouched(true),
  };
}

/** `autoComplete` helps password managers: 'current-password' or 'new-password' on password fields. */
export function TextField({ name, label, hint, type = 'text', autoComplete }: FieldProps & { type?: 'text' | 'email' | 'tel' | 'password'; autoComplete?: string }) {
  const input = useInputProps(name, hint);
  return (
    <FieldFrame name={name} label={label} hint={hint}>
      <Input type={type} autoComplete={autoComplete} {...input} />
    </FieldFrame>
  );
}

export function TextAreaField({ name, label, hint, rows = 3 }: FieldProps & { rows?: number }) {
  const input = useInputProps(name, hint);
  return (
    <FieldFrame name={name} label={label} hint={hint}>
      <Input.TextArea rows={rows} {...input} />
    </FieldFrame>
  );
}

/** A count (attendance and the like); the schema says what it must be (whole, not negative). */
export function NumberField({ name, label, hint }: FieldProps) {
  const { value, onChange, ...rest } = useValueField(name);
  return (
    <FieldFrame name={name} label={label} hint={hint}>
      <InputNumber<string>
        {...rest}
        // stringMode hands back exactly what was typed, so the schema (not the input) judges it.
        stringMode
        min="0"
        style={{ width: '100%' }}
        value={value === '' || value === null ? null : String(value)}
        onChange={(next) => onChange(next)}
      />
    </FieldFrame>
  );
}

/**
 * An amount of money kept as the exact text typed or received ('48250.50'), never a float: a number
 * input would show '48250.5' and round. It takes amounts grouped as people write them ('1,500', '1 500.50':
 * the value is '1500', '1500.50') and shows the value grouped ('1,500.50') when it is not being typed in; text
 * that is no amount stays as typed, for the schema to say what is wrong. The currency stands before it.
 */
export function MoneyField({ name, label, hint, currency = DEFAULT_CURRENCY }: FieldProps & { currency?: string }) {
  const [field, , helpers] = useField<string | number | null>(name);
  const aria = useFieldAria(name, hint);
  // What the user is typing (from the value's text as shown when the box is entered); null when not typing. The text
  // does not change on entering: a selection made as the box takes the focus (select all, then type) still holds.
  const [typed, setTyped] = useState<string | null>(null);
  const value = field.value === null || field.value === undefined ? '' : String(field.value);
  return (
    <FieldFrame name={name} label={label} hint={hint}>
      <Input
        {...aria}
        id={fieldId(name)}
        name={name}
        inputMode="decimal"
        autoComplete="off"
        prefix={currency}
        value={typed ?? groupedMoney(value)}
        onFocus={() => setTyped(groupedMoney(value))}
        onChange={(event) => {
          setTyped(event.target.value);
          void helpers.setValue(moneyValue(event.target.value));
        }}
        onBlur={(event) => {
          setTyped(null);
          field.onBlur(event);
        }}
      />
    </FieldFrame>
  );
}

/**
 * A date in the partner's date format (`DateInput`: dd/mm/yyyy, mm/dd/yyyy in the United States), whatever the
 * language and the browser's locale; its value is YYYY-MM-DD (or '' when none), what the schema and the API take.
 */
export function DateField({ name, label, hint }: FieldProps) {
  const [field, , helpers] = useField<string | null>(name);
  const aria = useFieldAria(name, hint);
  return (
    <FieldFrame name={name} label={label} hint={hint}>
      <DateInput {...aria} id={fieldId(name)} value={field.value ?? ''} onChange={(value) => void helpers.setValue(value)} onBlur={() => void helpers.setTouched(true)} />
    </FieldFrame>
  );
}

/**
 * Native date-and-time input: its value is 'YYYY-MM-DDTHH:mm' (no time zone) whatever the user's locale
 * shows; the schema says whose time it is (say, the partner's), and `hint` tells the user.
 */
export function DateTimeField({ name, label, hint }: FieldProps) {
  const input = useInputProps(name, hint);
  return (
    <FieldFrame name={name} label={label} hint={hint}>
      <Input type="datetime-local" {...input} />
    </FieldFrame>
  );
}

/** Native time input: its value is HH:mm (24 h), the schema's and the API's format. */
export function TimeField({ name, label, hint }: FieldProps) {
  const input = useInputProps(name, hint);
  return (
    <FieldFrame name={name} label={label} hint={hint}>
      <Input type="time" {...input} />
    </FieldFrame>
  );
}

export function CheckboxField({ name, label, hint }: FieldProps) {
  const [field, , helpers] = useField<boolean>(name);
  return (
    <FieldFrame name={name} label={label} hint={hint}>
      <Checkbox
        id={fieldId(name)}
        checked={Boolean(field.value)}
        onChange={(e) => void helpers.setValue(e.target.checked)}
        onBlur={() => void helpers.setTouched(true)}
      />
    </FieldFrame>
  );
}

export interface Option {
  value: string | number;
  label: string;
}

/** A choice of a radio group: its value, and its label (a catalogue id or an element). */
export interface RadioOption {
  value: string | number;
  label: Label;
}

/** One choice of a few, all shown (a select hides them): the value is the chosen option's. */
export function RadioGroupField({ name, label, hint, options }: FieldProps & { options: RadioOption[] }) {
  const intl = useIntl();
  const text = useLabel();
  const [field, , helpers] = useField<FieldValue>(name);
  const { value } = field;
  return (
    <FieldFrame name={name} label={label} hint={hint}>
      <Radio.Group
        id={fieldId(name)}
        // The frame's <label> points at a group, which labels nothing: the group names itself.
        aria-label={typeof label === 'string' ? intl.formatMessage({ id: label }) : undefined}
        value={value === null || typeof value === 'boolean' ? '' : value}
        // A choice is made at once: touched (without validating the old value), then the value, validated.
        onChange={(event) => {
          void helpers.setTouched(true, false);
          void helpers.setValue(event.target.value as string | number);
        }}
        options={options.map((option) => ({ value: option.value, label: text(option.label) }))}
      />
    </FieldFrame>
  );
}

/**
 * A file chosen from the user's computer, held in the form as a `File` ('' when none), for the save to
 * send as multipart. Nothing is uploaded on choosing. `accept` narrows the picker ('.csv,.xlsx').
 */
export function FileField({ name, label, hint, accept }: FieldProps & { accept?: string }) {
  const [field, , helpers] = useField<File | FieldValue>(name);
  const file = field.value instanceof File ? field.value : null;
  return (
    <FieldFrame name={name} label={label} hint={hint}>
      <Upload
        id={fieldId(name)}
        accept={accept}
        maxCount={1}
        // Touched first without validating, then the value (which validates): the other order would
        // validate the touch against the previous value and could leave its verdict standing.
        beforeUpload={(chosen) => {
          void helpers.setTouched(true, false);
          void helpers.setValue(chosen);
          // Kept in the form, not sent: the save sends it.
          return false;
        }}
        onRemove={() => {
          void helpers.setTouched(true, false);
          void helpers.setValue('');
        }}
        fileList={file ? [{ uid: fieldId(name), name: file.name, status: 'done' }] : []}
      >
        <Button icon={<UploadOutlined aria-hidden />}>
          <FormattedMessage id="kit.form.chooseFile" />
        </Button>
      </Upload>
    </FieldFrame>
  );
}

export interface SelectFieldProps extends FieldProps {
  options: Option[];
  loading?: boolean;
  /** Why the options could not be loaded; shown inside the open list. */
  loadError?: unknown;
  /** The first entry meaning "nothing chosen" (value ''); default 'Select one' (spec 2.11). */
  placeholder?: Label;
}

export function SelectField({ name, label, hint, options, loading, loadError, placeholder = 'kit.form.selectOne' }: SelectFieldProps) {
  const intl = useIntl();
  const text = useLabel();
  const { value, onChange, ...rest } = useValueField(name);
  const first = { value: '', label: text(placeholder) };
  return (
    <FieldFrame name={name} label={label} hint={hint}>
      <Select<string | number>
        {...rest}
        showSearch={{ optionFilterProp: 'label' }}
        loading={loading}
        value={value === null || typeof value === 'boolean' ? '' : value}
        onChange={(next) => onChange(next)}
        options={[first, ...options]}
        notFoundContent={loadError ? translateText(intl, errorText(loadError)) : undefined}
      />
    </FieldFrame>
  );
}
