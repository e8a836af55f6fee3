import { Navigate, Route, Routes } from 'react-router-dom';
import type { Permission } from '@ushirika/shared/contract';
import { AreaTexts, lazyScreen, NotFound, RequirePermission, resourceRoutes } from '@ushirika/shared/ui';
import type { ReactNode } from 'react';
import { messageConfigs } from './config/resource';
import { FailedMessagesPage } from './messages-list/FailedMessagesPage';
import { RecentMessagesPage } from './messages-list/RecentMessagesPage';
import * as messages from './messages';
import { optOuts, OptOutsPage } from './opt-outs/resource';
import { UploadedFilesPage } from './uploaded-files/UploadedFilesPage';

// The new message form loads when first opened: the lists never download formik nor the validation kit.
const NewMessagePage = lazyScreen(() => import('./new-message/NewMessagePage'), 'NewMessagePage');

export interface AreaRoutesProps {
  /** The first path segment the host mounted this area at. */
  base: string;
}

/** A screen for those who may do `permission`; NoAccess for the others (issue 25). */
const needs = (permission: Permission, screen: ReactNode) => <RequirePermission permission={permission}>{screen}</RequirePermission>;

/**
 * The Messaging area (spec 2.12; issue 8), mounted by the host at /messaging/* (exposed as './routes'). Each
 * screen needs what its server routes need: the lists messaging.read, a new message messaging.send.
 */
export default function AreaRoutes({ base }: AreaRoutesProps) {
  return (
    <AreaTexts messages={messages}>
      <Routes>
        <Route index element={<Navigate to="messages" replace />} />
        <Route path="messages" element={needs('messaging.read', <RecentMessagesPage />)} />
        <Route path="messages/new" element={needs('messaging.send', <NewMessagePage />)} />
        <Route path="uploaded_files" element={needs('messaging.read', <UploadedFilesPage />)} />
        <Route path="failed_messages" element={needs('messaging.read', <FailedMessagesPage />)} />
        {resourceRoutes(optOuts, base, { list: <OptOutsPage /> })}
        {resourceRoutes(messageConfigs, base)}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </AreaTexts>
  );
}
