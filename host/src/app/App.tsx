import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '@ushirika/shared/ui';
import { BootLoader } from '../layout/boot-loader';
import { AppRoutes } from './AppRoutes';
import type { ShellServices } from './services';

export function App(services: ShellServices) {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes {...services} />
      </BrowserRouter>
      <BootLoader />
    </AppProviders>
  );
}
