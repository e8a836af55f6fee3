import { BrowserRouter } from 'react-router-dom';
import { LanguageProvider } from '@ushirika/shared/i18n';
import { BootLoader } from '../layout/boot-loader';
import { AppRoutes } from './AppRoutes';
import type { ShellServices } from './services';

export function App(services: ShellServices) {
  return (
    <LanguageProvider>
      <BrowserRouter>
        <AppRoutes {...services} />
      </BrowserRouter>
      <BootLoader />
    </LanguageProvider>
  );
}
