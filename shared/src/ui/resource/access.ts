import { usePermitted } from '../permitted';
import type { ResourcePermissions } from './describe';

/** What the signed-in user may do with a resource's screens: open its list, add and edit, export. */
export interface ResourceAccess {
  read: boolean;
  write: boolean;
  export: boolean;
}

/**
 * The user's access to `resource` by its `permissions` (issue 25): the kit's list hides New and Edit with it, and
 * an area's own buttons ask it too (an Export, a Delete). A resource that declares none is open to everyone; an
 * export without its own permission follows `read`.
 */
export function useResourceAccess(resource: { permissions?: ResourcePermissions }): ResourceAccess {
  const { permissions } = resource;
  const read = usePermitted(permissions?.read);
  const write = usePermitted(permissions?.write);
  const exporting = usePermitted(permissions?.export ?? permissions?.read);
  return { read, write, export: exporting };
}
