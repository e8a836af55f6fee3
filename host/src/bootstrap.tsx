import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { submitLogin } from './login/login-request';
import { loadAreaRoutes, prefetchRemoteMap } from './remotes/registry';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

prefetchRemoteMap();

createRoot(root).render(
  <StrictMode>
    <App loadArea={loadAreaRoutes} submitLogin={submitLogin} />
  </StrictMode>,
);
