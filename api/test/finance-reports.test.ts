import fc from 'fast-check';
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import type { AccountStatement, AccountType, BudgetSaved, BudgetYear, GivingStatement, SendResult } from '@ushirika/shared/contract';
import { TenantScope } from '../src/db/tenant-scope';
import { insertIncome, takeReceiptNumbers } from '../src/finance/ledger-records';
import { accountStatement, tooManyLines } from '../src/finance/reports/account-statement';
import { givingSummaryText } from '../src/finance/reports/giving-statement';
import { topUpUnits, unitsBalance } from '../src/messaging/units';
import { useTestApp, type Tenant, type TestApp } from './support/app';
import { bothDatabases } from './support/databases';

const PHONE = '+254712345678';

describe.each(bothDatabases)('finance statements and budgets on %s', (_name, database) => {
  const testApp = useTestApp(database);
  let t: TestApp;
  beforeAll(() => {
    t = testApp();
  });

  // ---------------------------------------------------------------------------------------------
  // Records, written directly (the income and expense routes are not under test here)

  async function partner(units = 0) {
    const tenant = await t.newTenant('Finance');
    if (units > 0) await topUpUnits(t.db, tenant.id, units, 'test');
    return { tenant, scope: new TenantScope(t.db, tenant.id) };
  }

  async function account(scope: TenantScope, name: string, type: AccountType = 'CR', parentId: number | null = null) {
    const { id } = await scope.insertInto('accounts', { name, type, parent_id: parentId }).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  interface Gift {
    amount: string;
    date: string;
    phone?: string;
    firstName?: string;
    lastName?: string;
    paymentFor?: string;
  }
  const income = (scope: TenantScope, accountId: number, gift: Gift) =>
    scope.transaction((trx) =>
      insertIncome(trx, {
        first_name: gift.firstName ?? 'Jane',
        last_name: gift.lastName ?? 'Wambui',
        phone: gift.phone ?? '+254700000001',
        amount: gift.amount,
        payment_for: gift.paymentFor ?? 'Tithe',
        account_id: accountId,
        date_of_transaction: gift.date,
        mode: 'CASH',
        reference: 'REF-1',
      }),
    );

  async function expense(scope: TenantScope, accountId: number, amount: string, date: string, payee = 'Kenya Power') {
    const row = {
      payee,
      amount,
      payment_for: 'Electricity',
      account_id: accountId,
      date_of_transaction: date,
      mode: 'CASH' as const,
      reference: 'EXP-1',
      notes: 'Monthly',
    };
    const { id } = await scope.insertInto('expenses', row).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  const get = (tenant: Tenant, url: string) => t.as(tenant, { method: 'GET', url: `/api/v2/${url}` });
  const statementUrl = (accountId: number | string, start = '2026-02-01', end = '2026-02-28', suffix = '') =>
    `statements/account${suffix}?account=${accountId}&startdate=${start}&enddate=${end}`;

  // ---------------------------------------------------------------------------------------------
  // Account statement

  describe('account statement', () => {
    /** Tithes (CR) with the sub-account Youth Tithes, and records before, in and after February 2026. */
    async function tithes() {
      const { tenant, scope } = await partner();
      const tithesId = await account(scope, 'Tithes');
      const youthId = await account(scope, 'Youth Tithes', 'CR', tithesId);
      const otherId = await account(scope, 'Building Fund');
      await income(scope, tithesId, { amount: '100.00', date: '2026-01-31' }); // before: opening
      await expense(scope, youthId, '40.00', '2026-01-15'); // before: opening
      const expenseId = await expense(scope, tithesId, '50.05', '2026-02-01', '=HYPERLINK("x")');
      const first = await income(scope, youthId, { amount: '0.10', date: '2026-02-01', firstName: 'Peter', lastName: 'Otieno' });
      const second = await income(scope, tithesId, { amount: '0.20', date: '2026-02-01' });
      const later = await income(scope, tithesId, { amount: '1000.00', date: '2026-02-28' });
      await income(scope, otherId, { amount: '999.99', date: '2026-02-10' }); // another account
      await income(scope, tithesId, { amount: '5.00', date: '2026-03-01' }); // after the period
      return { tenant, scope, tithesId, youthId, expenseId, first, second, later };
    }

    it('answers opening, every line in date order with the running balance, totals and closing = opening + in − out, exactly', async () => {
      const { tenant, tithesId, youthId, expenseId, first, second, later } = await tithes();

      const response = await get(tenant, statementUrl(tithesId));

      expect(response.statusCode).toBe(200);
      const statement = response.json<AccountStatement>();
      expect(statement).toMatchObject({
        account: { id: tithesId, name: 'Tithes', type: 'CR' },
        accounts: ['Tithes', 'Youth Tithes'],
        startDate: '2026-02-01',
        endDate: '2026-02-28',
        openingBalance: '60.00',
        totalIn: '1000.30',
        totalOut: '50.05',
        closingBalance: '1010.25',
        Partner: { name: expect.stringMatching(/^Finance \d+$/) },
      });
      // On one day income comes before expense, then as recorded.
      expect(
        statement.lines.map(({ date, kind, id, receiptNumber, party, account, moneyIn, moneyOut, balance }) => ({
          date,
          kind,
          id,
          receiptNumber,
          party,
          account,
          moneyIn,
          moneyOut,
          balance,
        })),
      ).toEqual([
        {
          date: '2026-02-01',
          kind: 'income',
          id: first.id,
          receiptNumber: first.receiptNumber,
          party: 'Peter Otieno',
          account: 'Youth Tithes',
          moneyIn: '0.10',
          moneyOut: '0.00',
          balance: '60.10',
        },
        {
          date: '2026-02-01',
          kind: 'income',
          id: second.id,
          receiptNumber: second.receiptNumber,
          party: 'Jane Wambui',
          account: 'Tithes',
          moneyIn: '0.20',
          moneyOut: '0.00',
          balance: '60.30',
        },
        {
          date: '2026-02-01',
          kind: 'expense',
          id: expenseId,
          receiptNumber: null,
          party: '=HYPERLINK("x")',
          account: 'Tithes',
          moneyIn: '0.00',
          moneyOut: '50.05',
          balance: '10.25',
        },
        {
          date: '2026-02-28',
          kind: 'income',
          id: later.id,
          receiptNumber: later.receiptNumber,
          party: 'Jane Wambui',
          account: 'Tithes',
          moneyIn: '1000.00',
          moneyOut: '0.00',
          balance: '1010.25',
        },
      ]);
      expect(statement.lines[0]).toMatchObject({ paymentFor: 'Tithe', reference: 'REF-1', mode: 'CASH' });

      // A sub-account's statement holds only its own lines; its opening only its own earlier records.
      const youth = (await get(tenant, statementUrl(youthId))).json<AccountStatement>();
      expect(youth).toMatchObject({ accounts: ['Youth Tithes'], openingBalance: '-40.00', totalIn: '0.10', totalOut: '0.00', closingBalance: '-39.90' });
    });

    it('downloads the same lines and totals as CSV and XLSX, and refuses with a JSON error', async () => {
      const { tenant, tithesId } = await tithes();
      const statement = (await get(tenant, statementUrl(tithesId))).json<AccountStatement>();

      const csvResponse = await get(tenant, statementUrl(tithesId, undefined, undefined, '.csv'));
      expect(csvResponse.statusCode).toBe(200);
      expect(csvResponse.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csvResponse.headers['content-disposition']).toBe('attachment; filename="statement-tithes-2026-02-01-2026-02-28.csv"');
      expect(csvResponse.body.startsWith('\uFEFF')).toBe(true);
      const csv = Papa.parse<string[]>(csvResponse.body.slice(1), { skipEmptyLines: true }).data;

      const xlsxResponse = await get(tenant, statementUrl(tithesId, undefined, undefined, '.xlsx'));
      expect(xlsxResponse.statusCode).toBe(200);
      expect(xlsxResponse.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(xlsxResponse.headers['content-disposition']).toBe('attachment; filename="statement-tithes-2026-02-01-2026-02-28.xlsx"');
      const sheet = await readSheet<string>(xlsxResponse.rawPayload, { parseNumber: (text) => text });

      // The table from the column headings on, each cell as text, empty cells ''.
      const table = (rows: unknown[][]) => {
        const cells = rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))));
        return cells.slice(cells.findIndex((row) => row[0] === 'Date')).map((row) => [...row, ...Array(10).fill('')].slice(0, 10));
      };
      const fromCsv = table(csv);
      // An XLSX amount is a number cell shown with two decimals ("1000.3" is stored, "1,000.30" shown).
      const twoPlaces = (cell: string, column: number) =>
        column >= 7 && cell !== '' ? cell.replace(/^(-?\d+)(?:\.(\d{1,2}))?$/, (_, units: string, cents = '') => `${units}.${cents.padEnd(2, '0')}`) : cell;
      // The CSV defuses text a spreadsheet would run as a formula; the XLSX cell is plain text.
      expect(fromCsv.map((row) => row.map((cell) => cell.replace(/^'(?==)/, '')))).toEqual(table(sheet).map((row, index) => (index === 0 ? row : row.map(twoPlaces))));
      expect(fromCsv).toEqual([
        ['Date', 'Receipt No.', 'Name / Payee', 'Payment for', 'Reference', 'Mode', 'Account', 'Money in', 'Money out', 'Balance'],
        ['2026-02-01', '', 'Opening balance', '', '', '', '', '', '', statement.openingBalance],
        ...statement.lines.map((line) => [
          line.date,
          line.receiptNumber === null ? '' : String(line.receiptNumber),
          line.party.startsWith('=') ? `'${line.party}` : line.party,
          line.paymentFor,
          line.reference,
          line.mode,
          line.account,
          line.kind === 'income' ? line.moneyIn : '',
          line.kind === 'expense' ? line.moneyOut : '',
          line.balance,
        ]),
        ['2026-02-28', '', 'Totals and closing balance', '', '', '', '', '1000.30', '50.05', '1010.25'],
      ]);
      // Amounts are numeric cells (a spreadsheet can sum them) with the statement's digits.
      const numbers = await readSheet<string>(xlsxResponse.rawPayload, { parseNumber: (text) => `number ${text}` });
      expect(numbers.at(-1)?.slice(7)).toEqual(['number 1000.3', 'number 50.05', 'number 1010.25']);
      expect(sheet.slice(0, 4).map((row) => row[0])).toEqual([
        statement.Partner.name,
        'Account statement: Tithes',
        'Accounts: Tithes, Youth Tithes',
        'Period: 2026-02-01 to 2026-02-28',
      ]);

      const refused = await get(tenant, statementUrl(tithesId, '2026-02-01', '2026-01-01', '.csv'));
      expect(refused.statusCode).toBe(400);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(refused.headers['content-disposition']).toBeUndefined();
      expect(refused.json()).toEqual({ status_msg: 'End date must not be before the start date' });
    });

    it('writes no CSV field a spreadsheet would run, whether it splits on commas, semicolons or tabs (security review)', async () => {
      const { tenant, scope } = await partner();
      const accountId = await account(scope, 'Tithes; =1+1');
      await income(scope, accountId, { amount: '10.00', date: '2026-02-02', firstName: 'x;=1+1', lastName: 'Doe', paymentFor: 'he said "hi"' });
      await expense(scope, accountId, '4.00', '2026-02-03', "=cmd|' /C calc'!A0");
      await income(scope, accountId, { amount: '1.00', date: '2026-02-04', firstName: 'a,b', lastName: 'Line\nbreak', paymentFor: 'Tithe\t@SUM(A1)' });

      const csv = (await get(tenant, statementUrl(accountId, undefined, undefined, '.csv'))).body;
      expect(csv).toContain(`"x;'=1+1 Doe"`);
      expect(csv).toContain(`"'=cmd|' /C calc'!A0"`);
      expect(csv).toContain(`"he said ""hi"""`);
      expect(csv).toContain(`"a,b Line\nbreak"`);
      expect(csv).toContain(`"Tithe\t'@SUM(A1)"`);
      expect(csv).toContain(`"Account statement: Tithes; =1+1"`);
      for (const separator of [',', ';', '\t']) {
        const fields = csv
          .slice(1)
          .split(/\r\n|\r|\n/)
          .flatMap((line) => line.split(separator));
        // A quote opens a field only at its start; amounts (-40.00) are numbers, not formulas.
        const texts = fields.filter((field) => !/^-?\d+(\.\d+)?$/.test(field));
        const formulas = texts.filter((field) => /^[=+\-@]/.test(field.startsWith('"') && !field.startsWith('""') ? field.slice(1) : field));
        expect(formulas).toEqual([]);
      }
      // An RFC 4180 reader gets the texts back with their apostrophes only.
      const rows = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
      expect(rows.map((row) => row[2])).toEqual(expect.arrayContaining(["x;'=1+1 Doe", "'=cmd|' /C calc'!A0", 'a,b Line\nbreak']));
    });

    it("checks the query with the form's messages, and never shows another partner's account", async () => {
      const { tenant, tithesId } = await tithes();
      const other = await partner();

      const cases: Array<[string, string]> = [
        ['statements/account?startdate=2026-02-01&enddate=2026-02-28', 'Account is required'],
        [statementUrl('abc'), 'Account is required'],
        [statementUrl(tithesId, ''), 'Start date is required'],
        [statementUrl(tithesId, '2026-02-30'), 'Start date must be a valid date in the format YYYY-MM-DD'],
        [statementUrl(tithesId, '2026-02-01', '01/03/2026'), 'End date must be a valid date in the format YYYY-MM-DD'],
        [statementUrl(tithesId, '2026-02-01', '2026-01-31'), 'End date must not be before the start date'],
      ];
      for (const [url, message] of cases) {
        const response = await get(tenant, url);
        expect({ url, status: response.statusCode, body: response.json<unknown>() }).toEqual({ url, status: 400, body: { status_msg: message } });
      }

      for (const suffix of ['', '.csv', '.xlsx']) {
        const response = await get(other.tenant, statementUrl(tithesId, undefined, undefined, suffix));
        expect({ suffix, status: response.statusCode, body: response.json<unknown>() }).toEqual({ suffix, status: 404, body: { status_msg: 'Account not found' } });
      }
      // The other partner's own account of the same id space shows nothing of ours.
      const ownId = await account(other.scope, 'Tithes');
      const own = (await get(other.tenant, statementUrl(ownId))).json<AccountStatement>();
      expect(own).toMatchObject({ accounts: ['Tithes'], openingBalance: '0.00', lines: [], totalIn: '0.00', totalOut: '0.00', closingBalance: '0.00' });
    });

    it('refuses a period with more lines than the limit', async () => {
      const { scope, tithesId } = await tithes();
      const query = { account: tithesId, startdate: '2026-02-01', enddate: '2026-02-28' };

      await expect(accountStatement(scope, query, 3)).rejects.toMatchObject({ statusCode: 400, message: tooManyLines(3) });
      await expect(accountStatement(scope, query, 4)).resolves.toMatchObject({ lines: expect.any(Array) });
      expect(tooManyLines(20_000)).toBe('This statement has more than 20,000 lines: choose a shorter period');
    });

    it('sums any decimal amounts exactly (property: equal to a sum in whole cents)', async () => {
      const { scope } = await partner();
      let run = 0;
      const entry = fc.record({
        cents: fc.bigInt({ min: 1n, max: 99_999_999_999n }),
        kind: fc.constantFrom('income', 'expense'),
        day: fc.integer({ min: 1, max: 28 }),
        month: fc.constantFrom('01', '02'),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 12 }), async (entries) => {
          run += 1;
          const accountId = await account(scope, `Property ${run}`);
          const decimal = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
          const dated = entries.map((e) => ({ ...e, date: `2026-${e.month}-${String(e.day).padStart(2, '0')}`, amount: decimal(e.cents) }));
          await insertEntries(scope, accountId, dated);

          const statement = await accountStatement(scope, { account: accountId, startdate: '2026-02-01', enddate: '2026-02-28' });

          const signed = (e: (typeof dated)[number]) => (e.kind === 'income' ? e.cents : -e.cents);
          const sum = (list: typeof dated) => list.reduce((total, e) => total + signed(e), 0n);
          const money = (cents: bigint) => (cents < 0n ? `-${decimal(-cents)}` : decimal(cents));
          const inPeriod = dated.filter((e) => e.month === '02');
          const opening = sum(dated.filter((e) => e.month === '01'));
          expect(statement.openingBalance).toBe(money(opening));
          expect(statement.totalIn).toBe(money(sum(inPeriod.filter((e) => e.kind === 'income'))));
          expect(statement.totalOut).toBe(money(-sum(inPeriod.filter((e) => e.kind === 'expense'))));
          expect(statement.closingBalance).toBe(money(opening + sum(inPeriod)));
          expect(statement.lines).toHaveLength(inPeriod.length);
          expect(statement.lines.at(-1)?.balance ?? statement.openingBalance).toBe(statement.closingBalance);
        }),
        { numRuns: 20 },
      );
    });

    /** Incomes and expenses of one account, each kind in one INSERT (receipt numbers taken as insertIncome would). */
    async function insertEntries(scope: TenantScope, accountId: number, entries: Array<{ kind: string; date: string; amount: string }>) {
      const incomes = entries.filter((e) => e.kind === 'income');
      const expenses = entries.filter((e) => e.kind === 'expense');
      await scope.transaction(async (trx) => {
        const first = incomes.length > 0 ? await takeReceiptNumbers(trx, incomes.length) : 0;
        const base = { payment_for: 'P', account_id: accountId, mode: 'CASH' as const, reference: 'R1' };
        if (incomes.length > 0) {
          await trx.raw((db, tenantId) =>
            db
              .insertInto('incomes')
              .values(
                incomes.map((e, i) => ({
                  ...base,
                  tenant_id: tenantId,
                  first_name: 'A',
                  last_name: 'B',
                  phone: '',
                  receipt_number: first + i,
                  amount: e.amount,
                  date_of_transaction: e.date,
                })),
              )
              .execute(),
          );
        }
        if (expenses.length > 0) {
          await trx.raw((db, tenantId) =>
            db
              .insertInto('expenses')
              .values(expenses.map((e) => ({ ...base, tenant_id: tenantId, payee: 'X', notes: 'N', amount: e.amount, date_of_transaction: e.date })))
              .execute(),
          );
        }
      });
    }
  });

  // ---------------------------------------------------------------------------------------------
  // Giving statement

  describe('giving statement', () => {
    const givingUrl = (phone: string, start = '2026-01-01', end = '2026-03-31') =>
      `statements/giving?phone=${encodeURIComponent(phone)}&startdate=${start}&enddate=${end}`;
    const send = (tenant: Tenant, payload: object) => t.as(tenant, { method: 'POST', url: '/api/v2/statements/giving/send', payload });

    /** A contributor's gifts in two accounts, one outside the period, and someone else's gift. */
    async function contributor(units = 0) {
      const { tenant, scope } = await partner(units);
      const tithes = await account(scope, 'Tithes');
      const building = await account(scope, 'Building Fund');
      const gifts = [
        await income(scope, building, { amount: '1000.00', date: '2026-03-31', phone: PHONE, firstName: 'Mary', lastName: 'W.', paymentFor: 'Building' }),
        await income(scope, tithes, { amount: '0.10', date: '2026-01-01', phone: PHONE, firstName: 'M.', lastName: 'Wanjiru' }),
        await income(scope, tithes, { amount: '0.20', date: '2026-02-14', phone: PHONE }),
      ];
      await income(scope, tithes, { amount: '50.00', date: '2025-12-31', phone: PHONE });
      await income(scope, tithes, { amount: '70.00', date: '2026-02-14', phone: '+254722000000' });
      return { tenant, scope, gifts };
    }

    it('finds the gifts of a number however it is typed, with receipt numbers and the exact total', async () => {
      const { tenant, scope, gifts } = await contributor();

      const response = await get(tenant, givingUrl('0712 345 678'));

      expect(response.statusCode).toBe(200);
      const [building, first, second] = gifts;
      expect(response.json<GivingStatement>()).toEqual({
        phone: PHONE,
        // No contact with the number: the names on the latest gift.
        name: 'Mary W.',
        startDate: '2026-01-01',
        endDate: '2026-03-31',
        gifts: [
          { id: first!.id, date: '2026-01-01', receiptNumber: first!.receiptNumber, account: 'Tithes', paymentFor: 'Tithe', mode: 'CASH', amount: '0.10' },
          { id: second!.id, date: '2026-02-14', receiptNumber: second!.receiptNumber, account: 'Tithes', paymentFor: 'Tithe', mode: 'CASH', amount: '0.20' },
          {
            id: building!.id,
            date: '2026-03-31',
            receiptNumber: building!.receiptNumber,
            account: 'Building Fund',
            paymentFor: 'Building',
            mode: 'CASH',
            amount: '1000.00',
          },
        ],
        total: '1000.30',
        Partner: { name: expect.stringMatching(/^Finance \d+$/) },
      });

      // A contact with the number names the statement.
      await scope.insertInto('members', { first_name: 'Mary', last_name: 'Wanjiru', gender: 'F', phone: PHONE, residence: 'Rongai' }).execute();
      expect((await get(tenant, givingUrl('+254 712 345678'))).json<GivingStatement>()).toMatchObject({ name: 'Mary Wanjiru', total: '1000.30' });
      // Nothing in the period: no gifts and a total of 0.00.
      expect((await get(tenant, givingUrl(PHONE, '2024-01-01', '2024-12-31'))).json<GivingStatement>()).toMatchObject({ gifts: [], total: '0.00' });
      // Another partner sees none of it.
      const other = await partner();
      expect((await get(other.tenant, givingUrl(PHONE))).json<GivingStatement>()).toMatchObject({ name: '', gifts: [], total: '0.00' });

      for (const [url, message] of [
        [givingUrl(''), 'Phone is required'],
        [givingUrl('12'), 'Phone must be a valid phone number, e.g. 0712 345 678 or +254 712 345 678'],
        [givingUrl(PHONE, '2026-03-01', '2026-02-01'), 'End date must not be before the start date'],
      ] as const) {
        const refused = await get(tenant, url);
        expect({ url, status: refused.statusCode, body: refused.json<unknown>() }).toEqual({ url, status: 400, body: { status_msg: message } });
      }
    });

    it("queues the SMS summary as one 'Receipt' message and charges it; refuses without units or gifts", async () => {
      const { tenant, scope } = await contributor(5);
      const period = { phone: '0712345678', startdate: '2026-01-01', enddate: '2026-03-31' };

      const response = await send(tenant, period);

      expect(response.statusCode).toBe(201);
      const result = response.json<SendResult>();
      expect(result).toEqual({ status_msg: 'Giving statement sent', send: { id: expect.any(Number), queued: 1, optedOut: 0, units: 1, balance: 4, scheduledFor: null } });
      const sends = await scope.selectFrom('message_sends').select(['id', 'recipient_type', 'message']).execute();
      const text = `Dear Mary W., thank you for your giving to ${(await scope.raw((db, id) => db.selectFrom('partners').select('name').where('id', '=', id).executeTakeFirstOrThrow())).name} from 01/01/2026 to 31/03/2026: 3 gifts totalling KES 1,000.30.`;
      expect(sends).toEqual([{ id: result.send.id, recipient_type: 'Receipt', message: text }]);
      const messages = await scope.selectFrom('notifications').select(['recipient', 'message', 'state', 'units']).execute();
      expect(messages).toEqual([{ recipient: PHONE, message: text, state: 'queued', units: 1 }]);
      expect(await unitsBalance(scope)).toBe(4);
      // One event of the send, with its counts and nothing personal (issue 26).
      const logged = await scope
        .selectFrom('activity_events')
        .select(['action', 'entity', 'entity_id', 'changes', 'details'])
        .where('entity', '=', 'giving_statement')
        .execute();
      expect(logged).toEqual([{ action: 'send', entity: 'giving_statement', entity_id: null, changes: [], details: { recipients: 1, queued: 1, units: 1 } }]);

      // One gift is one gift; the currency is the partner's country's.
      const single = { phone: PHONE, name: 'Okello', startDate: '2026-01-01', endDate: '2026-01-31', total: '1500000.00', Partner: { name: 'Kampala Fellowship' } };
      expect(
        givingSummaryText(
          { ...single, gifts: [{ id: 1, date: '2026-01-04', receiptNumber: 1, account: 'Tithes', paymentFor: 'Tithe', mode: 'CASH', amount: '1500000.00' }] },
          'UGX',
        ),
      ).toBe('Dear Okello, thank you for your giving to Kampala Fellowship from 01/01/2026 to 31/01/2026: 1 gift totalling UGX 1,500,000.00.');

      const poor = await contributor(0);
      const refused = await send(poor.tenant, period);
      expect(refused.statusCode).toBe(400);
      expect(await poor.scope.selectFrom('message_sends').select('id').execute()).toEqual([]);

      const none = await send(tenant, { ...period, startdate: '2024-01-01', enddate: '2024-12-31' });
      expect({ status: none.statusCode, body: none.json<unknown>() }).toEqual({
        status: 400,
        body: { status_msg: 'There are no gifts from this number in this period' },
      });
      expect(await unitsBalance(scope)).toBe(4);
      expect(await scope.selectFrom('activity_events').select('id').where('entity', '=', 'giving_statement').execute()).toHaveLength(1);
    });
  });

  // ---------------------------------------------------------------------------------------------
  // Budgets

  describe('budgets', () => {
    const put = (tenant: Tenant, year: number | string, payload: object) => t.as(tenant, { method: 'PUT', url: `/api/v2/budgets/${year}`, payload });
    const zeros = Array<string>(12).fill('0.00');
    const months = (changes: Record<number, string>, fill = '0') => Array.from({ length: 12 }, (_, index) => changes[index + 1] ?? fill);

    async function church() {
      const { tenant, scope } = await partner();
      const offerings = await account(scope, 'Offerings');
      const youth = await account(scope, 'Youth Offerings', 'CR', offerings);
      const rent = await account(scope, 'Rent', 'DR');
      await account(scope, 'Client Account', 'ROOT');
      return { tenant, scope, offerings, youth, rent };
    }

    it('lists every income and expense account with zeros, then saves 12 months and compares them with the actuals', async () => {
      const { tenant, scope, offerings, youth, rent } = await church();

      const empty = await get(tenant, 'budgets?year=2026');
      expect(empty.statusCode).toBe(200);
      const blank = (AccountId: number, account: string, type: AccountType) => ({
        AccountId,
        account,
        type,
        budget: zeros,
        actual: zeros,
        budgetTotal: '0.00',
        actualTotal: '0.00',
        variance: '0.00',
        variancePercent: null,
      });
      expect(empty.json<BudgetYear>()).toEqual({
        year: 2026,
        lines: [blank(offerings, 'Offerings', 'CR'), blank(youth, 'Youth Offerings', 'CR'), blank(rent, 'Rent', 'DR')],
        Partner: { name: expect.any(String) },
      });

      await income(scope, offerings, { amount: '1000.00', date: '2026-03-01' });
      await income(scope, offerings, { amount: '250.50', date: '2026-03-31' });
      await income(scope, offerings, { amount: '9.00', date: '2025-12-31' }); // another year
      await income(scope, youth, { amount: '30.00', date: '2026-03-15' }); // the sub-account's own
      await expense(scope, rent, '1300.00', '2026-06-30');
      await expense(scope, rent, '0.10', '2026-06-01');
      await expense(scope, rent, '0.20', '2026-06-02');
      await expense(scope, rent, '77.00', '2027-01-01'); // another year

      const response = await put(tenant, 2026, {
        lines: [
          { account: offerings, months: months({ 3: '1000.00' }) },
          { account: String(rent), months: months({}, '100') },
        ],
      });

      expect(response.statusCode).toBe(200);
      const saved = response.json<BudgetSaved>();
      expect(saved.status_msg).toBe('Budget saved');
      expect(saved.budget.lines).toEqual([
        {
          AccountId: offerings,
          account: 'Offerings',
          type: 'CR',
          budget: months({ 3: '1000.00' }, '0.00'),
          actual: months({ 3: '1250.50' }, '0.00'),
          budgetTotal: '1000.00',
          actualTotal: '1250.50',
          variance: '250.50',
          variancePercent: '25.1',
        },
        { ...blank(youth, 'Youth Offerings', 'CR'), actual: months({ 3: '30.00' }, '0.00'), actualTotal: '30.00', variance: '30.00' },
        {
          AccountId: rent,
          account: 'Rent',
          type: 'DR',
          budget: months({}, '100.00'),
          actual: months({ 6: '1300.30' }, '0.00'),
          budgetTotal: '1200.00',
          actualTotal: '1300.30',
          variance: '100.30',
          variancePercent: '8.4',
        },
      ]);
      expect((await get(tenant, 'budgets?year=2026')).json<BudgetYear>()).toEqual(saved.budget);

      // A second save replaces the named account's months and leaves the others; each save is one event of the
      // year, with the months it changed (issue 26).
      await put(tenant, 2026, { lines: [{ account: offerings, months: months({ 1: '5', 3: '1000' }) }] });
      const logged = await scope
        .selectFrom('activity_events')
        .select(['action', 'entity', 'entity_id', 'changes', 'details'])
        .where('entity', '=', 'budget')
        .orderBy('id')
        .execute();
      expect(logged.at(-1)).toEqual({
        action: 'update',
        entity: 'budget',
        entity_id: '2026',
        changes: [{ field: `${offerings}.1`, old: '0.00', new: '5.00' }],
        details: { accounts: 1, months: 1 },
      });
      expect(logged.map((event) => event.details)).toEqual([
        { accounts: 2, months: 13 },
        { accounts: 1, months: 1 },
      ]);
      const again = (await get(tenant, 'budgets?year=2026')).json<BudgetYear>();
      expect(again.lines.map((line) => line.budgetTotal)).toEqual(['1005.00', '0.00', '1200.00']);
      // Another year has its own budgets; no year is this year.
      expect((await get(tenant, 'budgets?year=2025')).json<BudgetYear>().lines.map((line) => line.actualTotal)).toEqual(['9.00', '0.00', '0.00']);
      const thisYear = Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Africa/Nairobi' }).format(new Date()));
      expect((await get(tenant, 'budgets')).json<BudgetYear>().year).toBe(thisYear);
    });

    it("refuses another partner's account, a client account and bad input, saving nothing", async () => {
      const { tenant, scope, offerings } = await church();
      const other = await church();
      const root = await scope.selectFrom('accounts').select('id').where('type', '=', 'ROOT').executeTakeFirstOrThrow();
      const good = { account: offerings, months: months({}, '10') };

      const cases: Array<[number | string, object, string]> = [
        [2026, { lines: [good, { account: other.offerings, months: months({}) }] }, 'Choose an income or expense account'],
        [2026, { lines: [good, { account: root.id, months: months({}) }] }, 'Choose an income or expense account'],
        [2026, { lines: [good, good] }, 'Each account can have only one budget line'],
        [2026, { lines: [{ account: offerings, months: months({}).slice(1) }] }, 'A budget has 12 months'],
        [2026, { lines: [{ account: offerings, months: months({ 2: '-5' }) }] }, 'A monthly budget must be an amount with at most two decimals'],
        [2026, { lines: [{ account: 0, months: months({}) }] }, 'Account is required'],
        ['1999', { lines: [good] }, 'Year must be a year from 2000 to 2100'],
        ['next', { lines: [good] }, 'Year must be a year from 2000 to 2100'],
      ];
      for (const [year, body, message] of cases) {
        const response = await put(tenant, year, body);
        expect({ year, body, status: response.statusCode, answer: response.json<unknown>() }).toEqual({ year, body, status: 400, answer: { status_msg: message } });
      }
      expect(await t.db.selectFrom('budgets').select('account_id').where('tenant_id', 'in', [tenant.id, other.tenant.id]).execute()).toEqual([]);

      const badYear = await get(tenant, 'budgets?year=20x6');
      expect({ status: badYear.statusCode, body: badYear.json<unknown>() }).toEqual({ status: 400, body: { status_msg: 'Year must be a year from 2000 to 2100' } });
    });
  });
});
