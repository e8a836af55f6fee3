import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { recordActivity, staffActor, writeActivity } from '../src/activity/record';
import type { Database } from '../src/db/schema';
import { TenantScope } from '../src/db/tenant-scope';
import { migrateToLatest } from '../src/db/migrate';
import { TEST_PASSWORD, useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { incomeBody } from './support/partner-records';

/**
 * The activity log cannot be rewritten and never parts from its change (issue 26, migration 0023):
 *
 * - the database refuses UPDATE and DELETE of an event, to the table's owner too (a trigger, PGlite and
 *   PostgreSQL alike), and UPDATE of an event's personal values (which only an erasure deletes);
 * - on PostgreSQL, the application's role as scripts/app-role.sql grants it (the file docs/deploy.md has the
 *   operator run) may add and read events, and is refused UPDATE, DELETE and TRUNCATE: permission denied;
 * - a change and its event commit together: a save whose transaction fails after its event was written leaves
 *   neither (a trigger that refuses the commit stands in for the crash, the full disk, the lost connection).
 */

const APP_ROLE_SQL = join(__dirname, '../../scripts/app-role.sql');
const PERMISSION_DENIED = '42501';

/** scripts/app-role.sql as psql runs it, for `role`: its statements, comments left out, `:"app_role"` filled in. */
function appRoleStatements(role: string): string[] {
  const text = readFileSync(APP_ROLE_SQL, 'utf8')
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .replaceAll(':"app_role"', `"${role}"`);
  return text
    .split(';')
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '');
}

/** The SQLSTATE and message a statement fails with; undefined when it succeeds. */
async function failureOf(run: () => Promise<unknown>): Promise<{ code: string; message: string } | undefined> {
  try {
    await run();
    return undefined;
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    return { code: code ?? '', message };
  }
}

const events = (db: Kysely<Database>, tenantId: number) =>
  db.selectFrom('activity_events').select(['id', 'action', 'entity', 'entity_id']).where('tenant_id', '=', tenantId).orderBy('id').execute();

describe.each(testDatabases)('the activity log, on %s', (name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  let tenant: Tenant;
  /** One event with a personal value (a contact's name), written as the owner. */
  let eventId: string;

  beforeAll(async () => {
    t = testApp();
    tenant = await t.newTenant('Ledger Keepers');
    // A contact's creation as the log keeps it: its name goes to activity_personal_values.
    await t.db.transaction().execute((trx) =>
      writeActivity(trx, tenant.id, staffActor(1, '127.0.0.1'), {
        action: 'create',
        entity: 'contact',
        entityId: 7,
        changes: [{ field: 'firstName', old: null, new: 'Amani' }],
      }),
    );
    const event = await t.db
      .selectFrom('activity_events as e')
      .innerJoin('activity_personal_values as p', (join) => join.onRef('p.tenant_id', '=', 'e.tenant_id').onRef('p.event_id', '=', 'e.id'))
      .select('e.id')
      .where('e.tenant_id', '=', tenant.id)
      .where('e.entity', '=', 'contact')
      .executeTakeFirstOrThrow();
    eventId = String(event.id);
  });

  describe('refuses to change or remove an event, to the table owner too', () => {
    it('refuses UPDATE of an event', async () => {
      const failure = await failureOf(() => sql`update activity_events set action = 'delete' where tenant_id = ${tenant.id}`.execute(t.db));
      expect(failure).toEqual({ code: PERMISSION_DENIED, message: expect.stringContaining('The activity log cannot be changed: UPDATE on activity_events refused') });
    });

    it('refuses DELETE of an event', async () => {
      const failure = await failureOf(() => sql`delete from activity_events where tenant_id = ${tenant.id}`.execute(t.db));
      expect(failure).toEqual({ code: PERMISSION_DENIED, message: expect.stringContaining('DELETE on activity_events refused') });
    });

    it('refuses UPDATE of an event’s personal values, and lets an erasure delete them', async () => {
      const values = () => t.db.selectFrom('activity_personal_values').select('changes').where('tenant_id', '=', tenant.id).execute();
      const before = await values();
      expect(JSON.stringify(before)).toContain('Amani');
      const failure = await failureOf(() => sql`update activity_personal_values set changes = '[]' where tenant_id = ${tenant.id}`.execute(t.db));
      expect(failure).toEqual({ code: PERMISSION_DENIED, message: expect.stringContaining('UPDATE on activity_personal_values refused') });
      expect(await values()).toEqual(before);
      // An erasure's delete, in a transaction rolled back: the values can go, the event stays.
      await failureOf(() =>
        t.db.transaction().execute(async (trx) => {
          await trx.deleteFrom('activity_personal_values').where('tenant_id', '=', tenant.id).where('event_id', '=', eventId).execute();
          expect(await trx.selectFrom('activity_personal_values').select('event_id').where('tenant_id', '=', tenant.id).execute()).toEqual([]);
          throw new Error('rolled back');
        }),
      );
      expect(await values()).toEqual(before);
    });

    it('keeps every event as it was written', async () => {
      const all = await events(t.db, tenant.id);
      // The owner's sign-in (newTenant logs in), then the contact above.
      expect(all.map((event) => `${event.action} ${event.entity}`)).toEqual(['sign_in session', 'create contact']);
      expect(String(all[1]!.id)).toBe(eventId);
    });
  });

  describe('writes a change and its event together, or neither', () => {
    it('refuses to write an event outside a transaction', async () => {
      await expect(writeActivity(t.db, tenant.id, staffActor(1, null), { action: 'create', entity: 'meeting_type', entityId: 1 })).rejects.toThrow(
        'must be written in the transaction of its change',
      );
      await expect(recordActivity(new TenantScope(t.db, tenant.id), { action: 'create', entity: 'meeting_type' })).rejects.toThrow('transaction');
    });

    it('rolls back a save and its event when the transaction fails after the event was written', async () => {
      const scope = new TenantScope(t.db, tenant.id);
      const before = await events(t.db, tenant.id);
      const failure = await failureOf(() =>
        scope.transaction(async (trx) => {
          const row = await trx.insertInto('meeting_types', { name: 'Half saved', description: 'never' }).returning('id').executeTakeFirstOrThrow();
          await recordActivity(trx, { action: 'create', entity: 'meeting_type', entityId: row.id });
          throw new Error('the save fails after its event');
        }),
      );
      expect(failure?.message).toBe('the save fails after its event');
      expect(await t.db.selectFrom('meeting_types').select('id').where('tenant_id', '=', tenant.id).where('name', '=', 'Half saved').execute()).toEqual([]);
      expect(await events(t.db, tenant.id)).toEqual(before);
    });

    describe('when the commit itself fails (a deferred trigger refuses it after the change and its event are written)', () => {
      beforeAll(async () => {
        // Fires at COMMIT, after every statement of the save (its event included) has succeeded.
        await sql
          .raw(
            `create function refuse_doomed_commit() returns trigger language plpgsql as $$
             begin raise exception 'the commit fails'; end $$`,
          )
          .execute(t.db);
        await sql
          .raw(
            `create constraint trigger refuse_doomed_commit after insert on activity_events deferrable initially deferred
             for each row when (new.details::text like '%doomed%' or new.changes::text like '%Doomed%' or new.action = 'sign_in')
             execute function refuse_doomed_commit()`,
          )
          .execute(t.db);
      });
      afterAll(async () => {
        await sql`drop trigger refuse_doomed_commit on activity_events`.execute(t.db);
        await sql`drop function refuse_doomed_commit()`.execute(t.db);
      });

      it('leaves no meeting type and no event of a POST /meeting_types that failed at commit', async () => {
        const before = await events(t.db, tenant.id);
        const response = await t.as(tenant, { method: 'POST', url: '/api/v2/meeting_types', payload: { name: 'Doomed vigil', description: 'All night' } });
        expect(response.statusCode).toBe(500);
        expect(await t.db.selectFrom('meeting_types').select('id').where('tenant_id', '=', tenant.id).where('name', '=', 'Doomed vigil').execute()).toEqual([]);
        expect(await events(t.db, tenant.id)).toEqual(before);
      });

      it('leaves no income and no event of a POST /income that failed at commit', async () => {
        const account = await t.as(tenant, { method: 'POST', url: '/api/v2/account', payload: { accountName: 'Tithe', accountType: 'CR', parentId: 0 } });
        expect(account.statusCode).toBe(201);
        const accountId = account.json<{ account: { id: number } }>().account.id;
        const incomes = () => t.db.selectFrom('incomes').select('id').where('tenant_id', '=', tenant.id).execute();
        const before = { incomes: await incomes(), events: await events(t.db, tenant.id) };
        const response = await t.as(tenant, { method: 'POST', url: '/api/v2/income', payload: incomeBody('Doomed', accountId, '+254722000444') });
        expect(response.statusCode).toBe(500);
        expect({ incomes: await incomes(), events: await events(t.db, tenant.id) }).toEqual(before);
      });

      it('leaves no session and no event of a sign-in that failed at commit', async () => {
        const sessions = () =>
          t.db.selectFrom('user_sessions as s').innerJoin('users as u', 'u.id', 's.user_id').select('s.id').where('u.partner_id', '=', tenant.id).execute();
        const before = { sessions: await sessions(), events: await events(t.db, tenant.id) };
        const response = await t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email: tenant.email, password: TEST_PASSWORD } });
        expect(response.statusCode).toBe(500);
        expect({ sessions: await sessions(), events: await events(t.db, tenant.id) }).toEqual(before);
      });
    });
  });

  if (name !== 'PostgreSQL') return;

  describe('the application role of scripts/app-role.sql', () => {
    it('may add and read events, and is refused UPDATE, DELETE and TRUNCATE of the log: permission denied', async () => {
      const { rows } = await sql<{ may: boolean }>`select rolcreaterole or rolsuper as may from pg_roles where rolname = current_user`.execute(t.db);
      if (!rows[0]?.may) {
        throw new Error(
          "DATABASE_URL's role cannot create roles: give it CREATEROLE (.ci/run creates it) so this test can apply scripts/app-role.sql to a role of its own",
        );
      }
      const role = `ushirika_app_${randomBytes(4).toString('hex')}`;
      await sql.raw(`create role "${role}" nologin`).execute(t.db);
      try {
        await sql.raw(`grant "${role}" to current_user`).execute(t.db);
        for (const statement of appRoleStatements(role)) await sql.raw(statement).execute(t.db);

        // One connection, switched to the role: what the application's pool would be.
        await t.db.connection().execute(async (connection) => {
          await sql.raw(`set role "${role}"`).execute(connection);
          try {
            // The grant refuses before the trigger could (whose refusal has the same SQLSTATE): the message tells which.
            const refused = async (statement: string) => {
              const failure = await failureOf(() => sql.raw(statement).execute(connection));
              return failure && `${failure.code} ${failure.message.replace(/"/g, '')}`;
            };
            const denied = (table: string) => `${PERMISSION_DENIED} permission denied for table ${table}`;
            expect({
              update: await refused(`update activity_events set action = 'delete' where tenant_id = ${tenant.id}`),
              delete: await refused(`delete from activity_events where tenant_id = ${tenant.id}`),
              truncate: await refused('truncate activity_events cascade'),
              truncatePersonal: await refused('truncate activity_personal_values'),
              updatePersonal: await refused(`update activity_personal_values set changes = '[]' where tenant_id = ${tenant.id}`),
            }).toEqual({
              update: denied('activity_events'),
              delete: denied('activity_events'),
              truncate: denied('activity_events'),
              truncatePersonal: denied('activity_personal_values'),
              updatePersonal: denied('activity_personal_values'),
            });

            // What the application does: starts (the migrations are current: nothing to do), saves with an event, reads the log.
            await migrateToLatest(connection);
            await connection.transaction().execute(async (trx) => {
              const scope = new TenantScope(trx, tenant.id, staffActor(1, '127.0.0.1'));
              const row = await scope.insertInto('meeting_types', { name: 'As the app role', description: 'granted' }).returning('id').executeTakeFirstOrThrow();
              await recordActivity(scope, { action: 'create', entity: 'meeting_type', entityId: row.id, changes: [{ field: 'firstName', old: null, new: 'Personal' }] });
            });
            const read = await connection
              .selectFrom('activity_events')
              .select(['action', 'entity'])
              .where('tenant_id', '=', tenant.id)
              .orderBy('id', 'desc')
              .executeTakeFirstOrThrow();
            expect(read).toEqual({ action: 'create', entity: 'meeting_type' });
          } finally {
            await sql`reset role`.execute(connection);
          }
        });
      } finally {
        await sql.raw(`drop owned by "${role}"`).execute(t.db);
        await sql.raw(`drop role "${role}"`).execute(t.db);
      }
    });
  });
});
