import type { GroupType } from '@ushirika/shared/contract';
import { NamedTypeForm, NothingSelected, useEditRecord } from '@ushirika/shared/ui';
import { groupTypeSchema } from '@ushirika/shared/validation';
import { saveGroupType } from './api';
import { EDIT_GROUP_TYPE_PATH, GROUP_TYPES_PATH } from './paths';

const SAVED = 'New group type saved successfully!';

const labels = { name: 'groupTypes.field.name', description: 'groupTypes.field.description' };

function GroupTypeForm({ title, record }: { title: string; record?: GroupType }) {
  return (
    <NamedTypeForm
      title={title}
      parent="contacts.heading"
      schema={groupTypeSchema}
      record={record}
      save={saveGroupType}
      successText={SAVED}
      backTo={GROUP_TYPES_PATH}
      labels={labels}
    />
  );
}

/** /contacts/grouptypes/new */
export function NewGroupTypePage() {
  return <GroupTypeForm title="groupTypes.new.title" />;
}

/** /contacts/grouptypes/edit, opened from the list's Edit with the record. */
export function EditGroupTypePage() {
  const record = useEditRecord<GroupType>(EDIT_GROUP_TYPE_PATH);
  return record ? <GroupTypeForm title="groupTypes.edit.title" record={record} /> : <NothingSelected backTo={GROUP_TYPES_PATH} />;
}
