import { screen } from '@testing-library/react';
import { renderWithApp } from '../../test/render';
import { signIn } from '../../test/roles';
import { RequirePermission } from './RequirePermission';
import { usePermitted } from './permitted';

/*
 * A remote built with roles (issue 25) in a host built before them: the session store is the host's federation
 * singleton, and that host's session module has nothing roles added (`setUser`). The kit asks only `useSession`,
 * which every host has, so the remote's screens still work, and show everything to the host's users (no permission
 * list).
 */
jest.mock('@ushirika/shared/session', () => {
  const actual = jest.requireActual<typeof import('@ushirika/shared/session')>('@ushirika/shared/session');
  const { useSession } = actual;
  // The store as a host before roles made it: the same state, without the action roles added.
  const older = ((selector: (state: object) => unknown) => useSession((state) => selector({ ...state, setUser: undefined }))) as unknown as typeof useSession;
  Object.assign(older, useSession);
  return { ...actual, useSession: older };
});

function SendButton() {
  return usePermitted('messaging.send') ? <button type="button">Send</button> : null;
}

it("shows the screens and buttons to the older host's users, who have no permission list", () => {
  signIn();
  renderWithApp(
    <RequirePermission permission="finance.reports">
      <SendButton />
    </RequirePermission>,
  );
  expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
});

it('still follows a permission list the newer server gave the older host', () => {
  signIn(['viewer']);
  renderWithApp(
    <>
      <RequirePermission permission="finance.reports">
        <p>The statements</p>
      </RequirePermission>
      <SendButton />
    </>,
  );
  expect(screen.getByText('You do not have access to this screen')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
});
