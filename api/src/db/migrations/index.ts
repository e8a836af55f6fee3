import type { Migration, MigrationProvider } from 'kysely/migration';
import * as initial from './0001_initial';
import * as contacts from './0002_contacts';
import * as partnerCountry from './0003_partner_country';
import * as messageConfigs from './0004_message_configs';
import * as messaging from './0005_messaging';
import * as finance from './0006_finance';
import * as mpesa from './0007_mpesa';
import * as sessions from './0008_sessions';
import * as searchText from './0009_search_text';
import * as dashboards from './0010_dashboards';
import * as workerHeartbeats from './0011_worker_heartbeats';
import * as distributionKeys from './0012_distribution_keys';
import * as listDayCounts from './0013_list_day_counts';
import * as callbackSources from './0014_callback_sources';
import * as recordVersions from './0015_record_versions';
import * as mpesaChecks from './0016_mpesa_checks';
import * as uploadedFileNames from './0017_uploaded_file_names';
import * as smsGatewayPauses from './0018_sms_gateway_pauses';
import * as smsSegmentsSplit from './0019_sms_segments_split';
import * as mpesaShortCodes from './0020_mpesa_short_codes';
import * as mpesaHiddenPayers from './0021_mpesa_hidden_payers';
import * as staffRoles from './0022_staff_roles';
import * as activityLog from './0023_activity_log';
import * as ledgerCorrections from './0024_ledger_corrections';
import * as contactArchive from './0025_contact_archive';
import * as peopleAndHouseholds from './0026_people_and_households';
import * as officeDay from './0027_office_day';
import * as mpesaExpress from './0028_mpesa_express';
import * as campaigns from './0029_campaigns';
import * as searchIndexes from './0030_search_indexes';

/**
 * Migrations are listed here rather than discovered in a folder, so they survive bundling and tests
 * need no file-system tricks. Names sort in the order they must run; never rename or edit one that shipped.
 */
const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_contacts': contacts,
  '0003_partner_country': partnerCountry,
  '0004_message_configs': messageConfigs,
  '0005_messaging': messaging,
  '0006_finance': finance,
  '0007_mpesa': mpesa,
  '0008_sessions': sessions,
  '0009_search_text': searchText,
  '0010_dashboards': dashboards,
  '0011_worker_heartbeats': workerHeartbeats,
  '0012_distribution_keys': distributionKeys,
  '0013_list_day_counts': listDayCounts,
  '0014_callback_sources': callbackSources,
  '0015_record_versions': recordVersions,
  '0016_mpesa_checks': mpesaChecks,
  '0017_uploaded_file_names': uploadedFileNames,
  '0018_sms_gateway_pauses': smsGatewayPauses,
  '0019_sms_segments_split': smsSegmentsSplit,
  '0020_mpesa_short_codes': mpesaShortCodes,
  '0021_mpesa_hidden_payers': mpesaHiddenPayers,
  '0022_staff_roles': staffRoles,
  '0023_activity_log': activityLog,
  '0024_ledger_corrections': ledgerCorrections,
  '0025_contact_archive': contactArchive,
  '0026_people_and_households': peopleAndHouseholds,
  '0027_office_day': officeDay,
  '0028_mpesa_express': mpesaExpress,
  '0029_campaigns': campaigns,
  '0030_search_indexes': searchIndexes,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
