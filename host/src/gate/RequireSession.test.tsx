import { screen } from '@testing-library/react';
import { useSession } from '@ushirika/shared/session';
import { renderAt, resetStores, signIn, withLoginRoute } from '../testing/render';
import { RequireSession } from './RequireSession';

const privateScreen = withLoginRoute(
  <RequireSession>
    <p>private screen</p>
  </RequireSession>,
);

beforeEach(resetStores);

describe('RequireSession', () => {
  it('lets a user with an unexpired token through', () => {
    signIn();
    renderAt('/contacts/default', privateScreen);
    expect(screen.getByText('private screen')).toBeInTheDocument();
  });

  it('sends the browser to /login when there is no session', () => {
    renderAt('/contacts/default', privateScreen);
    expect(screen.getByTestId('path')).toHaveTextContent('/login');
  });

  it('sends the browser to /login when the token has expired', () => {
    signIn('general', -60);
    renderAt('/finance/income', privateScreen);
    expect(screen.getByTestId('path')).toHaveTextContent('/login');
  });

  it('sends the browser to /login when the user is missing', () => {
    signIn();
    useSession.getState().clearUser();
    renderAt('/meetings/default', privateScreen);
    expect(screen.getByTestId('path')).toHaveTextContent('/login');
  });
});
