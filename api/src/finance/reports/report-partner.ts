import type { TenantScope } from '../../db/tenant-scope';

/** The partner a report is about: its name (the reports' `Partner.name`, the SMS signature) and country (currency, phone numbers). */
export async function reportPartner(scope: TenantScope): Promise<{ name: string; country: string }> {
  return scope.raw((db, tenantId) => db.selectFrom('partners').select(['name', 'country']).where('id', '=', tenantId).executeTakeFirstOrThrow());
}
