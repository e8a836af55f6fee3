-- The application's own PostgreSQL role (issue 26, docs/deploy.md): what the API, the outbox worker and the
-- callbacks may do to the data, and no more. The database owner runs the migrations; the application connects as
-- this role, which may read and write the partners' data but never change, delete or empty the activity log.
--
-- Run it as the database owner after the migrations (again after each upgrade: tables a migration adds are
-- granted by it), with the role's name in `app_role`:
--
--   psql -v ON_ERROR_STOP=1 -v app_role=ushirika_app -f scripts/app-role.sql "$OWNER_DATABASE_URL"
--
-- api/test/activity-log.test.ts applies this file as written to a role of its own and checks what it refuses.

grant usage on schema public to :"app_role";

-- Every table: read and write its rows (TRUNCATE, ALTER, DROP stay the owner's).
grant select, insert, update, delete on all tables in schema public to :"app_role";
grant usage, select on all sequences in schema public to :"app_role";
alter default privileges in schema public grant select, insert, update, delete on tables to :"app_role";
alter default privileges in schema public grant usage, select on sequences to :"app_role";

-- The activity log is append-only: read and added to, never updated, deleted or truncated (its trigger refuses
-- UPDATE and DELETE to everyone, the owner included; the missing grant also refuses TRUNCATE, which no row
-- trigger sees).
revoke update, delete, truncate on activity_events from :"app_role";
grant select, insert on activity_events to :"app_role";

-- An event's personal values: added and read, deleted by a person's erasure, never updated.
revoke update, truncate on activity_personal_values from :"app_role";
grant select, insert, delete on activity_personal_values to :"app_role";
