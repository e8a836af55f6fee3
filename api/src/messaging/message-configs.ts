import { messageConfigsEndpoint, type MessageConfig } from '@ushirika/shared/contract';
import { messageConfigSchema } from '@ushirika/shared/validation';
import { textPairQueries } from '../db/text-pair-queries';
import type { CrudResource } from '../http/crud-routes';

/** Message configs (spec 2.12, 7): `/messageconfig`, names unique per partner in any case (the adapter reads them by name). */
export const messageConfigs: CrudResource<typeof messageConfigSchema, MessageConfig> = {
  endpoint: messageConfigsEndpoint,
  table: 'message_configs',
  tag: 'Messaging',
  entity: 'message_config',
  permissions: { read: 'messaging.send', write: 'messaging.configure' },
  body: messageConfigSchema,
  example: { config: 'sender_id', value: 'GRACECHURCH' },
  texts: { notFound: 'Config not found', duplicate: 'A config with this name already exists' },
  queries: textPairQueries('message_configs', ['config', 'value'] as const),
};
