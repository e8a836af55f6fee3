import type { ReactNode } from 'react';
import type { Permission } from '@ushirika/shared/contract';
import { NoAccess } from './NoAccess';
import { usePermitted } from './permitted';

export interface RequirePermissionProps {
  permission: Permission;
  children: ReactNode;
}

/**
 * Shows `children` when the signed-in user may do `permission`, else the NoAccess screen, so a screen opened by
 * its address never asks the server for what it would refuse. A session without a permission list (an older host
 * or server) may do everything (`can`), and the server still decides.
 */
export function RequirePermission({ permission, children }: RequirePermissionProps) {
  return usePermitted(permission) ? <>{children}</> : <NoAccess />;
}
