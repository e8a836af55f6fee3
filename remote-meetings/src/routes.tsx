import type { Permission } from '@ushirika/shared/contract';
import { AreaTexts, lazyScreen, NotFound, RequirePermission, resourceRoutes } from '@ushirika/shared/ui';
import type { ReactNode } from 'react';
import * as messages from './messages';
import { Navigate, Route, Routes } from 'react-router-dom';
import { meetingTypes } from './meeting-types/resource';
import { MeetingsPage } from './meetings/MeetingsPage';
import { meetings } from './meetings/resource';

// The register and the absentees load when first opened: the meetings list stays as light as it was (lazyScreen).
const AttendancePage = lazyScreen(() => import('./attendance/AttendancePage'), 'AttendancePage');
const AbsenteesPage = lazyScreen(() => import('./absentees/AbsenteesPage'), 'AbsenteesPage');

/** A screen for those who may do `permission`; NoAccess for the others (issue 25). */
const needs = (permission: Permission, screen: ReactNode) => <RequirePermission permission={permission}>{screen}</RequirePermission>;

/**
 * The meetings area, mounted by the host at /meetings/* (exposed as './routes'). Paths are relative to
 * that mount (`base`). Each screen needs what its server routes need.
 */
export default function AreaRoutes({ base }: { base: string }) {
  return (
    <AreaTexts messages={messages}>
      <Routes>
        <Route index element={<Navigate to="default" replace />} />
        {resourceRoutes(meetings, base, { list: <MeetingsPage /> })}
        {resourceRoutes(meetingTypes, base)}
        {/* Attendance by name (issue 28.4): reading the register needs meetings.read; its Save shows to meetings.write. */}
        <Route path="attendance/:id" element={needs('meetings.read', <AttendancePage />)} />
        <Route path="absentees" element={needs('meetings.read', <AbsenteesPage />)} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </AreaTexts>
  );
}
