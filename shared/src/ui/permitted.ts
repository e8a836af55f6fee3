import { can, type Permission } from '@ushirika/shared/contract';
import { useSession } from '@ushirika/shared/session';

/**
 * Whether the signed-in user may do `permission` (issue 25), read from the host's session store; no permission
 * named: yes. The kit's and the remotes' one way to ask: it needs only `useSession`, which every host's session
 * store has, and the rule (`can`) comes from this kit copy's contract, so a remote built with roles still runs
 * in a host built before them (whose users, without a permission list, may do everything).
 */
export function usePermitted(permission: Permission | undefined): boolean {
  return useSession((state) => permission === undefined || can(state.user, permission));
}
