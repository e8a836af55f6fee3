-- Spreading one Ushirika database over a Citus cluster, by partner (docs/deploy.md, "When one PostgreSQL is not
-- enough"). Run once, on the coordinator, as a superuser, with every API process and worker stopped, after
-- `CREATE EXTENSION citus;` on every node and `SELECT citus_add_node('<worker host>', 5432);` for each worker.
-- api/test/distribution.test.ts checks this file against the schema the migrations build: every table holding
-- tenant_id is distributed below, every other table is named in the comment at the end, and every key of a
-- distributed table includes tenant_id, which is what these commands need.

BEGIN;

-- Shared by every partner, small, read on every request: a copy on every node.
SELECT create_reference_table('partners');
SELECT create_reference_table('users');
-- Staff sign-ins, two-step recovery codes and password-reset codes belong to a user (a reference table), are
-- looked up by the user before any partner is known (the login, the token guard) and are few: copies too.
SELECT create_reference_table('user_sessions');
SELECT create_reference_table('user_recovery_codes');
SELECT create_reference_table('password_resets');
-- A partner's paybills and tills: a short code is one partner's across the whole cluster (a unique key without
-- tenant_id, which only a reference table keeps), a few rows per partner.
SELECT create_reference_table('partner_mpesa_short_codes');

-- incomes and online_transactions refer to each other: the link from incomes is dropped while both are
-- distributed, then made again between the co-located tables.
ALTER TABLE incomes DROP CONSTRAINT incomes_tenant_id_online_transaction_id_fkey;
-- Likewise a BillRefNumber rule's link to the campaign whose code made it (issue 30): campaigns come after the rules.
ALTER TABLE bill_ref_rules DROP CONSTRAINT bill_ref_rules_tenant_id_campaign_id_fkey;
-- A distributed table cannot refer to one that stays on the coordinator: a payment keeps the id of the callback
-- that brought it (for tracing), without the database checking it.
ALTER TABLE online_transactions DROP CONSTRAINT online_transactions_callback_id_fkey;

-- Partner data: every row on the node of its partner; all of one partner's rows on one node (co-located), so
-- each request, joins and transactions included, runs on one node. Parents before the tables referring to them.
SELECT create_distributed_table('accounts', 'tenant_id');
SELECT create_distributed_table('group_types', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('groups', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('members', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('group_members', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('member_counts', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('meeting_types', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('meetings', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('uploaded_files', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('message_sends', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('notifications', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('message_configs', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('sms_opt_outs', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('sms_unit_entries', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('incomes', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('online_transactions', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('income_counts', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('expenses', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('day_totals', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('budgets', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('bill_ref_rules', 'tenant_id', colocate_with => 'accounts');
-- Closed months, and the activity log with its personal values (issue 26): each event is written in the transaction
-- of its change, on the node of its partner.
SELECT create_distributed_table('ledger_periods', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('activity_events', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('activity_personal_values', 'tenant_id', colocate_with => 'accounts');
-- Households, and the contacts import's batches, their before-and-after values and saved matchings (issue 27): an
-- import writes the partner's contacts, households and batch in one transaction, on the partner's node.
SELECT create_distributed_table('households', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('household_members', 'tenant_id', colocate_with => 'accounts');
-- Issue 28: who came to a meeting, saved with the meeting's headcount in one transaction on the partner's node.
SELECT create_distributed_table('meeting_attendees', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('contact_import_batches', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('contact_import_changes', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('contact_import_presets', 'tenant_id', colocate_with => 'accounts');
-- Issue 29: a partner's Daraja set-up, its M-Pesa Express prompts and its payment look-ups.
SELECT create_distributed_table('partner_daraja', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('mpesa_express_requests', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('mpesa_lookups', 'tenant_id', colocate_with => 'accounts');
-- Issue 30: campaigns, pledges and their kept totals, written by the incomes' triggers in the income's transaction
-- on the partner's node (every trigger statement joins on tenant_id).
SELECT create_distributed_table('campaigns', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('pledges', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('pledge_changes', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('campaign_weeks', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('pledge_thanks', 'tenant_id', colocate_with => 'accounts');

ALTER TABLE incomes ADD CONSTRAINT incomes_tenant_id_online_transaction_id_fkey
  FOREIGN KEY (tenant_id, online_transaction_id) REFERENCES online_transactions (tenant_id, id);
ALTER TABLE bill_ref_rules ADD CONSTRAINT bill_ref_rules_tenant_id_campaign_id_fkey
  FOREIGN KEY (tenant_id, campaign_id) REFERENCES campaigns (tenant_id, id) ON DELETE SET NULL (campaign_id);

COMMIT;

-- Stay on the coordinator: mpesa_callbacks, rate_limit_hits, worker_heartbeats, sms_gateway_pauses, kysely_migration, kysely_migration_lock.
-- mpesa_callbacks is the raw inbox of Safaricom's callbacks, some of which belong to no partner; rate_limit_hits
-- holds unlogged counters; worker_heartbeats one row per worker process; sms_gateway_pauses one row per SMS
-- gateway account that cannot send; the kysely tables the schema's own bookkeeping.
