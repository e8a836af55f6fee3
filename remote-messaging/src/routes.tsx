import { Navigate, Route, Routes } from 'react-router-dom';
import { AreaTexts, lazyScreen, NotFound, resourceRoutes } from '@ushirika/shared/ui';
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

/** The Messaging area (spec 2.12; issue 8), mounted by the host at /messaging/* (exposed as './routes'). */
export default function AreaRoutes({ base }: AreaRoutesProps) {
  return (
    <AreaTexts messages={messages}>
      <Routes>
        <Route index element={<Navigate to="messages" replace />} />
        <Route path="messages" element={<RecentMessagesPage />} />
        <Route path="messages/new" element={<NewMessagePage />} />
        <Route path="uploaded_files" element={<UploadedFilesPage />} />
        <Route path="failed_messages" element={<FailedMessagesPage />} />
        {resourceRoutes(optOuts, base, { list: <OptOutsPage /> })}
        {resourceRoutes(messageConfigs, base)}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </AreaTexts>
  );
}
