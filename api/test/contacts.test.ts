import { sql } from 'kysely';
import type { ActivityList, Member, MemberSaveResponse, MembersResponse } from '@ushirika/shared/contract';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { bothDatabases } from './support/databases';
import { expectFailure } from './support/expect';
import { partnerDay } from './support/days';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(bothDatabases)('contacts (/member) on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  beforeAll(() => {
    t = testApp();
  });

  const body = (overrides: object = {}) => ({
    firstName: 'Amina',
    lastName: 'Wanjiru',
    gender: 'F',
    mobile: '0712 345 678',
    residence: 'Kasarani',
    ...overrides,
  });
  const create = (tenant: Tenant, payload: object) => t.as(tenant, { method: 'POST', url: '/api/v2/member', payload });
  const update = (tenant: Tenant, id: number | string, payload: object) => t.as(tenant, { method: 'PUT', url: `/api/v2/member/${id}`, payload });
  const created = async (tenant: Tenant, overrides: object = {}) => {
    const response = await create(tenant, body(overrides));
    expect(response.statusCode).toBe(201);
    return response.json<MemberSaveResponse>().member;
  };
  const list = async (tenant: Tenant, query = '') => {
    const response = await t.as(tenant, { method: 'GET', url: `/api/v2/member${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<MembersResponse>();
  };
  const names = (members: Member[]) => members.map((member) => member.firstName);

  describe('POST /member', () => {
    it('saves a trimmed contact with its mobile in E.164 and answers 201 with it', async () => {
      const tenant = await t.newTenant('Grace');
      const response = await create(tenant, body({ firstName: '  Amina ', mobile: '0712-345 678', email: 'ignored@example.org', extra: 1 }));

      expect(response.statusCode).toBe(201);
      const saved = response.json<MemberSaveResponse>();
      expect(saved).toEqual({
        status_msg: 'New contact saved successfully!',
        member: {
          id: expect.any(Number),
          firstName: 'Amina',
          lastName: 'Wanjiru',
          gender: 'F',
          phone: '+254712345678',
          email: '',
          residence: 'Kasarani',
          dateOfBirth: null,
          membershipStatus: '',
          maritalStatus: '',
          externalId: '',
          household: null,
          createdAt: expect.stringMatching(ISO_INSTANT),
          Partner: { name: expect.stringMatching(/^Grace \d+$/) },
          version: 1,
          archivedAt: null,
          erased: false,
        },
      });
      expect((await list(tenant)).members).toEqual([saved.member]);
    });

    it.each([
      ['0712345678', '+254712345678'],
      ['712 345 678', '+254712345678'],
      ['254712345678', '+254712345678'],
      ['+254 (0)712 345 678', '+254712345678'],
      ['0110 123 456', '+254110123456'],
      ['+44 7207 946095', '+447207946095'],
    ])('stores the mobile %s as %s', async (mobile, phone) => {
      const tenant = await t.newTenant();
      expect((await created(tenant, { mobile })).phone).toBe(phone);
    });

    it.each([
      [{}, 'First Name is required'],
      [body({ gender: 'X' }), 'Gender must be Male (M), Female (F) or Other (O)'],
      [body({ firstName: '' }), 'First Name is required'],
      [body({ firstName: ' A ' }), 'Name must be at least 2 characters'],
      [body({ lastName: undefined }), 'Last name is required'],
      [body({ lastName: 'W' }), 'Name must be at least 2 characters'],
      [body({ mobile: '' }), 'Mobile is required'],
      [body({ mobile: '12345' }), 'Mobile must be a valid phone number, e.g. 0712 345 678 or +254 712 345 678'],
      [body({ firstName: 'A', residence: '' }), 'Name must be at least 2 characters'],
      [body({ dateOfBirth: '03/11/1990' }), 'Date of birth must be a date, e.g. 1990-11-03'],
      [body({ dateOfBirth: '1990-02-30' }), 'Date of birth must be a date, e.g. 1990-11-03'],
      [body({ dateOfBirth: '2099-01-01' }), 'Date of birth cannot be in the future'],
      [body({ membershipStatus: 'elder' }), 'Membership status must be member, visitor, adherent or former'],
      [body({ maritalStatus: 'engaged' }), 'Marital status must be single, married, widowed, divorced or separated'],
      [body({ externalId: 'x'.repeat(65) }), 'External ID must be at most 64 characters'],
    ])('answers 400 with the first failing message for %j', async (payload, message) => {
      const tenant = await t.newTenant();
      const response = await create(tenant, payload);
      expectFailure(response, 400, message);
      expect((await list(tenant)).total).toBe(0);
    });

    it('answers 409 for a mobile the partner already has, however it is written, but not for another partner', async () => {
      const tenant = await t.newTenant();
      const other = await t.newTenant();
      await created(tenant, { mobile: '0712345678' });

      const duplicate = await create(tenant, body({ firstName: 'Someone', mobile: '+254 712 345 678' }));

      expectFailure(duplicate, 409, 'A contact with this mobile number already exists');
      expect((await list(tenant)).total).toBe(1);
      expect((await create(other, body({ mobile: '254712345678' }))).statusCode).toBe(201);
    });

    it('lets only one of two simultaneous saves of one mobile through', async () => {
      const tenant = await t.newTenant();
      const answers = await Promise.all([create(tenant, body({ firstName: 'First' })), create(tenant, body({ firstName: 'Second' }))]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expect((await list(tenant)).total).toBe(1);
    });
  });

  describe('PUT /member/:id', () => {
    it('changes the contact, also its email, and answers 200 with it', async () => {
      const tenant = await t.newTenant();
      const before = await created(tenant);

      const response = await update(tenant, before.id, body({ lastName: 'Kamau', mobile: '0722 000 111', email: ' amina@example.org ', gender: 'O' }));

      expect(response.statusCode).toBe(200);
      expect(response.json<MemberSaveResponse>()).toEqual({
        status_msg: 'New contact saved successfully!',
        member: { ...before, lastName: 'Kamau', phone: '+254722000111', email: 'amina@example.org', gender: 'O', version: 2 },
      });
    });

    it('keeps its own mobile, clears the email when it is left out, and refuses a bad email', async () => {
      const tenant = await t.newTenant();
      const before = await created(tenant);
      expect((await update(tenant, before.id, body({ email: 'a@b.co' }))).statusCode).toBe(200);

      const cleared = await update(tenant, before.id, body({ mobile: '+254712345678' }));
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json<MemberSaveResponse>().member.email).toBe('');

      const bad = await update(tenant, before.id, body({ email: 'not-an-email' }));
      expectFailure(bad, 400, 'Email must be a valid email address, e.g. name@example.com');
    });

    it("answers 409 when the new mobile is another contact's", async () => {
      const tenant = await t.newTenant();
      await created(tenant, { mobile: '0712000001' });
      const second = await created(tenant, { firstName: 'Brian', mobile: '0712000002' });

      const response = await update(tenant, second.id, body({ firstName: 'Brian', mobile: '712 000 001' }));

      expectFailure(response, 409, 'A contact with this mobile number already exists');
      expect((await list(tenant, '?searchKey=brian')).members[0]!.phone).toBe('+254712000002');
    });

    it("answers 404 for another partner's contact and changes nothing", async () => {
      const owner = await t.newTenant();
      const intruder = await t.newTenant();
      const contact = await created(owner);

      const response = await update(intruder, contact.id, body({ firstName: 'Hijacked', email: 'x@y.org' }));

      expectFailure(response, 404, 'Contact not found');
      expect((await list(owner)).members).toEqual([contact]);
      expect((await list(intruder)).total).toBe(0);
    });

    it.each(['999999', 'abc', '0', '-1', '99999999999'])('answers 404 for the unknown id %s', async (id) => {
      const tenant = await t.newTenant();
      const response = await update(tenant, id, body());
      expectFailure(response, 404, 'Contact not found');
    });

    it('validates before looking the contact up', async () => {
      const tenant = await t.newTenant();
      const response = await update(tenant, 999999, body({ gender: 'X' }));
      expectFailure(response, 400, 'Gender must be Male (M), Female (F) or Other (O)');
    });
  });

  describe('GET /member', () => {
    it("lists only the partner's own contacts, newest first, with the total", async () => {
      const tenant = await t.newTenant();
      const other = await t.newTenant();
      await created(tenant, { firstName: 'First', mobile: '0700000001' });
      await created(tenant, { firstName: 'Second', mobile: '0700000002' });
      await created(tenant, { firstName: 'Third', mobile: '0700000003' });
      await created(other, { firstName: 'Foreign', mobile: '0700000001' });

      const body = await list(tenant);

      expect(body.total).toBe(3);
      expect(names(body.members)).toEqual(['Third', 'Second', 'First']);
    });

    it('pages with page and pagesize while the total stays the full count', async () => {
      const tenant = await t.newTenant();
      for (let i = 1; i <= 5; i += 1) await created(tenant, { firstName: `Name${i}`, mobile: `070000000${i}` });

      const page2 = await list(tenant, '?action=display&page=2&pagesize=2');
      const page3 = await list(tenant, '?page=3&pagesize=2');

      expect(page2.total).toBe(5);
      expect(names(page2.members)).toEqual(['Name3', 'Name2']);
      expect(names(page3.members)).toEqual(['Name1']);
      expect(await list(tenant, '?page=9&pagesize=2')).toEqual({ members: [], total: 5 });
      expect((await t.as(tenant, { method: 'GET', url: '/api/v2/member?page=0' })).statusCode).toBe(400);
    });

    describe('search', () => {
      let tenant: Tenant;
      beforeAll(async () => {
        tenant = await t.newTenant();
        await created(tenant, { firstName: 'Amina', lastName: 'Wanjiru', mobile: '0712 345 678', email: '' });
        await created(tenant, { firstName: 'Brian', lastName: 'Otieno', mobile: '0722 111 222' });
        await created(tenant, { firstName: 'Caroline', lastName: 'Wanjala', mobile: '0110 555 666' });
        const dennis = await created(tenant, { firstName: 'Dennis', lastName: 'Kamau', mobile: '+44 7207 946095' });
        await update(tenant, dennis.id, body({ firstName: 'Dennis', lastName: 'Kamau', mobile: '+44 7207 946095', email: 'dennis@Example.org' }));
        // Her number holds Amina's first digits (712 345) after its own start: a fragment finds both, a start only Amina.
        await created(tenant, { firstName: 'Esther', lastName: 'Chebet', mobile: '0733 712 345' });
        // Another partner's contact that matches every search below: never in the answers.
        const other = await t.newTenant();
        await created(other, { firstName: 'Amina', lastName: 'Wanjiru', mobile: '0712 345 678' });
      });

      it.each([
        ['amina', ['Amina']],
        ['WANJ', ['Caroline', 'Amina']],
        ['otie', ['Brian']],
        ['example.ORG', ['Dennis']],
        ['0712', ['Amina']],
        ['0712 34', ['Amina']],
        ['+254 712 34', ['Amina']],
        ['0712 345 678', ['Amina']],
        ['+254 712 345 678', ['Amina']],
        ['712345', ['Esther', 'Amina']],
        ['712 34', ['Esther', 'Amina']],
        ['345 678', ['Amina']],
        ['0110', ['Caroline']],
        ['+254', []],
        ['254 712', ['Amina']],
        ['0733 71', ['Esther']],
        ['+44 7207', ['Dennis']],
        ['0044 7207', ['Dennis']],
        // 00 starts a number abroad: +20 is Egypt's, not the 207 inside Dennis's number.
        ['0020 7946', []],
        ['7946', ['Dennis']],
        ['nobody', []],
        ['%', []],
        ['_', []],
      ])('finds %j in first name, last name, phone or email', async (searchKey, expected) => {
        const found = await list(tenant, `?searchKey=${encodeURIComponent(searchKey)}`);
        expect(names(found.members)).toEqual(expected);
        expect(found.total).toBe(expected.length);
      });
    });

    it('keeps the total right through creates, refused duplicates and deletes, with or without dates', async () => {
      const tenant = await t.newTenant();
      const other = await t.newTenant();
      for (let i = 1; i <= 4; i += 1) await created(tenant, { firstName: `Name${i}`, mobile: `070000010${i}` });
      await created(other, { mobile: '0700000101' });
      expect((await create(tenant, body({ mobile: '0700000101' }))).statusCode).toBe(409);
      const today = partnerDay();
      const tomorrow = partnerDay(1);

      expect((await list(tenant)).total).toBe(4);
      expect((await list(tenant, `?startdate=2020-01-01&enddate=${tomorrow}`)).total).toBe(4);

      await sql`delete from members where tenant_id = ${tenant.id} and first_name in ('Name1', 'Name2')`.execute(t.db);
      await sql`update members set created_at = '2021-06-01T00:00:00Z' where tenant_id = ${tenant.id} and first_name = 'Name3'`.execute(t.db);

      expect((await list(tenant)).total).toBe(2);
      expect((await list(tenant, `?startdate=2020-01-01&enddate=${today}`)).total).toBe(2);
      expect((await list(tenant, `?startdate=2022-01-01&enddate=${tomorrow}`)).total).toBe(1);
      expect((await list(tenant, '?startdate=2020-01-01&enddate=2021-12-31')).total).toBe(1);
      expect((await list(other)).total).toBe(1);
    });

    it('filters on the date added, including the whole end date', async () => {
      const tenant = await t.newTenant();
      await created(tenant, { firstName: 'Old', mobile: '0700000011' });
      await created(tenant, { firstName: 'Edge', mobile: '0700000012' });
      await sql`update members set created_at = '2026-01-10T08:00:00Z' where tenant_id = ${tenant.id} and first_name = 'Old'`.execute(t.db);
      await sql`update members set created_at = '2026-03-31T20:59:00Z' where tenant_id = ${tenant.id} and first_name = 'Edge'`.execute(t.db);

      expect(names((await list(tenant, '?startdate=2026-02-01&enddate=2026-03-31')).members)).toEqual(['Edge']);
      expect((await list(tenant, '?startdate=2020-01-01')).total).toBe(2);
    });
  });

  describe('the fields a church keeps (issue 27.5)', () => {
    const PEOPLE = { dateOfBirth: '1988-04-17', membershipStatus: 'member', maritalStatus: 'married', externalId: 'PCO-10442' };
    const one = async (tenant: Tenant, id: number) => {
      const response = await t.as(tenant, { method: 'GET', url: `/api/v2/member/${id}` });
      expect(response.statusCode).toBe(200);
      return response.json<{ member: Member }>().member;
    };

    it('saves a contact with neither gender nor residence: both read back empty', async () => {
      const tenant = await t.newTenant();
      const { gender: _gender, residence: _residence, ...bare } = body();
      const response = await create(tenant, bare);
      expect(response.statusCode).toBe(201);
      const saved = response.json<MemberSaveResponse>().member;
      expect(saved).toMatchObject({ gender: '', residence: '', dateOfBirth: null, membershipStatus: '', maritalStatus: '', externalId: '', household: null });
      expect(await one(tenant, saved.id)).toEqual(saved);

      const edited = await update(tenant, saved.id, { ...bare, email: '', gender: '', residence: '' });
      expect(edited.statusCode).toBe(200);
      expect(edited.json<MemberSaveResponse>().member).toMatchObject({ gender: '', residence: '', version: 2 });
    });

    it('saves date of birth, membership and marital status and external id on create and on change, and logs them', async () => {
      const tenant = await t.newTenant();
      const saved = await created(tenant, PEOPLE);
      expect(saved).toMatchObject(PEOPLE);
      expect(await one(tenant, saved.id)).toEqual(saved);
      expect((await list(tenant)).members).toEqual([saved]);

      const changes = { dateOfBirth: '1988-04-18', membershipStatus: 'former', maritalStatus: 'widowed', externalId: ' PCO-10443 ' };
      const response = await update(tenant, saved.id, body({ ...changes, email: '', version: saved.version }));
      expect(response.statusCode).toBe(200);
      const changed = response.json<MemberSaveResponse>().member;
      expect(changed).toEqual({ ...saved, ...changes, externalId: 'PCO-10443', version: 2 });

      const history = await t.as(tenant, { method: 'GET', url: `/api/v2/member/${saved.id}/activity` });
      const [edit, creation] = history.json<ActivityList>().activity;
      expect(edit!.changes).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field: 'dateOfBirth', old: '1988-04-17', new: '1988-04-18' }),
          expect.objectContaining({ field: 'membershipStatus', old: 'member', new: 'former' }),
          expect.objectContaining({ field: 'maritalStatus', old: 'married', new: 'widowed' }),
          expect.objectContaining({ field: 'externalId', old: 'PCO-10442', new: 'PCO-10443' }),
        ]),
      );
      expect(edit!.changes).toHaveLength(4);
      expect(creation!.changes.map((change) => change.field)).toEqual(expect.arrayContaining(['dateOfBirth', 'membershipStatus', 'maritalStatus', 'externalId']));
      expect(creation!.changes.map((change) => change.field)).not.toContain('household.id');
    });

    it("clears them with '' (no external id stored as NULL), and keeps them when a change does not name them", async () => {
      const tenant = await t.newTenant();
      const saved = await created(tenant, PEOPLE);

      // A contacts screen built before these fields sends none of them: they stay.
      const older = await update(tenant, saved.id, body({ lastName: 'Kamau', email: '' }));
      expect(older.statusCode).toBe(200);
      expect(older.json<MemberSaveResponse>().member).toMatchObject({ ...PEOPLE, lastName: 'Kamau' });

      const cleared = await update(tenant, saved.id, body({ email: '', dateOfBirth: '', membershipStatus: '', maritalStatus: '', externalId: '' }));
      expect(cleared.json<MemberSaveResponse>().member).toMatchObject({ dateOfBirth: null, membershipStatus: '', maritalStatus: '', externalId: '' });
      const stored = await t.db.selectFrom('members').select(['external_id', 'date_of_birth']).where('id', '=', saved.id).executeTakeFirstOrThrow();
      expect(stored).toEqual({ external_id: null, date_of_birth: null });
      // Many contacts without an external id: none clashes.
      expect((await create(tenant, body({ mobile: '0700000201', externalId: '' }))).statusCode).toBe(201);
      expect((await create(tenant, body({ mobile: '0700000202' }))).statusCode).toBe(201);
    });

    it("answers 409 for an external id another of the partner's contacts has, archived or not, but not another partner's", async () => {
      const tenant = await t.newTenant();
      const other = await t.newTenant();
      const first = await created(tenant, { mobile: '0700000301', externalId: 'BRZ-7' });
      const second = await created(tenant, { mobile: '0700000302', externalId: 'BRZ-8' });

      expectFailure(await create(tenant, body({ mobile: '0700000303', externalId: 'BRZ-7' })), 409, 'Another contact has this External ID');
      expectFailure(await update(tenant, second.id, body({ mobile: '0700000302', externalId: 'BRZ-7', email: '' })), 409, 'Another contact has this External ID');
      // A mobile clash is still told as one.
      expectFailure(await create(tenant, body({ mobile: '0700000301', externalId: 'BRZ-9' })), 409, 'A contact with this mobile number already exists');
      expect(await one(tenant, second.id)).toEqual(second);
      expect((await list(tenant)).total).toBe(2);

      expect((await t.as(tenant, { method: 'POST', url: `/api/v2/member/${first.id}/archive`, payload: {} })).statusCode).toBe(200);
      expectFailure(await create(tenant, body({ mobile: '0700000304', externalId: 'BRZ-7' })), 409, 'Another contact has this External ID');
      expect((await create(other, body({ mobile: '0700000301', externalId: 'BRZ-7' }))).statusCode).toBe(201);
    });

    it('shows the household a contact belongs to, with their role', async () => {
      const tenant = await t.newTenant();
      const head = await created(tenant, { firstName: 'Joseph', mobile: '0700000401' });
      const child = await created(tenant, { firstName: 'Faith', mobile: '0700000402' });
      const loner = await created(tenant, { firstName: 'Lucy', mobile: '0700000403' });
      const household = await t.db.insertInto('households').values({ tenant_id: tenant.id, name: 'Kamau family' }).returning('id').executeTakeFirstOrThrow();
      await t.db
        .insertInto('household_members')
        .values([
          { tenant_id: tenant.id, household_id: household.id, member_id: head.id, role: 'head' },
          { tenant_id: tenant.id, household_id: household.id, member_id: child.id, role: 'child' },
        ])
        .execute();

      const rows = (await list(tenant)).members;
      expect(rows.map((row) => [row.firstName, row.household])).toEqual([
        ['Lucy', null],
        ['Faith', { id: household.id, name: 'Kamau family', role: 'child' }],
        ['Joseph', { id: household.id, name: 'Kamau family', role: 'head' }],
      ]);
      expect((await one(tenant, head.id)).household).toEqual({ id: household.id, name: 'Kamau family', role: 'head' });
      expect((await one(tenant, loner.id)).household).toBeNull();
      // A change of the contact keeps them in it.
      const edited = await update(tenant, child.id, body({ firstName: 'Faith', mobile: '0700000402', email: '' }));
      expect(edited.json<MemberSaveResponse>().member.household).toEqual({ id: household.id, name: 'Kamau family', role: 'child' });
    });
  });

  describe('list filters (issue 27.5)', () => {
    let tenant: Tenant;
    let householdId: number;
    let foreignHouseholdId: number;
    beforeAll(async () => {
      tenant = await t.newTenant();
      const amina = await created(tenant, { firstName: 'Amina', mobile: '0700000501', membershipStatus: 'member' });
      await created(tenant, { firstName: 'Brian', mobile: '0700000502', membershipStatus: 'visitor' });
      const caro = await created(tenant, { firstName: 'Caroline', mobile: '0700000503', membershipStatus: 'member' });
      await created(tenant, { firstName: 'Dennis', mobile: '0700000504' });
      const archived = await created(tenant, { firstName: 'Esther', mobile: '0700000505', membershipStatus: 'member' });
      expect((await t.as(tenant, { method: 'POST', url: `/api/v2/member/${archived.id}/archive`, payload: {} })).statusCode).toBe(200);
      ({ id: householdId } = await t.db.insertInto('households').values({ tenant_id: tenant.id, name: 'Wanjiru' }).returning('id').executeTakeFirstOrThrow());
      await t.db
        .insertInto('household_members')
        .values([
          { tenant_id: tenant.id, household_id: householdId, member_id: amina.id, role: 'head' },
          { tenant_id: tenant.id, household_id: householdId, member_id: caro.id, role: 'spouse' },
          { tenant_id: tenant.id, household_id: householdId, member_id: archived.id, role: 'child' },
        ])
        .execute();
      // Another partner's household, with a contact of its own.
      const other = await t.newTenant();
      const stranger = await created(other, { firstName: 'Stranger', mobile: '0700000501', membershipStatus: 'member' });
      ({ id: foreignHouseholdId } = await t.db.insertInto('households').values({ tenant_id: other.id, name: 'Other' }).returning('id').executeTakeFirstOrThrow());
      await t.db.insertInto('household_members').values({ tenant_id: other.id, household_id: foreignHouseholdId, member_id: stranger.id, role: 'head' }).execute();
    });

    it.each([
      ['?membershipStatus=member', ['Caroline', 'Amina']],
      ['?membershipStatus=visitor', ['Brian']],
      ['?membershipStatus=former', []],
      ['?membershipStatus=none', ['Dennis']],
      ['?membershipStatus=', ['Dennis', 'Caroline', 'Brian', 'Amina']],
      ['?membershipStatus=member&searchKey=caro', ['Caroline']],
      ['?membershipStatus=member&archived=only', ['Esther']],
      ['?householdId=HOUSEHOLD', ['Caroline', 'Amina']],
      ['?householdId=HOUSEHOLD&archived=only', ['Esther']],
      ['?householdId=HOUSEHOLD&membershipStatus=member&pagesize=1', ['Caroline']],
      ['?householdId=FOREIGN', []],
      ['?householdId=2000000000', []],
    ])('%s lists %j with their total', async (query, expected) => {
      const found = await list(tenant, query.replace('HOUSEHOLD', String(householdId)).replace('FOREIGN', String(foreignHouseholdId)));
      expect(names(found.members)).toEqual(expected.slice(0, query.includes('pagesize=1') ? 1 : undefined));
      expect(found.total).toBe(query.includes('pagesize=1') ? 2 : expected.length);
    });

    it.each([
      ['?membershipStatus=elder', 'membershipStatus must be one of member, visitor, adherent, former, none (or empty for every contact)'],
      ['?membershipStatus=member&membershipStatus=visitor', 'membershipStatus must be one of member, visitor, adherent, former, none (or empty for every contact)'],
      ['?householdId=abc', 'householdId must be a household id (a whole number from 1)'],
      ['?householdId=0', 'householdId must be a household id (a whole number from 1)'],
      ['?householdId=-3', 'householdId must be a household id (a whole number from 1)'],
      ['?householdId=1.5', 'householdId must be a household id (a whole number from 1)'],
      ['?householdId=99999999999', 'householdId must be a household id (a whole number from 1)'],
    ])('answers 400 for %s', async (query, message) => {
      expectFailure(await t.as(tenant, { method: 'GET', url: `/api/v2/member${query}` }), 400, message);
    });
  });
});
