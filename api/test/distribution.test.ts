import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { REPO_ROOT } from '../src/config';
import type { Database } from '../src/db/schema';
import { testDatabases } from './support/databases';

/**
 * The schema stays ready to spread over a Citus cluster by partner (docs/deploy.md), and the script that does it,
 * docs/citus/distribute.sql, stays true to the schema: Citus itself is neither in Debian nor on npm, so this test
 * checks what its commands need. Every table is placed (distributed by tenant_id, a reference copy, or left on the
 * coordinator); every key of a distributed table includes tenant_id; links between tables are ones Citus keeps.
 */
const script = readFileSync(join(REPO_ROOT, 'docs', 'citus', 'distribute.sql'), 'utf8');
const all = (pattern: RegExp) => [...script.matchAll(pattern)].map((match) => match[1]!);
const referenceTables = all(/create_reference_table\('(\w+)'\)/g);
const distributedTables = all(/create_distributed_table\('(\w+)', 'tenant_id'/g);
const droppedLinks = all(/DROP CONSTRAINT (\w+);/g);
const remadeLinks = all(/ADD CONSTRAINT (\w+)/g);
const coordinatorTables = /^-- Stay on the coordinator: ([\w, ]+)\./m.exec(script)![1]!.split(', ');

interface Constraint {
  table: string;
  name: string;
  type: 'p' | 'u' | 'f';
  definition: string;
  referenced: string | null;
}

describe.each(testDatabases)('ready for Citus (%s)', (_name, kind) => {
  let db: Kysely<Database>;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const handle = await kind.open();
    db = handle.db;
    close = handle.close;
  }, 60_000);
  afterAll(() => close?.());

  const tables = async () =>
    (
      await sql<{ name: string; tenant: boolean }>`
        select t.table_name as name,
          exists (select from information_schema.columns c
                  where c.table_schema = t.table_schema and c.table_name = t.table_name and c.column_name = 'tenant_id') as tenant
        from information_schema.tables t where t.table_schema = 'public' and t.table_type = 'BASE TABLE'`.execute(db)
    ).rows;

  const constraints = async () =>
    (
      await sql<Constraint>`
        select conrelid::regclass::text as table, conname as name, contype as type, pg_get_constraintdef(oid) as definition,
          case when contype = 'f' then confrelid::regclass::text end as referenced
        from pg_constraint where connamespace = 'public'::regnamespace and contype in ('p', 'u', 'f')`.execute(db)
    ).rows;

  it('places every table once: partner tables distributed by tenant_id, the rest copied or left on the coordinator', async () => {
    const placed = [...referenceTables, ...distributedTables, ...coordinatorTables];
    expect(new Set(placed).size).toBe(placed.length);
    const schema = await tables();
    expect(placed.sort()).toEqual(schema.map((table) => table.name).sort());
    const withTenant = schema.filter((table) => table.tenant).map((table) => table.name);
    // A tenant table left out of distribution would be read across the whole cluster on every request. The inbox
    // keeps callbacks of no partner; a short code is one partner's in the whole cluster (a reference copy).
    expect(withTenant.filter((table) => !distributedTables.includes(table)).sort()).toEqual(['mpesa_callbacks', 'partner_mpesa_short_codes']);
  });

  it('includes tenant_id in every primary key, unique key and unique index of a distributed table', async () => {
    const keys = (await constraints()).filter((key) => key.type !== 'f' && distributedTables.includes(key.table));
    expect(keys.filter((key) => !/\btenant_id\b/.test(key.definition)).map((key) => `${key.table}: ${key.definition}`)).toEqual([]);
    const { rows: indexes } = await sql<{ table: string; definition: string }>`
      select tablename as table, indexdef as definition from pg_indexes where schemaname = 'public' and indexdef like 'CREATE UNIQUE%'`.execute(db);
    const unique = indexes.filter((index) => distributedTables.includes(index.table));
    expect(unique.filter((index) => !/\btenant_id\b/.test(index.definition)).map((index) => index.definition)).toEqual([]);
  });

  it('links a distributed table only to a reference table or, by tenant_id, to one distributed before it', async () => {
    const links = (await constraints()).filter((link) => link.type === 'f' && distributedTables.includes(link.table));
    const kept = links.filter((link) => !droppedLinks.includes(link.name) || remadeLinks.includes(link.name));
    const problems = kept.flatMap((link) => {
      const target = link.referenced!;
      if (referenceTables.includes(target)) return [];
      if (!distributedTables.includes(target)) return [`${link.name}: refers to ${target}, which stays on the coordinator`];
      if (!/^FOREIGN KEY \(tenant_id, .*REFERENCES \w+\(tenant_id, /.test(link.definition)) return [`${link.name}: not by tenant_id (${link.definition})`];
      const remade = remadeLinks.includes(link.name);
      if (!remade && target !== link.table && distributedTables.indexOf(target) > distributedTables.indexOf(link.table)) {
        return [`${link.name}: ${link.table} is distributed before ${target}, which it refers to`];
      }
      return [];
    });
    expect(problems).toEqual([]);
    // The script drops only links that exist.
    const names = links.map((link) => link.name);
    expect(droppedLinks.filter((name) => !names.includes(name))).toEqual([]);
  });
});
