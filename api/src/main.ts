import { loadConfig } from './config';
import { buildApp } from './app';
import { exitWithError, openMigratedDatabase } from './boot';
import { describeTarget } from './db/connection';
import { DEMO_USERS, isDatabaseEmpty, seedDemoData } from './db/seed';
import { loggableError } from './db/errors';
import { refreshStatistics } from './db/statistics';
import { ExpressReconciler } from './finance/mpesa/express/reconciler';
import { PledgeThanksWorker } from './finance/campaigns/thanks-worker';
import { SIMULATOR_BANNER } from './finance/mpesa/express/simulator';
import { darajaDepsFrom } from './finance/mpesa/partner-daraja';
import { OutboxWorker } from './messaging/outbox/worker';
import { describeSmsGateway, smsProviderFor } from './messaging/sms/config';
import { readOperationsConfig } from './operations-config';
import { startControlSocket } from './ops/control-socket';
import { createShutdown, shutDownOnSignals } from './shutdown';

/**
 * `pnpm start`: migrate, seed an empty database with the demo partners, listen.
 * Demo data has well-known passwords, so a production server (NODE_ENV=production) seeds only
 * when SEED_DEMO=1 asks for it; elsewhere SEED_DEMO=0 turns seeding off.
 * The SMS outbox worker runs in this process unless SMS_WORKER=0 (then `pnpm worker` runs it). The M-Pesa Express
 * reconciler (prompts whose callback has not come are asked about) always runs here: several servers share it safely.
 * SIGTERM/SIGINT shut down gracefully (shutdown.ts): /readyz answers 503 at once, requests in flight finish,
 * the worker records its batch in flight, the database closes; after SHUTDOWN_TIMEOUT the process exits with 1.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const operations = readOperationsConfig(process.env, config.sms);
  const handle = await openMigratedDatabase(config);
  const production = process.env.NODE_ENV === 'production';
  const seedDemo = process.env.SEED_DEMO ? process.env.SEED_DEMO === '1' : !production;
  const seeded = seedDemo && (await isDatabaseEmpty(handle.db)) && (await seedDemoData(handle.db), true);

  // The worker logs through the app's logger, so the app is built first and wakes the worker once it exists.
  let worker: OutboxWorker | undefined;
  const lifecycle = { shuttingDown: false };
  const app = await buildApp({
    db: handle.db,
    config,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
    outbox: { wake: () => worker?.wake() },
    operations: { worker: operations.worker, lifecycle, metricsToken: operations.metricsToken },
  });
  if (config.sms.worker.inProcess) {
    const log = app.log.child({ component: 'sms-outbox' });
    const provider = smsProviderFor(config.sms.gateway, (message) => log.warn(message));
    const { batchSize, pollIntervalMs, leaseMs, pauseBackoff } = config.sms.worker;
    worker = new OutboxWorker({ db: handle.db, provider, log, batchSize, pollIntervalMs, leaseMs, pauseBackoff });
    worker.start();
  }
  // Prompts whose result has not come are asked about (STK Query); the simulator's are answered this way too.
  const reconciler = new ExpressReconciler({
    db: handle.db,
    deps: darajaDepsFrom(config, production),
    hashForms: config.mpesaMsisdnHashForms,
    log: app.log.child({ component: 'mpesa-express' }),
  });
  reconciler.start();
  // Fulfilled pledges get their thank-you SMS (issue 30); several servers share it safely (each pledge locked).
  const pledgeThanks = new PledgeThanksWorker({ db: handle.db, outbox: { wake: () => worker?.wake() }, log: app.log.child({ component: 'pledge-thanks' }) });
  pledgeThanks.start();
  // PGlite has no autovacuum to keep the planner's statistics (db/statistics.ts).
  const statistics = handle.target.kind === 'pglite' ? refreshStatistics(handle.db, (error) => app.log.warn({ err: loggableError(error) }, 'ANALYZE failed')) : undefined;
  // `pnpm ops backup` asks the running server for a consistent copy of its PGlite folder (ops/control-socket.ts).
  const control = await startControlSocket({ db: handle.db, target: handle.target, log: app.log.child({ component: 'ops' }) });
  const shutdown = createShutdown({
    timeoutMs: operations.shutdownTimeoutMs,
    log: app.log,
    onStart: () => (lifecycle.shuttingDown = true),
    steps: [
      // Stops accepting, closes idle keep-alive connections, waits for the requests in flight.
      { name: 'http server', run: () => app.close() },
      // The batch in flight is recorded before the database closes.
      { name: 'sms outbox worker', run: () => worker?.stop() },
      { name: 'm-pesa express reconciler', run: () => reconciler.stop() },
      { name: 'pledge thanks worker', run: () => pledgeThanks.stop() },
      { name: 'statistics', run: () => statistics?.stop() },
      { name: 'ops control socket', run: () => control.close() },
      { name: 'database', run: () => handle.close() },
    ],
  });
  shutDownOnSignals(shutdown);

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    '',
    `Ushirika is running at http://${shownHost}:${config.port}/`,
    `  database: ${describeTarget(handle.target)}${seeded ? ' (demo data seeded now)' : ''}`,
    `  web:      ${config.webRoot ? `serving built front ends from ${config.webRoot}` : 'API only (no host/dist found or SERVE_WEB=0)'}`,
    `  sms:      ${describeSmsGateway(config.sms.gateway)}${config.sms.worker.inProcess ? '' : ' (sent by a separate worker: SMS_WORKER=0)'}`,
    `  m-pesa:   ${production ? "Safaricom Daraja with each partner's credentials (no simulator in production)" : SIMULATOR_BANNER}`,
  ];
  if (seedDemo) {
    // The demo password is in the README; it stays out of the output, which ends up in log files.
    lines.push('  demo logins (password in README.md):');
    for (const user of DEMO_USERS) lines.push(`    ${user.email.padEnd(20)} ${user.firstName} ${user.lastName}, ${user.partner}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch(exitWithError);
