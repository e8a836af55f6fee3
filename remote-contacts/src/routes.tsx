import { AreaTexts, lazyScreen, NotFound, ResourceEditPage, resourceRoutes } from '@ushirika/shared/ui';
import * as messages from './messages';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ContactsPage } from './contacts/ContactsPage';
import { GroupMembersEditPage } from './group-members/GroupMembersEditPage';
import { GroupMembersPage } from './group-members/GroupMembersPage';
import { groupTypes } from './group-types/resource';
import { groups, GroupsPage } from './groups/resource';

// Forms load when first opened: the lists never download formik nor the validation kit (lazyScreen).
const NewContactPage = lazyScreen(() => import('./contacts/ContactForm'), 'NewContactPage');
const EditContactPage = lazyScreen(() => import('./contacts/ContactForm'), 'EditContactPage');
const ImportContactsPage = lazyScreen(() => import('./import/ImportContactsPage'), 'ImportContactsPage');

export interface AreaRoutesProps {
  /** The first path segment the host mounted this area at. */
  base: string;
}

/**
 * The contacts area, mounted by the host at /contacts/* (exposed as './routes'). Paths are relative to
 * that mount (`base`).
 */
export default function AreaRoutes({ base }: AreaRoutesProps) {
  return (
    <AreaTexts messages={messages}>
      <Routes>
        <Route index element={<Navigate to="default" replace />} />
        <Route path="default" element={<ContactsPage />} />
        <Route path="new" element={<NewContactPage />} />
        <Route path="edit" element={<EditContactPage />} />
        <Route path="edit/:id" element={<EditContactPage />} />
        <Route path="import" element={<ImportContactsPage />} />
        {resourceRoutes(groups, base, { list: <GroupsPage /> })}
        {/* Spec 2.5 records both readings of the group edit path; both resolve. */}
        <Route path="sgroups/edit" element={<ResourceEditPage resource={groups} />} />
        <Route path="sgroups/edit/:id" element={<ResourceEditPage resource={groups} />} />
        <Route path="groups/members" element={<GroupMembersPage />} />
        <Route path="groups/members/:id" element={<GroupMembersPage />} />
        <Route path="groupmembers/edit" element={<GroupMembersEditPage />} />
        <Route path="groupmembers/edit/:id" element={<GroupMembersEditPage />} />
        {resourceRoutes(groupTypes, base)}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </AreaTexts>
  );
}
