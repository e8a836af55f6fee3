import type { Permission } from '@ushirika/shared/contract';
import { AreaTexts, lazyScreen, NotFound, RequirePermission, ResourceEditPage, resourceRoutes } from '@ushirika/shared/ui';
import type { ReactNode } from 'react';
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

/** A screen for those who may do `permission`; NoAccess for the others (issue 25). */
const needs = (permission: Permission, screen: ReactNode) => <RequirePermission permission={permission}>{screen}</RequirePermission>;

/**
 * The contacts area, mounted by the host at /contacts/* (exposed as './routes'). Paths are relative to
 * that mount (`base`). Each screen needs what its server routes need.
 */
export default function AreaRoutes({ base }: AreaRoutesProps) {
  return (
    <AreaTexts messages={messages}>
      <Routes>
        <Route index element={<Navigate to="default" replace />} />
        <Route path="default" element={needs('contacts.read', <ContactsPage />)} />
        <Route path="new" element={needs('contacts.write', <NewContactPage />)} />
        <Route path="edit" element={needs('contacts.write', <EditContactPage />)} />
        <Route path="edit/:id" element={needs('contacts.write', <EditContactPage />)} />
        <Route path="import" element={needs('contacts.transfer', <ImportContactsPage />)} />
        {resourceRoutes(groups, base, { list: <GroupsPage /> })}
        {/* Spec 2.5 records both readings of the group edit path; both resolve. */}
        <Route path="sgroups/edit" element={needs('groups.write', <ResourceEditPage resource={groups} />)} />
        <Route path="sgroups/edit/:id" element={needs('groups.write', <ResourceEditPage resource={groups} />)} />
        <Route path="groups/members" element={needs('groups.read', <GroupMembersPage />)} />
        <Route path="groups/members/:id" element={needs('groups.read', <GroupMembersPage />)} />
        <Route path="groupmembers/edit" element={needs('groups.write', <GroupMembersEditPage />)} />
        <Route path="groupmembers/edit/:id" element={needs('groups.write', <GroupMembersEditPage />)} />
        {resourceRoutes(groupTypes, base)}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </AreaTexts>
  );
}
