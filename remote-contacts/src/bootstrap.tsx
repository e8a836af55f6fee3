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
        <DevShell areaTitleId="area.contacts">
          <Routes>
            <Route path="/contacts/*" element={<AreaRoutes base="contacts" />} />
            <Route path="*" element={<Navigate to="/contacts" replace />} />
          </Routes>
        </DevShell>
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
