import { sql, type Kysely } from 'kysely';

/**
 * M-Pesa payers whose number is hidden (issue 31.3; api/src/finance/mpesa/payer-match.ts). Safaricom's C2B
 * callbacks now carry the payer's MSISDN as a SHA-256 hex digest or masked (`2547 ***** 126`), with only the
 * first name. An income allocated from such a payment is linked to the partner's contact found for it:
 *
 * - `incomes.member_id`: the contact an income is linked to (by the match or by a treasurer); its phone is
 *   then the contact's, which is what puts the income on the contact's giving statement. A deleted contact
 *   leaves the income unlinked (its phone stays).
 * - Expression indexes on members, so a partner with 100,000 contacts is matched by an index probe, not by
 *   hashing every number on each payment (a sequential scan of 130,000 contacts took 260 ms per form on
 *   PostgreSQL 15, the probe 0.05 ms): the SHA-256 of each number in the two forms Safaricom may hash,
 *   `2547XXXXXXXX` (E.164 without '+') and `07XXXXXXXX` (Kenyan national, Kenyan numbers only), and the
 *   reversed number, for 'ends with the visible digits' of a masked one. decode(…, 'escape') turns the digits
 *   into bytes: convert_to() is only stable, and an index expression must be immutable.
 *
 * Incomes allocated before, with no phone, are linked where that is safe: a hashed MSISDN in either form
 * (a digest names one number), a masked one when exactly one contact has its visible digits and the payer's
 * first name (folded as payer-match.ts folds it, as of this migration).
 */

/** The accented letters a first name is compared without (payer-match.ts FOLD_FROM / FOLD_TO, as this migration wrote them). */
const FOLD_FROM = 'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÇçÑñÝýÿ';
const FOLD_TO = 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOOooooooUUUUuuuuCcNnYyy';
const folded = (column: string) => sql`lower(translate(trim(${sql.ref(column)}), ${FOLD_FROM}, ${FOLD_TO}))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table incomes
      add column member_id integer,
      add constraint incomes_member_fkey foreign key (tenant_id, member_id) references members (tenant_id, id) on delete set null (member_id)`.execute(db);
  // The foreign key's check when a contact is deleted, and a contact's linked incomes.
  await sql`create index incomes_member_idx on incomes (tenant_id, member_id) where member_id is not null`.execute(db);

  await sql`create index members_msisdn_international_idx on members (tenant_id, sha256(decode(substr(phone, 2), 'escape')))`.execute(db);
  await sql`
    create index members_msisdn_national_idx on members (tenant_id, sha256(decode('0' || substr(phone, 5), 'escape')))
    where phone like '+254%'`.execute(db);
  await sql`create index members_phone_reverse_idx on members (tenant_id, reverse(phone) text_pattern_ops)`.execute(db);

  // Backfill. Only incomes with no phone: one whose phone a person typed is theirs. Each link is a change of the
  // record (its version goes up), so an edit screen opened before it does not write the empty phone back.
  const link = (fit: ReturnType<typeof sql>) => sql`
    update incomes i
    set phone = m.phone, member_id = m.id, version = i.version + 1, updated_by = null, updated_at = now()
    from online_transactions t, members m
    where t.tenant_id = i.tenant_id and t.id = i.online_transaction_id and i.phone = '' and i.member_id is null
      and m.tenant_id = i.tenant_id and ${fit}`;
  await sql`${link(sql`t.msisdn ~ '^[0-9A-Fa-f]{64}$' and sha256(decode(substr(m.phone, 2), 'escape')) = decode(t.msisdn, 'hex')`)}`.execute(db);
  await sql`${link(
    sql`t.msisdn ~ '^[0-9A-Fa-f]{64}$' and m.phone like '+254%' and sha256(decode('0' || substr(m.phone, 5), 'escape')) = decode(t.msisdn, 'hex')`,
  )}`.execute(db);

  // Masked: 2547 ***** 126 or 254712***678 (spaces dropped), the visible digits in the international form, or
  // national with its 0; the contact is linked only when exactly one fits.
  await sql`
    with masked as (
      select i.tenant_id, i.id, t.first_name,
        regexp_replace(substring(replace(t.msisdn, ' ', '') from '^\\+?([0-9]+)\\*'), '^0', '254') as head,
        substring(replace(t.msisdn, ' ', '') from '\\*([0-9]+)$') as tail
      from incomes i
      join online_transactions t on t.tenant_id = i.tenant_id and t.id = i.online_transaction_id
      where i.phone = '' and i.member_id is null and replace(t.msisdn, ' ', '') ~ '^\\+?[0-9]+\\*+[0-9]+$' and trim(t.first_name) <> ''
    ), fits as (
      select k.tenant_id, k.id, min(m.id) as member_id, count(*) as fits
      from masked k
      join members m on m.tenant_id = k.tenant_id
        and k.head like '254%'
        and left(m.phone, length(k.head) + 1) = '+' || k.head
        and reverse(m.phone) like reverse(k.tail) || '%'
        and length(m.phone) >= length(k.head) + length(k.tail) + 1
        and ${folded('m.first_name')} = ${folded('k.first_name')}
      group by k.tenant_id, k.id
    )
    update incomes i
    set phone = m.phone, member_id = m.id, version = i.version + 1, updated_by = null, updated_at = now()
    from fits f, members m
    where f.fits = 1 and i.tenant_id = f.tenant_id and i.id = f.id and m.tenant_id = f.tenant_id and m.id = f.member_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists members_phone_reverse_idx`.execute(db);
  await sql`drop index if exists members_msisdn_national_idx`.execute(db);
  await sql`drop index if exists members_msisdn_international_idx`.execute(db);
  await sql`drop index if exists incomes_member_idx`.execute(db);
  await sql`alter table incomes drop column if exists member_id`.execute(db);
}
