import { meetingTypesEndpoint, type MeetingType } from '@ushirika/shared/contract';
import { meetingTypeSchema } from '@ushirika/shared/validation';
import { namedTypeQueries } from '../db/text-pair-queries';
import type { CrudResource } from '../http/crud-routes';

/** Meeting types (spec 2.11, 7): `/meeting_types`, names unique per partner in any case. */
export const meetingTypes: CrudResource<typeof meetingTypeSchema, MeetingType> = {
  endpoint: meetingTypesEndpoint,
  table: 'meeting_types',
  tag: 'Meetings',
  entity: 'meeting_type',
  permissions: { read: 'meetings.read', write: 'meetings.write' },
  body: meetingTypeSchema,
  example: { name: 'Choir Practice', description: 'Thursday evening rehearsal' },
  texts: {
    notFound: 'Meeting type not found',
    duplicate: 'A meeting type with this name already exists',
  },
  queries: namedTypeQueries('meeting_types'),
};
