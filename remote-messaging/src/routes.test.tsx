import { screen } from '@testing-library/react';
import { renderWithApp } from '../../shared/test/render';
import AreaRoutes from './routes';

// The placeholder screens show the area's own texts (src/messages, added by AreaTexts); a missing id fails the test.
it('/messaging/messages says Coming Soon', () => {
  renderWithApp(<AreaRoutes base="messaging" />, { path: '/messaging/messages', route: '/messaging/*' });
  expect(screen.getByText('Coming Soon')).toBeInTheDocument();
  expect(screen.getByText('This screen is being built.')).toBeInTheDocument();
});
