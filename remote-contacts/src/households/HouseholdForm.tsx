import { DeleteOutlined } from '@ant-design/icons';
import type { HouseholdDetail } from '@ushirika/shared/contract';
import { FormPage, TextField, type FormValues } from '@ushirika/shared/forms';
import { ActionButton, EditRecord, RecordHistory, resourceApi, textId, useRefreshAfterSave, type RecordEndpoint } from '@ushirika/shared/ui';
import { householdSchema } from '@ushirika/shared/validation';
import { Card } from 'antd';
import { useNavigate } from 'react-router-dom';
import { deleteHousehold } from './api';
import { HouseholdMembersField } from './HouseholdMembersField';
import { formMembers } from './members';
import { households } from './resource';

/** What a household's save changes: the households, and the contacts' household column and page. */
const REFRESHED = [households.endpoint.path, 'member'] as const;

/**
 * The new (no record) or edit form of a household: its name and its members with their roles, saved whole with
 * POST /households or PUT /households/{id} over the version it was read at.
 */
function HouseholdForm({ record, reload }: { record?: HouseholdDetail; reload?: () => void }) {
  // The members are a list of objects, which the form holds as its value `members` (HouseholdMembersField).
  const initialValues = { name: record?.name ?? '', members: formMembers(record) } as unknown as FormValues<typeof householdSchema>;
  return (
    <FormPage
      title={textId(households, record ? 'edit' : 'new')}
      parent={households.parent}
      schema={householdSchema}
      initialValues={initialValues}
      save={(body) => resourceApi(households).save(record ? { ...body, version: record.version } : body, record?.id)}
      successText={households.endpoint.savedText}
      backTo={households.routes.list}
      refreshes={REFRESHED}
      reload={reload}
    >
      <TextField name="name" label={textId(households, 'field.name')} />
      <HouseholdMembersField householdId={record?.id} />
    </FormPage>
  );
}

/** 'Delete household' after a confirmation: its members stay contacts; back to the list. */
function DeleteHousehold({ household }: { household: HouseholdDetail }) {
  const navigate = useNavigate();
  const refresh = useRefreshAfterSave();
  return (
    <Card style={{ maxWidth: 760, marginTop: 16 }}>
      <ActionButton
        labelId={textId(households, 'delete')}
        icon={<DeleteOutlined aria-hidden />}
        danger
        confirm={{ title: textId(households, 'delete.title'), text: textId(households, 'delete.text'), okText: textId(households, 'delete') }}
        run={async () => {
          const answer = await deleteHousehold(household.id);
          void refresh('member');
          navigate(households.routes.list);
          return answer;
        }}
        refreshPath={households.endpoint.path}
      />
    </Card>
  );
}

/** /contacts/households/new. */
export function NewHouseholdPage() {
  return <HouseholdForm />;
}

/**
 * /contacts/households/edit/<id>: the household as the server has it now, with its members; its form keyed by the
 * version (a reload after a refused save starts again from the newer one); Delete; its history (issue 26.2).
 */
export function EditHouseholdPage() {
  return (
    <EditRecord<HouseholdDetail> endpoint={households.endpoint as unknown as RecordEndpoint<HouseholdDetail>} backTo={households.routes.list}>
      {(record, reload) => (
        <>
          <HouseholdForm key={record.version} record={record} reload={reload} />
          <DeleteHousehold household={record} />
          <RecordHistory path={households.endpoint.path} id={record.id} />
        </>
      )}
    </EditRecord>
  );
}
