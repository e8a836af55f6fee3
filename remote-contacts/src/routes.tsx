import { NotFound } from '@ushirika/shared/ui';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ContactsPage } from './contacts/ContactsPage';
import { EditContactPage, NewContactPage } from './contacts/ContactForm';
import { GroupMembersEditPage } from './group-members/GroupMembersEditPage';
import { GroupMembersPage } from './group-members/GroupMembersPage';
import { EditGroupTypePage, NewGroupTypePage } from './group-types/GroupTypeForm';
import { GroupTypesPage } from './group-types/GroupTypesPage';
import { EditGroupPage, NewGroupPage } from './groups/GroupForm';
import { GroupsPage } from './groups/GroupsPage';
import { ImportContactsPage } from './import/ImportContactsPage';

export interface AreaRoutesProps {
  /** The first path segment the host mounted this area at. */
  base: string;
}

/**
 * The contacts area, mounted by the host at /contacts/* (exposed as './routes'). Paths are relative to
 * that mount; `base` is unused here because this area is mounted under one prefix only.
 */
export default function AreaRoutes(_props: AreaRoutesProps) {
  return (
    <Routes>
      <Route index element={<Navigate to="default" replace />} />
      <Route path="default" element={<ContactsPage />} />
      <Route path="new" element={<NewContactPage />} />
      <Route path="edit" element={<EditContactPage />} />
      <Route path="import" element={<ImportContactsPage />} />
      <Route path="groups" element={<GroupsPage />} />
      <Route path="groups/new" element={<NewGroupPage />} />
      {/* Spec 2.5 records both readings of the group edit path; both resolve. */}
      <Route path="groups/edit" element={<EditGroupPage />} />
      <Route path="sgroups/edit" element={<EditGroupPage />} />
      <Route path="groups/members" element={<GroupMembersPage />} />
      <Route path="groupmembers/edit" element={<GroupMembersEditPage />} />
      <Route path="grouptypes" element={<GroupTypesPage />} />
      <Route path="grouptypes/new" element={<NewGroupTypePage />} />
      <Route path="grouptypes/edit" element={<EditGroupTypePage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
