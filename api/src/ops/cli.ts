import { parseArgs } from 'node:util';
import { exitWithError, openMigratedDatabase } from '../boot';
import { loadConfig } from '../config';
import { describeTarget } from '../db/connection';
import { backup, BackupError, restore } from './backup';
import { COMMANDS, required, USAGE, UsageError, type Options } from './commands';

/*
 * `pnpm ops <command>`: parses the command line, opens the server's database for the commands that use it
 * (./commands.ts, where each change writes its activity event) and prints what the command answers.
 */

/** Commands that handle the database's files rather than a connection to it: they open it themselves, or not at all. */
const FILE_COMMANDS: Record<string, { options: Record<string, 'string' | 'boolean'>; run: (options: Record<string, string | boolean | undefined>) => Promise<string> }> =
  {
    backup: {
      options: { to: 'string' },
      run: (options) => backup(loadConfig(), { to: stringOption(options.to) }),
    },
    restore: {
      options: { from: 'string', force: 'boolean' },
      run: (options) => restore(loadConfig(), { from: required({ from: stringOption(options.from) }, 'from'), force: options.force === true }),
    },
  };

function stringOption(value: string | boolean | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

async function main(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') return console.log(USAGE);
  const fileCommand = FILE_COMMANDS[name];
  if (fileCommand) {
    let values: Record<string, string | boolean | undefined>;
    try {
      values = parseArgs({ args: rest, options: Object.fromEntries(Object.entries(fileCommand.options).map(([option, type]) => [option, { type }])) }).values;
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    return console.log(await fileCommand.run(values));
  }
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`Unknown command "${name}"`);

  let options: Options;
  try {
    const parsed = parseArgs({ args: rest, options: Object.fromEntries(command.options.map((option) => [option, { type: 'string' as const }])) });
    options = parsed.values as Options;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }

  const config = loadConfig();
  const handle = await openMigratedDatabase(config);
  try {
    console.log(await command.run(handle.db, options, config));
    console.error(`(database: ${describeTarget(handle.target)})`);
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`Error: ${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (error instanceof BackupError) {
    console.error(`Error: ${error.message}`);
    process.exit(1);
  }
  exitWithError(error);
});
