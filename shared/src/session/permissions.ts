import type { Permission, SessionUser } from '../contract';
import { useSession } from './store';

/**
 * What the signed-in user may do, as the server's login answer and /api/v2/me said (issue 25). A session
 * without a permission list (the legacy server's, or one stored before roles) may do everything: the screens
 * then show every action and the server decides, as it always does.
 */
export function can(user: Pick<SessionUser, 'permissions'> | null, permission: Permission): boolean {
  if (!user) return false;
  return user.permissions === undefined || user.permissions.includes(permission);
}

/** Whether the signed-in user may do `permission` now: re-renders when their permissions change. */
export const useCan = (permission: Permission): boolean => useSession((state) => can(state.user, permission));
