import type { ActivityEntity, ActivityEntry } from '@ushirika/shared/contract';
import type { Page } from '../db/paged-list';
import type { TenantScope } from '../db/tenant-scope';
import type { ListParams } from '../http/list-query';

/** One record's history, newest first: its events, personal values joined back (none after an erasure). */
export async function recordHistory(_scope: TenantScope, _entity: ActivityEntity, _entityId: string, _params: ListParams): Promise<Page<ActivityEntry>> {
  throw new Error('not yet written');
}
