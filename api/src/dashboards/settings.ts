import { SMS_UNITS_SETTING, type PartnerSetting } from '@ushirika/shared/contract';
import type { TenantScope } from '../db/tenant-scope';

/**
 * The partner's settings as the dashboards answer them (spec 3): those stored, and SMS_UNITS_SETTING from
 * partners.sms_units, the balance the units ledger keeps (never stored twice, migration 0005).
 */
export async function dashboardSettings(scope: TenantScope): Promise<PartnerSetting[]> {
  const partner = await scope.raw((db, tenantId) => db.selectFrom('partners').select(['sms_units', 'settings']).where('id', '=', tenantId).executeTakeFirstOrThrow());
  return [...partner.settings.filter((setting) => setting.name !== SMS_UNITS_SETTING), { name: SMS_UNITS_SETTING, value: String(partner.sms_units) }];
}
