import { loadConfig } from '../config';
import { exitWithError, openMigratedDatabase } from '../boot';
import { describeTarget } from './connection';
import { DEMO_PASSWORD, DEMO_USERS, isDatabaseEmpty, resetToDemoData, seedDemoData } from './seed';

const USAGE = `Usage: pnpm seed [--reset]

Seeds the demo partners, users and a year of meetings into the configured database
(DATABASE_URL, or PGlite in DATA_DIR). Without --reset it only seeds an EMPTY database
and otherwise changes nothing. --reset deletes ALL data (every partner, user and
record) and seeds, in one transaction. Stop the server first when it uses PGlite.`;

async function main(argv: string[]): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) return console.log(USAGE);
  const unknown = argv.filter((arg) => arg !== '--reset');
  if (unknown.length > 0) {
    console.error(`Unknown argument: ${unknown.join(' ')}\n\n${USAGE}`);
    process.exit(2);
  }
  const reset = argv.includes('--reset');
  const handle = await openMigratedDatabase(loadConfig());
  try {
    const where = describeTarget(handle.target);
    if (reset) {
      await resetToDemoData(handle.db);
    } else if (await isDatabaseEmpty(handle.db)) {
      await seedDemoData(handle.db);
    } else {
      console.log(`${where} already has data; nothing seeded. Use --reset to wipe it and seed again.`);
      return;
    }
    console.log(`Seeded demo data into ${where}. Logins (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => u.email).join(', ')}`);
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).catch(exitWithError);
