import type { Group } from '@ushirika/shared/contract';
import { FormPage, NothingSelected, SelectField, TextAreaField, TextField, useEditRecord, useOptions } from '@ushirika/shared/ui';
import { groupSchema } from '@ushirika/shared/validation';
import { groupTypeOptions } from '../group-types/api';
import { saveGroup } from './api';
import { EDIT_GROUP_PATH, GROUPS_PATH } from './paths';

const SAVED = 'New group saved successfully!';

function GroupForm({ title, record }: { title: string; record?: Group }) {
  const types = useOptions(groupTypeOptions);
  return (
    <FormPage
      title={title}
      parent="contacts.heading"
      schema={groupSchema}
      initialValues={{
        groupType: record?.groupType ?? '',
        name: record?.name ?? '',
        description: record?.description ?? '',
        brandName: record?.brandName ?? '',
      }}
      save={(body) => saveGroup(body, record?.id)}
      successText={SAVED}
      backTo={GROUPS_PATH}
    >
      <SelectField name="groupType" label="groups.field.groupType" options={types.options} loading={types.loading} loadError={types.error} />
      <TextField name="name" label="groups.field.name" />
      <TextAreaField name="description" label="groups.field.description" />
      <TextField name="brandName" label="groups.field.brandName" />
    </FormPage>
  );
}

/** /contacts/groups/new */
export function NewGroupPage() {
  return <GroupForm title="groups.new.title" />;
}

/** /contacts/groups/edit and /contacts/sgroups/edit (spec 2.5), opened from the list's Edit with the record. */
export function EditGroupPage() {
  const record = useEditRecord<Group>(EDIT_GROUP_PATH);
  return record ? <GroupForm title="groups.edit.title" record={record} /> : <NothingSelected backTo={GROUPS_PATH} />;
}
