import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { AppProviders } from '@ushirika/shared/ui';
import AreaRoutes from './routes';
import { DevShell } from './dev-shell';

/** Standalone dev entry: this area's routes mounted where the host mounts them. */
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <DevShell areaTitleId="area.meetings">
          <Routes>
            <Route path="/meetings/*" element={<AreaRoutes base="meetings" />} />
            <Route path="*" element={<Navigate to="/meetings" replace />} />
          </Routes>
        </DevShell>
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
