import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { ContactImportPreview, ContactImportResult, LoginResponse, MemberSaveResponse, MembersResponse } from '@ushirika/shared/contract';
import { migrateToLatest } from '../src/db/migrate';
import { migrationProvider } from '../src/db/migrations';
import { createPartner, createUser, partnerCountry, setPartnerCountry, UnknownCountryError } from '../src/partners/queries';
import { TEST_PASSWORD, useTestApp, type Tenant, type TestApp } from './support/app';
import { testDatabases } from './support/databases';
import { expectFailure } from './support/expect';

const INVALID_MOBILE = 'Mobile must be a valid phone number, e.g. 0712 345 678 or +254 712 345 678';

/** A multipart/form-data body with one CSV file part, as a browser's FormData sends it. */
function csvUpload(csv: string) {
  const boundary = `----ushirika-test-${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contacts.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(testDatabases)("phone numbers are read in the partner's country on %s", (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  beforeAll(() => {
    t = testApp();
  });

  const contact = (mobile: string, firstName = 'Amina') => ({ firstName, lastName: 'Nakato', gender: 'F', mobile, residence: 'Kampala' });
  const create = (tenant: Tenant, mobile: string, firstName?: string) => t.as(tenant, { method: 'POST', url: '/api/v2/member', payload: contact(mobile, firstName) });
  const createdPhone = async (tenant: Tenant, mobile: string) => {
    const response = await create(tenant, mobile);
    expect(response.statusCode).toBe(201);
    return response.json<MemberSaveResponse>().member.phone;
  };
  const list = async (tenant: Tenant, query = '') => {
    const response = await t.as(tenant, { method: 'GET', url: `/api/v2/member${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<MembersResponse>();
  };

  describe('contact forms (POST and PUT /member)', () => {
    it("stores a Ugandan partner's 0772 123 456 as +256772123456", async () => {
      const uganda = await t.newTenant('Kampala', 'UG');
      expect(await createdPhone(uganda, '0772 123 456')).toBe('+256772123456');
      expect((await list(uganda)).members.map((member) => member.phone)).toEqual(['+256772123456']);
    });

    it("stores a Kenyan partner's numbers as +254, and the same digits as Kenyan (0772 is a Kenyan mobile range too)", async () => {
      const kenya = await t.newTenant('Nairobi');
      expect(await createdPhone(kenya, '0712 345 678')).toBe('+254712345678');
      expect(await createdPhone(kenya, '0772 123 456')).toBe('+254772123456');
      expect(await createdPhone(kenya, '+256 772 123 456')).toBe('+256772123456');
    });

    it("refuses a number that is no mobile in the partner's country instead of reading it as Kenyan", async () => {
      const uganda = await t.newTenant('Kampala', 'UG');
      // 0112 345 678 is a Kenyan mobile but a Ugandan landline range.
      expectFailure(await create(uganda, '0112 345 678'), 400, INVALID_MOBILE);
      expectFailure(await create(uganda, '0414 123 456'), 400, INVALID_MOBILE);
      expect((await list(uganda)).total).toBe(0);
    });

    it('reads Tanzanian and Rwandan local numbers for partners there', async () => {
      expect(await createdPhone(await t.newTenant('Dar', 'TZ'), '0754 123 456')).toBe('+255754123456');
      expect(await createdPhone(await t.newTenant('Kigali', 'RW'), '0788 123 456')).toBe('+250788123456');
    });

    it("reads an edited contact's number in the partner's country, and keeps stored numbers as they are", async () => {
      const uganda = await t.newTenant('Kampala', 'UG');
      const saved = (await create(uganda, '+254 712 345 678')).json<MemberSaveResponse>().member;
      expect(saved.phone).toBe('+254712345678');

      const unchanged = await t.as(uganda, { method: 'PUT', url: `/api/v2/member/${saved.id}`, payload: { ...contact(saved.phone), email: '' } });
      expect(unchanged.statusCode).toBe(200);
      expect(unchanged.json<MemberSaveResponse>().member.phone).toBe('+254712345678');

      const edited = await t.as(uganda, { method: 'PUT', url: `/api/v2/member/${saved.id}`, payload: { ...contact('0701 234 567'), email: '' } });
      expect(edited.statusCode).toBe(200);
      expect(edited.json<MemberSaveResponse>().member.phone).toBe('+256701234567');
    });

    it('refuses a second contact with the same number however it is written', async () => {
      const uganda = await t.newTenant('Kampala', 'UG');
      await createdPhone(uganda, '0772 123 456');
      expectFailure(await create(uganda, '+256 772 123456', 'Grace'), 409, 'A contact with this mobile number already exists');
    });
  });

  describe('the contacts search', () => {
    it("finds a whole local number and a fragment in the partner's country", async () => {
      const uganda = await t.newTenant('Kampala', 'UG');
      await createdPhone(uganda, '0772 123 456');
      for (const searchKey of ['0772 123 456', '+256 772 123 456', '256772123456', '0772 12', '+256 7721']) {
        const found = await list(uganda, `?searchKey=${encodeURIComponent(searchKey)}`);
        expect([searchKey, found.members.map((member) => member.phone)]).toEqual([searchKey, ['+256772123456']]);
      }
    });

    it('searches the members of a group and the export in the same way', async () => {
      const uganda = await t.newTenant('Kampala', 'UG');
      const member = (await create(uganda, '0772 123 456')).json<MemberSaveResponse>().member;
      await create(uganda, '0701 234 567', 'Grace');
      const post = async (url: string, payload: object) => {
        const response = await t.as(uganda, { method: 'POST', url: `/api/v2/${url}`, payload });
        expect(response.statusCode).toBeLessThan(300);
        return response.json<Record<string, { id: number }>>();
      };
      const type = (await post('group_types', { name: 'Choir', description: 'Singers' })).group_type!;
      const group = (await post('groups', { groupType: type.id, name: 'Youth choir', description: 'Young singers', brandName: 'Sauti' })).group!;
      const everyone = (await list(uganda)).members.map((m) => m.id).join(',');
      await post('groupmembers', { group: group.id, selectedRecords: everyone });
      const inGroup = await t.as(uganda, { method: 'GET', url: `/api/v2/groupmembers/${group.id}?searchKey=${encodeURIComponent('0772 123 456')}` });
      expect(inGroup.statusCode).toBe(200);
      expect(inGroup.json<{ members: { MemberId: number }[]; total: number }>()).toMatchObject({ members: [{ MemberId: member.id }], total: 1 });

      const exported = await t.as(uganda, { method: 'GET', url: `/api/v2/member/export?searchKey=${encodeURIComponent('0772 123 456')}` });
      expect(exported.statusCode).toBe(200);
      expect(exported.body).toContain('+256772123456');
    });
  });

  describe('contacts import', () => {
    const CSV = [
      'First Name,Last Name,Gender,Mobile,Residence',
      'Amina,Nakato,F,0772 123 456,Kampala', //  line 2: ready, +256772123456
      'Brian,Okello,M,0701-234-567,Entebbe', //  line 3: ready, +256701234567
      'Grace,Achieng,F,+254 712 345 678,Jinja', // line 4: ready, a Kenyan number given in full
      'Carol,Auma,F,256772123456,Gulu', //        line 5: duplicate of line 2
      'Dan,Mugisha,M,0414 123 456,Mbarara', //    line 6: a Kampala landline, invalid
    ].join('\r\n');

    /** Each row's number, status and new mobile (or messages). */
    const readRows = (body: ContactImportPreview) =>
      body.rows.map((row) => [row.row, row.status, row.changes?.find((change) => change.field === 'mobile')?.new ?? row.messages]);

    it('previews local Ugandan numbers normalised for a Ugandan partner', async () => {
      const uganda = await t.newTenant('Kampala', 'UG');
      const response = await t.as(uganda, { method: 'POST', url: '/api/v2/member/import/preview', ...csvUpload(CSV) });
      expect(response.statusCode).toBe(200);
      const body = response.json<ContactImportPreview>();
      expect(body.counts).toEqual({ new: 3, update: 0, unchanged: 0, conflict: 1, error: 1 });
      expect(readRows(body)).toEqual([
        [2, 'new', '+256772123456'],
        [3, 'new', '+256701234567'],
        [4, 'new', '+254712345678'],
        [5, 'conflict', ['An earlier row of the file has the same mobile']],
        [6, 'error', [INVALID_MOBILE]],
      ]);
    });

    it('creates them with the normalised numbers', async () => {
      const uganda = await t.newTenant('Kampala', 'UG');
      const response = await t.as(uganda, { method: 'POST', url: '/api/v2/member/import', ...csvUpload(CSV) });
      expect(response.json<ContactImportResult>()).toMatchObject({ batch: { created: 3, updated: 0 } });
      expect((await list(uganda)).members.map((member) => member.phone).sort()).toEqual(['+254712345678', '+256701234567', '+256772123456']);
    });

    it('reads the same file in Kenya for a Kenyan partner', async () => {
      const kenya = await t.newTenant('Nairobi');
      const body = (await t.as(kenya, { method: 'POST', url: '/api/v2/member/import/preview', ...csvUpload(CSV) })).json<ContactImportPreview>();
      // 0772… and 0701… are Kenyan mobiles too; 256772123456 without + is no Kenyan number.
      expect(readRows(body).map(([row, status, mobile]) => [row, status, status === 'new' ? mobile : undefined])).toEqual([
        [2, 'new', '+254772123456'],
        [3, 'new', '+254701234567'],
        [4, 'new', '+254712345678'],
        [5, 'error', undefined],
        [6, 'error', undefined],
      ]);
    });
  });

  describe('login', () => {
    it("answers the partner's country with the user", async () => {
      for (const [country, expected] of [
        [undefined, 'KE'],
        ['UG', 'UG'],
        ['TZ', 'TZ'],
      ] as const) {
        const partnerId = await createPartner(t.db, { name: `Country ${expected}`, product: 'general', smsUnits: 0, country });
        const email = `login.${expected.toLowerCase()}.${Date.now()}@example.test`;
        await createUser(t.db, { partnerId, email, password: TEST_PASSWORD, firstName: 'Jane', lastName: 'Doe' });
        const response = await t.app.inject({ method: 'POST', url: '/api/v2/login', payload: { email, password: TEST_PASSWORD } });
        expect(response.statusCode).toBe(200);
        expect(response.json<LoginResponse>().user.Partner).toEqual({
          id: partnerId,
          name: `Country ${expected}`,
          product: 'general',
          country: expected,
          timeZone: 'Africa/Nairobi',
        });
      }
    });
  });

  describe('partner administration', () => {
    it("sets a partner's country; stored contacts keep their numbers and new local numbers follow the country", async () => {
      const tenant = await t.newTenant('Moving');
      expect(await createdPhone(tenant, '0712 345 678')).toBe('+254712345678');
      expect(await setPartnerCountry(t.db, tenant.id, 'UG')).toBe(true);
      expect(await partnerCountry(t.db, tenant.id)).toBe('UG');
      expect(await createdPhone(tenant, '0772 123 456')).toBe('+256772123456');
      expect((await list(tenant)).members.map((member) => member.phone).sort()).toEqual(['+254712345678', '+256772123456']);
    });

    it('refuses country codes libphonenumber does not know, and unknown partners', async () => {
      await expect(createPartner(t.db, { name: 'Nowhere', product: 'general', smsUnits: 0, country: 'XX' })).rejects.toBeInstanceOf(UnknownCountryError);
      await expect(createPartner(t.db, { name: 'Lower', product: 'general', smsUnits: 0, country: 'ug' })).rejects.toBeInstanceOf(UnknownCountryError);
      const tenant = await t.newTenant();
      await expect(setPartnerCountry(t.db, tenant.id, 'Uganda')).rejects.toBeInstanceOf(UnknownCountryError);
      expect(await setPartnerCountry(t.db, 2_000_000_000, 'UG')).toBe(false);
    });

    it('refuses a malformed country in the database itself', async () => {
      const tenant = await t.newTenant();
      await expect(sql`update partners set country = 'ke' where id = ${tenant.id}`.execute(t.db)).rejects.toThrow(/partners_country_check/);
    });
  });

  describe('migration 0003', () => {
    it('gives existing partners Kenya and leaves stored numbers unchanged', async () => {
      const handle = await database.open();
      try {
        const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
        const down = await migrator.migrateTo('0002_contacts');
        expect(down.error).toBeUndefined();

        const { rows: partners } = await sql<{ id: number }>`
          insert into partners (name, product) values ('Old Church', 'general') returning id`.execute(handle.db);
        const id = partners[0]!.id;
        await sql`
          insert into members (tenant_id, first_name, last_name, gender, phone, residence) values
            (${id}, 'Amina', 'Wanjiru', 'F', '+254712345678', 'Kasarani'),
            (${id}, 'Brian', 'Otieno', 'M', '+254110555666', 'Githurai'),
            (${id}, 'Nakato', 'Sarah', 'F', '+256772123456', 'Kampala')`.execute(handle.db);

        // Up again: 0003 runs first, then whatever came after it.
        expect((await migrateToLatest(handle.db))[0]).toBe('0003_partner_country');

        expect(await partnerCountry(handle.db, id)).toBe('KE');
        const phones = await handle.db.selectFrom('members').select('phone').where('tenant_id', '=', id).orderBy('phone').execute();
        expect(phones.map((row) => row.phone)).toEqual(['+254110555666', '+254712345678', '+256772123456']);
      } finally {
        await handle.close();
      }
    });
  });
});
