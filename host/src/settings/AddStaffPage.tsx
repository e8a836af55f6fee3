import { Form } from 'antd';
import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { ROLES_REQUIRED, STAFF_PATH, type Role } from '@ushirika/shared/contract';
import { staffCreateRequest } from '@ushirika/shared/validation';
import { FormPage, TextField } from '@ushirika/shared/forms';
import { useFirstScreenReady } from '../layout/boot-loader';
import { useShownInvitation } from './invitation-link';
import { RoleChoices } from './RoleChoices';
import { STAFF_LIST_PATH } from './roles';
import { addStaff } from './staff-api';
import { ScreenTexts } from '../screen-texts/ScreenTexts';

/**
 * The kit's fields hold one value each: the form's schema is the request's without the roles, which the choices
 * beside the fields hold and the save adds (the server checks the whole request with the same schema).
 */
const detailsSchema = staffCreateRequest.omit(['roles']);
const EMPTY = { name: '', phone: '', email: '' };

/**
 * Settings → Staff → Add staff: name, mobile, optional email and roles. The server invites them by SMS; the link
 * also shows on the staff list, to copy and hand over another way.
 */
function AddStaffScreen() {
  useFirstScreenReady();
  const showInvitation = useShownInvitation((state) => state.show);
  const [roles, setRoles] = useState<Role[]>([]);
  const heading = useId();
  return (
    <FormPage
      title="staff.new.title"
      parent="menu.settings"
      schema={detailsSchema}
      initialValues={EMPTY}
      save={async (details) => {
        // Said in 'Error!' like any refusal; the typed details stay.
        if (roles.length === 0) throw new Error(ROLES_REQUIRED);
        const answer = await addStaff({ ...details, roles });
        showInvitation({ name: answer.staff.name, url: answer.invitationUrl });
      }}
      successText="staff.added"
      backTo={STAFF_LIST_PATH}
      refreshes={STAFF_PATH}
    >
      <TextField name="name" label="staff.field.name" autoComplete="off" />
      <TextField name="phone" label="staff.field.phone" type="tel" autoComplete="off" hint="staff.field.phone.hint" />
      <TextField name="email" label="staff.field.email" type="email" autoComplete="off" hint="staff.field.email.hint" />
      <Form.Item
        label={
          <span id={heading}>
            <FormattedMessage id="staff.field.roles" />
          </span>
        }
        required
        extra={<FormattedMessage id="staff.field.roles.hint" />}
      >
        <RoleChoices value={roles} onChange={setRoles} labelledBy={heading} />
      </Form.Item>
    </FormPage>
  );
}

/** The screen with its texts, which load with it (host/src/screen-texts). */
export function AddStaffPage() {
  return (
    <ScreenTexts>
      <AddStaffScreen />
    </ScreenTexts>
  );
}
