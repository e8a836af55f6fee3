/**
 * Who is signed in for a screen test (issue 25): Amina of Grace by default, holding `roles`, so the screens show
 * what those roles allow. Without roles, the legacy login answer (no permission list): every screen and button.
 */
import { permissionsOf, type Role, type SessionUser } from '../src/contract';
import { useSession } from '../src/session';
import { amina } from './users';

export function signIn(roles?: Role[], user: SessionUser = amina): void {
  const held = roles ? { roles, permissions: permissionsOf(roles) } : {};
  useSession.getState().login({ access_token: 'header.payload.sig', user: { ...user, ...held } });
}
