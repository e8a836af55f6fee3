import { NotFound } from '@ushirika/shared/ui';
import { Navigate, Route, Routes } from 'react-router-dom';
import { EditMeetingTypePage, NewMeetingTypePage } from './meeting-types/MeetingTypeForm';
import { MeetingTypesPage } from './meeting-types/MeetingTypesPage';
import { EditMeetingPage, NewMeetingPage } from './meetings/MeetingForm';
import { MeetingsPage } from './meetings/MeetingsPage';

/**
 * The meetings area, mounted by the host at /meetings/* (exposed as './routes'). Paths are relative to
 * that mount; `base` is unused here because this area is mounted under one prefix only.
 */
export default function AreaRoutes(_props: { base: string }) {
  return (
    <Routes>
      <Route index element={<Navigate to="default" replace />} />
      <Route path="default" element={<MeetingsPage />} />
      <Route path="new" element={<NewMeetingPage />} />
      <Route path="edit" element={<EditMeetingPage />} />
      <Route path="meetingtypes" element={<MeetingTypesPage />} />
      <Route path="meetingtypes/new" element={<NewMeetingTypePage />} />
      <Route path="meetingtypes/edit" element={<EditMeetingTypePage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
