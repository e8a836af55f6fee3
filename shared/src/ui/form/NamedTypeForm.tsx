import type { ObjectSchema } from 'yup';
import type { Label } from '../label';
import { TextAreaField, TextField } from './fields';
import { FormPage } from './FormPage';

/** What a "type" form edits (meeting types, group types): a name and a description. */
export interface NamedTypeBody {
  name: string;
  description: string;
}

export interface NamedTypeFormProps {
  title: Label;
  parent: Label;
  /** The area's shared schema for the two fields (e.g. meetingTypeSchema, groupTypeSchema). */
  schema: ObjectSchema<NamedTypeBody>;
  /** The record being edited; absent for a new one. */
  record?: { id: number } & NamedTypeBody;
  /** POST without an id, PUT with the record's id. */
  save: (body: NamedTypeBody, id?: number) => Promise<unknown>;
  successText: string;
  backTo: string;
  labels: { name: Label; description: Label };
}

/** The whole form of a "type" screen (spec 2.9, 2.11): Type Name and a Description textarea. */
export function NamedTypeForm({ title, parent, schema, record, save, successText, backTo, labels }: NamedTypeFormProps) {
  return (
    <FormPage
      title={title}
      parent={parent}
      schema={schema}
      initialValues={{ name: record?.name ?? '', description: record?.description ?? '' }}
      save={(body) => save(body, record?.id)}
      successText={successText}
      backTo={backTo}
    >
      <TextField name="name" label={labels.name} />
      <TextAreaField name="description" label={labels.description} />
    </FormPage>
  );
}
