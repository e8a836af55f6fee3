import { loadConfig } from '../config';
import { exitWithError, openMigratedDatabase } from '../boot';
import { insertGeneratedContacts } from '../contacts/generate';
import { describeTarget } from './connection';
import { DEMO_PASSWORD, DEMO_USERS, isDatabaseEmpty, resetToDemoData, seedDemoData } from './seed';

const USAGE = `Usage: pnpm seed [--reset] [--contacts N]

Seeds the demo partners, users, a year of meetings and the contact books into the configured
database (DATABASE_URL, or PGlite in DATA_DIR). Without --reset it only seeds an EMPTY database
and otherwise changes nothing. --reset deletes ALL data (every partner, user and record) and
seeds, in one transaction. Stop the server first when it uses PGlite.

--contacts N adds N generated contacts to Grace Community Church, and N/10 to Upendo Traders
as another partner's rows (seeding the demo data first if the database is empty): a contact
book of scale for trying lists and search, e.g. --contacts 1000000 (about a minute on PostgreSQL).`;

interface Args {
  reset: boolean;
  contacts: number | undefined;
}

function parseArgs(argv: string[]): Args | string {
  const args: Args = { reset: false, contacts: undefined };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--reset') args.reset = true;
    else if (arg === '--contacts' || arg.startsWith('--contacts=')) {
      const value = arg === '--contacts' ? argv[(i += 1)] : arg.slice('--contacts='.length);
      if (value === undefined || !/^\d{1,7}$/.test(value.replace(/_/g, ''))) return '--contacts needs a whole number up to 9,999,999';
      args.contacts = Number(value.replace(/_/g, ''));
    } else return `Unknown argument: ${arg}`;
  }
  return args;
}

async function main(argv: string[]): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) return console.log(USAGE);
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    console.error(`${args}\n\n${USAGE}`);
    process.exit(2);
  }
  const handle = await openMigratedDatabase(loadConfig());
  try {
    const where = describeTarget(handle.target);
    if (args.reset) {
      await resetToDemoData(handle.db);
    } else if (await isDatabaseEmpty(handle.db)) {
      await seedDemoData(handle.db);
    } else if (args.contacts === undefined) {
      console.log(`${where} already has data; nothing seeded. Use --reset to wipe it and seed again.`);
      return;
    } else {
      console.log(`${where} already has data; adding contacts only.`);
    }
    console.log(`Demo data in ${where}. Logins (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => u.email).join(', ')}`);
    if (args.contacts !== undefined) await addGeneratedContacts(handle.db, args.contacts);
  } finally {
    await handle.close();
  }
}

async function addGeneratedContacts(db: Parameters<typeof insertGeneratedContacts>[0], count: number): Promise<void> {
  const partners = await db
    .selectFrom('partners')
    .select(['id', 'name'])
    .where(
      'name',
      'in',
      DEMO_USERS.map((user) => user.partner),
    )
    .execute();
  const idOf = (name: string) => partners.find((partner) => partner.name === name)?.id;
  const grace = idOf(DEMO_USERS[0].partner);
  const upendo = idOf(DEMO_USERS[1].partner);
  if (grace === undefined || upendo === undefined) throw new Error('The demo partners are missing: run pnpm seed --reset first.');
  const started = Date.now();
  await insertGeneratedContacts(db, grace, count);
  await insertGeneratedContacts(db, upendo, Math.floor(count / 10));
  console.log(
    `Added ${count} contacts to ${DEMO_USERS[0].partner} and ${Math.floor(count / 10)} to ${DEMO_USERS[1].partner} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}

main(process.argv.slice(2)).catch(exitWithError);
