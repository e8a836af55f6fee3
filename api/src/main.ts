import { loadConfig } from './config';
import { buildApp } from './app';
import { exitWithError, openMigratedDatabase } from './boot';
import { describeTarget } from './db/connection';
import { DEMO_PASSWORD, DEMO_USERS, isDatabaseEmpty, seedDemoData } from './db/seed';

/**
 * `pnpm start`: migrate, seed an empty database with the demo partners, listen.
 * Demo data has well-known passwords, so a production server (NODE_ENV=production) seeds only
 * when SEED_DEMO=1 asks for it; elsewhere SEED_DEMO=0 turns seeding off.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openMigratedDatabase(config);
  const production = process.env.NODE_ENV === 'production';
  const seedDemo = process.env.SEED_DEMO ? process.env.SEED_DEMO === '1' : !production;
  const seeded = seedDemo && (await isDatabaseEmpty(handle.db)) && (await seedDemoData(handle.db), true);

  const app = await buildApp({ db: handle.db, config, logger: { level: process.env.LOG_LEVEL ?? 'info' } });
  const stop = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    '',
    `Ushirika is running at http://${shownHost}:${config.port}/`,
    `  database: ${describeTarget(handle.target)}${seeded ? ' (demo data seeded now)' : ''}`,
    `  web:      ${config.webRoot ? `serving built front ends from ${config.webRoot}` : 'API only (no host/dist found or SERVE_WEB=0)'}`,
  ];
  if (seedDemo) {
    lines.push('  demo logins (password ' + DEMO_PASSWORD + '):');
    for (const user of DEMO_USERS) lines.push(`    ${user.email.padEnd(20)} ${user.firstName} ${user.lastName}, ${user.partner}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch(exitWithError);
