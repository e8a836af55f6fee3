import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Account } from '@ushirika/shared/contract';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/db/seed';
import { ApiClient, ok } from './support/client';
import { crashTestDatabases } from './support/databases';
import { appEnv } from './support/env';
import { freePort, sleep, startServer, type AppProcess } from './support/processes';

/**
 * Issue 10, crashes: PGlite keeps every acknowledged write through kill -9. Four clients save meeting types
 * and incomes as fast as the server answers; the server is killed with SIGKILL at a random moment, twice,
 * and started again on the same folder (the data lock of the dead process is taken over). Every save that
 * was answered 201 must be there afterwards; saves that were in flight may or may not be (they are counted).
 *
 * Why it holds (PGlite 0.5): its Node file system writes straight through to the folder's files (Emscripten
 * NODEFS, one write() per PostgreSQL write, no cache in the process), and PostgreSQL writes its WAL at
 * commit, before the answer; on the next start it replays the WAL. PGlite runs PostgreSQL with fsync off and
 * NODEFS has no fsync, so this covers a process that dies (kill -9, out of memory, a crash), not an operating
 * system crash or power cut: the pages may still be in the kernel's cache. `relaxedDurability` changes
 * nothing here (it only lets queries skip waiting for the browser file systems' flush).
 */

const KILLS = 2;
const LANES = 4;

jest.setTimeout(180_000);

const [, create] = crashTestDatabases[0]!;

describe('PGlite after kill -9', () => {
  it('keeps every save it acknowledged, and a restart takes over the dead process’s data lock', async () => {
    const started = Date.now();
    const database = await create();
    const port = await freePort();
    const env = appEnv(database.env, port, undefined, { SEED_DEMO: '1' });
    const lockFile = join(database.env.DATA_DIR, 'pglite.lock');
    const processes: AppProcess[] = [];
    const acknowledged = { meetingTypes: [] as string[], incomes: [] as string[] };
    let tried = 0;
    try {
      for (let kill = 1; kill <= KILLS + 1; kill += 1) {
        const server = await startServer(env);
        processes.push(server);
        if (kill > KILLS) break;
        expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(server.pid));
        const client = new ApiClient(`http://127.0.0.1:${port}`);
        await client.login(DEMO_USERS[0].email, DEMO_PASSWORD);
        const accounts = ok(await client.get<{ accounts: Account[] }>('/api/v2/account?pagesize=100'), 'the accounts').accounts;
        const tithe = accounts.find((account) => account.name === 'Tithe')!.id;

        // Saves until the kill, which comes after a random number of acknowledged ones.
        const killAfter = 20 + Math.floor(Math.random() * 40);
        let answered = 0;
        let killing: Promise<void> | undefined;
        const lane = async (laneNumber: number) => {
          for (let i = 0; !killing || server.running; i += 1) {
            const key = `K${kill}L${laneNumber}N${i}`;
            tried += 2;
            const type = await client.post('/api/v2/meeting_types', { name: `Durable ${key}`, description: 'Saved before a kill -9' });
            if (type.status === 201) acknowledged.meetingTypes.push(`Durable ${key}`);
            const income = await client.post('/api/v2/income', {
              firstname: 'Amina',
              lastname: 'Wanjiru',
              phone: '0712 345 678',
              amount: '150',
              account: tithe,
              mode: 'CASH',
              dateOfTransaction: '2026-03-01',
              paymentFor: 'Tithe',
              reference: `DUR-${key}`,
              sendMessage: false,
            });
            if (income.status === 201) acknowledged.incomes.push(`DUR-${key}`);
            answered += Number(type.status === 201) + Number(income.status === 201);
            if (answered >= killAfter && !killing) killing = sleep(Math.random() * 40).then(() => server.kill9());
            if (type.status === undefined || income.status === undefined) break;
          }
        };
        await Promise.all(Array.from({ length: LANES }, (_, i) => lane(i)));
        await killing;
        // The lock still names the dead process: the next start must take it over.
        expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(server.pid));
      }
      expect(await processes.at(-1)!.stop()).toBe(0);

      const stored = await database.use(async ({ db }) => ({
        meetingTypes: (await db.selectFrom('meeting_types').select('name').where('name', 'like', 'Durable %').execute()).map((row) => row.name),
        incomes: (await db.selectFrom('incomes').select('reference').where('reference', 'like', 'DUR-%').execute()).map((row) => row.reference),
      }));
      const missing = [
        ...acknowledged.meetingTypes.filter((name) => !stored.meetingTypes.includes(name)),
        ...acknowledged.incomes.filter((reference) => !stored.incomes.includes(reference)),
      ];
      expect(missing).toEqual([]);
      const acknowledgedCount = acknowledged.meetingTypes.length + acknowledged.incomes.length;
      const unacknowledgedButStored = stored.meetingTypes.length + stored.incomes.length - acknowledgedCount;

      console.log(
        `resilience: PGlite durability: ${KILLS} kill -9 during saves, crashes survived ${KILLS}; ${acknowledgedCount} saves acknowledged, ` +
          `${acknowledgedCount} found after restart (lost 0); ${unacknowledgedButStored} in flight at a kill were stored too; ${tried} tried; ` +
          `${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    } finally {
      for (const app of processes) await app.kill9();
      await database.drop();
    }
  });
});
