import type { Permission } from '@ushirika/shared/contract';
import { AreaTexts, lazyScreen, NotFound, RequirePermission, ResourceEditPage, resourceRoutes } from '@ushirika/shared/ui';
import type { ReactNode } from 'react';
import * as messages from './messages';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ContactsPage } from './contacts/ContactsPage';
import { contacts } from './contacts/resource';
import { GroupMembersEditPage } from './group-members/GroupMembersEditPage';
import { GroupMembersPage } from './group-members/GroupMembersPage';
import { groupTypes } from './group-types/resource';
import { groups, GroupsPage } from './groups/resource';
import { households } from './households/resource';

// Forms load when first opened: the lists never download formik nor the validation kit (lazyScreen).
const EditContactPage = lazyScreen(() => import('./contacts/ContactForm'), 'EditContactPage');
const ImportContactsPage = lazyScreen(() => import('./import/ImportContactsPage'), 'ImportContactsPage');
const ImportsPage = lazyScreen(() => import('./import/ImportsPage'), 'ImportsPage');
const NewHouseholdPage = lazyScreen(() => import('./households/HouseholdForm'), 'NewHouseholdPage');
const EditHouseholdPage = lazyScreen(() => import('./households/HouseholdForm'), 'EditHouseholdPage');
const PersonPage = lazyScreen(() => import('./people/PersonPage'), 'PersonPage');

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
        {/* Contacts: the description's new form; the list and the edit screen are the area's compositions. */}
        {resourceRoutes(contacts, base, { list: <ContactsPage />, edit: <EditContactPage /> })}
        {/* The person's page (issue 28.1): PERSON_PAGE_PATH, opened from every list that names a contact. */}
        <Route path="people/:id" element={needs('contacts.read', <PersonPage />)} />
        <Route path="import" element={needs('contacts.transfer', <ImportContactsPage />)} />
        <Route path="imports" element={needs('contacts.transfer', <ImportsPage />)} />
        {resourceRoutes(households, base, { new: <NewHouseholdPage />, edit: <EditHouseholdPage /> })}
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
