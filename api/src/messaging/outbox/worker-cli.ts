import { exitWithError, openMigratedDatabase } from '../../boot';
import { ConfigError, loadConfig } from '../../config';
import { describeTarget } from '../../db/connection';
import { readMetricsToken, readShutdownTimeoutMs, readWorkerMetricsPort } from '../../operations-config';
import { createShutdown, shutDownOnSignals } from '../../shutdown';
import { describeSmsGateway, smsProviderFor } from '../sms/config';
import { OutboxWorker, type OutboxLog } from './worker';
import { workerMetricsServer } from './worker-metrics';

/**
 * `pnpm --filter @ushirika/api worker`: the SMS outbox worker as a process of its own, beside servers
 * started with SMS_WORKER=0. PostgreSQL only (DATABASE_URL): a PGlite folder serves one process, so
 * there the server runs the worker itself. Several workers may run at once; they share the queue
 * (`for update skip locked`). SIGINT/SIGTERM finish the request in flight, then exit (shutdown.ts: with code 1
 * when that takes longer than SHUTDOWN_TIMEOUT). The worker's heartbeat tells the servers' /readyz it is alive;
 * with WORKER_METRICS_PORT it serves its own GET /metrics (./worker-metrics.ts).
 */

/** One JSON line per event on stdout, like the server's log; counts and reasons only, never numbers or text. */
const jsonLog = (level: string) => (details: object, message: string) =>
  console.log(JSON.stringify({ level, time: Date.now(), component: 'sms-outbox', msg: message, ...details }));
const log: OutboxLog = { info: jsonLog('info'), warn: jsonLog('warn'), error: jsonLog('error') };

async function main(): Promise<void> {
  const config = loadConfig();
  const shutdownTimeoutMs = readShutdownTimeoutMs(process.env);
  const metricsPort = readWorkerMetricsPort(process.env);
  if (!config.databaseUrl) throw new ConfigError('The separate SMS worker needs DATABASE_URL (PostgreSQL); with PGlite the server runs the worker itself');
  const handle = await openMigratedDatabase(config);
  const provider = smsProviderFor(config.sms.gateway, (message) => log.warn({}, message));
  const { batchSize, pollIntervalMs, leaseMs, pauseBackoff } = config.sms.worker;
  const worker = new OutboxWorker({ db: handle.db, provider, log, batchSize, pollIntervalMs, leaseMs, pauseBackoff });
  const metrics = metricsPort === undefined ? undefined : await workerMetricsServer({ db: handle.db, token: readMetricsToken(process.env) });

  const shutdown = createShutdown({
    timeoutMs: shutdownTimeoutMs,
    log,
    onStart: () => log.info({}, 'SMS worker: stopping after the request in flight'),
    steps: [
      { name: 'metrics server', run: () => metrics?.close() },
      { name: 'sms outbox worker', run: () => worker.stop() },
      { name: 'database', run: () => handle.close() },
    ],
  });
  shutDownOnSignals(shutdown);

  // Listening first: a port in use stops the process before it claims any message.
  if (metrics) await metrics.listen({ port: metricsPort, host: config.host });
  worker.start();
  const lines = [
    '',
    `Ushirika SMS worker ${worker.workerId}`,
    `  database: ${describeTarget(handle.target)}`,
    `  sms:      ${describeSmsGateway(config.sms.gateway)}`,
    ...(metrics ? [`  metrics:  http://${config.host}:${metricsPort}/metrics`] : []),
  ];
  console.log(`${lines.join('\n')}\n`);
}

main().catch(exitWithError);
