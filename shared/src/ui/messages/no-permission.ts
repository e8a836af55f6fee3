import { noPermissionText, PERMISSIONS, type Permission } from '@ushirika/shared/contract';

/**
 * The server's 403 texts (`noPermissionText`, issue 25) as catalogue entries, their id the English text: every
 * 'Error!' dialog and failed list shows a refused call's status_msg through translateText, so they are translated
 * once here, for every area. Typed by permission: a new permission cannot lack its text in any language. Without
 * `texts`, the English.
 */
export function noPermissionMessages(texts?: Readonly<Record<Permission, string>>): Record<string, string> {
  return Object.fromEntries(PERMISSIONS.map((permission) => [noPermissionText(permission), texts?.[permission] ?? noPermissionText(permission)]));
}
