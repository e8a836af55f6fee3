import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { contactArchiveRoutes } from './archive-routes';
import { contactFileRoutes } from './file-routes';
import { groupMemberRoutes } from './group-member-routes';
import { householdRoutes } from './household-routes';
import { crudRoutes } from '../http/crud-routes';
import { groupTypes } from './group-types';
import { groups } from './groups';
import { MAX_IMPORT_FILE_BYTES } from './import';
import { importBatchRoutes } from './import-batch-routes';
import { importPresetRoutes } from './import-preset-routes';
import { memberRoutes } from './member-routes';
import { personRoutes } from './person-routes';

/**
 * The contacts area (spec 2.7-2.9, 7): contacts (archived and erased: issue 26.5), households (issue 27.6), group
 * types, groups, group membership, the person's page (issue 28.1), and the contacts import (its batches and undo,
 * its saved matchings) and export (issue 27). Mounted under /api/v2 behind the tenant hook.
 */
export async function contactRoutes(app: FastifyInstance, { db }: { db: Kysely<Database> }) {
  // Multipart is parsed only where an upload is expected: one file no larger than an import may be, and its few text fields.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_IMPORT_FILE_BYTES, files: 1, fields: 10, parts: 11 } });
  await app.register(memberRoutes);
  await app.register(personRoutes);
  await app.register(contactArchiveRoutes);
  await app.register(householdRoutes, { db });
  await app.register(contactFileRoutes);
  await app.register(importBatchRoutes);
  await app.register(importPresetRoutes);
  await app.register(crudRoutes(groupTypes));
  await app.register(crudRoutes(groups));
  await app.register(groupMemberRoutes);
}
