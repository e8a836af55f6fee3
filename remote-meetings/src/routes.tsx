import { AreaTexts, NotFound, resourceRoutes } from '@ushirika/shared/ui';
import * as messages from './messages';
import { Navigate, Route, Routes } from 'react-router-dom';
import { meetingTypes } from './meeting-types/resource';
import { meetings } from './meetings/resource';

/**
 * The meetings area, mounted by the host at /meetings/* (exposed as './routes'). Paths are relative to
 * that mount (`base`).
 */
export default function AreaRoutes({ base }: { base: string }) {
  return (
    <AreaTexts messages={messages}>
      <Routes>
        <Route index element={<Navigate to="default" replace />} />
        {resourceRoutes(meetings, base)}
        {resourceRoutes(meetingTypes, base)}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </AreaTexts>
  );
}
