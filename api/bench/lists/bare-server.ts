/**
 * The bare baseline of the lists benchmark: Fastify and a `pg` pool of 10 (as ours), no Kysely, no
 * validation, no plugins. `GET /bare/<n>` runs scenario n's statements (STATEMENTS_FILE: the SQL our server
 * ran for it, captured by capture.ts) one after another and answers the rows of the statement with the
 * most rows, and the first `total` seen, as JSON. What our server does beyond this is our overhead.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { Pool } from 'pg';
import type { Statement } from './capture';

const scenarios = JSON.parse(readFileSync(process.env.STATEMENTS_FILE!, 'utf8')) as Statement[][];
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify();

app.get('/bare/health', async () => ({ ok: true }));
app.get<{ Params: { n: string } }>('/bare/:n', async (request) => {
  let rows: unknown[] = [];
  let total: unknown;
  for (const statement of scenarios[Number(request.params.n)] ?? []) {
    const result = await pool.query(statement.sql, statement.parameters);
    if (result.rows.length > rows.length) rows = result.rows;
    total ??= (result.rows[0] as { total?: unknown } | undefined)?.total;
  }
  return { rows, total };
});

app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
process.once('SIGTERM', () => void app.close().then(() => pool.end()));
