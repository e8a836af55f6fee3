import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { clearHandOffs } from '@ushirika/shared/session';
import { App } from './app/App';
import { submitLogin } from './login/login-request';
import { loadAreaRoutes, prefetchRemoteMap } from './remotes/registry';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

prefetchRemoteMap();
// Edit screens read their record from the server (kit 3): contacts' and payers' details an earlier version handed
// to them through the browser's storage are removed.
clearHandOffs();

// A transition: React renders the first screen in slices of a few milliseconds and lets the browser answer
// between them, instead of one long task a slow phone cannot interrupt (Lighthouse's Total Blocking Time).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App loadArea={loadAreaRoutes} submitLogin={submitLogin} />
    </StrictMode>,
  );
});
