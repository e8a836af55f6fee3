import { Result } from 'antd';
import { FormattedMessage } from 'react-intl';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AreaTexts, NotFound, resourceRoutes } from '@ushirika/shared/ui';
import { messageConfigs } from './config/resource';
import * as messages from './messages';

export interface AreaRoutesProps {
  /** The first path segment the host mounted this area at. */
  base: string;
}

/** Spec 2.5 routes of the Messaging area, relative to /messaging. */
const SCREENS = ['messages', 'messages/new', 'uploaded_files', 'failed_messages'];

function ComingSoon() {
  const { pathname } = useLocation();
  return (
    <Result
      status="info"
      title={<FormattedMessage id="messaging.comingSoon" />}
      subTitle={
        <>
          <FormattedMessage id="messaging.comingSoonDetail" /> <code>{pathname}</code>
        </>
      }
    />
  );
}

/** Message Configs (a resource), and placeholder screens for the rest until the Messaging issue: every route answers, none 404s. */
export default function AreaRoutes({ base }: AreaRoutesProps) {
  return (
    <AreaTexts messages={messages}>
      <Routes>
        <Route index element={<Navigate to="messages" replace />} />
        {SCREENS.map((path) => (
          <Route key={path} path={path} element={<ComingSoon />} />
        ))}
        {resourceRoutes(messageConfigs, base)}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </AreaTexts>
  );
}
