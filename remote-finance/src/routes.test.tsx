import { screen } from '@testing-library/react';
import { renderWithApp } from '../../shared/test/render';
import AreaRoutes from './routes';

// The placeholder screens show the area's own texts (src/messages, added by AreaTexts); a missing id fails the test.
it.each([
  ['finance', '/finance/income'],
  ['etracker', '/etracker/accounts'],
  ['finance', '/finance/statements'],
])('%s: %s says Coming Soon', (base, path) => {
  renderWithApp(<AreaRoutes base={base} />, { path, route: `/${base}/*` });
  expect(screen.getByText('Coming Soon')).toBeInTheDocument();
});
