/**
 * Graceful shutdown on SIGTERM/SIGINT, shared by the server (main.ts) and the separate SMS worker
 * (messaging/outbox/worker-cli.ts): the steps run one after another, in the order given (the server: stop
 * taking requests and finish those in flight, then stop the outbox worker so its batch in flight is recorded,
 * then close the database), each even when one before it failed. A hard deadline (SHUTDOWN_TIMEOUT,
 * operations-config.ts) ends a shutdown that hangs: the process then exits with code 1, as it does when a step
 * failed; 0 when everything closed. The same signal a second time is left to Node's default: it ends the
 * process at once.
 */

export interface ShutdownStep {
  /** Named in the log: what is being closed. */
  name: string;
  run(): Promise<unknown> | unknown;
}

export interface ShutdownLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface ShutdownOptions {
  steps: ShutdownStep[];
  timeoutMs: number;
  log: ShutdownLog;
  /** Runs first, synchronously: the server's /readyz starts answering 503 here (http/readiness.ts `Lifecycle`). */
  onStart?: () => void;
  /** process.exit by default; tests pass their own. */
  exit?: (code: number) => void;
}

/** A function that shuts down once, whatever calls it how often; it resolves when the steps are done (or the deadline passed). */
export function createShutdown({ steps, timeoutMs, log, onStart, exit = (code) => process.exit(code) }: ShutdownOptions): (signal: string) => Promise<void> {
  let shutting: Promise<void> | undefined;
  return (signal) => {
    shutting ??= run(signal);
    return shutting;
  };

  async function run(signal: string): Promise<void> {
    onStart?.();
    log.info({ signal, timeoutMs }, `${signal}: shutting down`);
    let deadlinePassed!: () => void;
    const deadline = new Promise<'deadline'>((resolve) => {
      deadlinePassed = () => resolve('deadline');
    });
    const timer = setTimeout(deadlinePassed, timeoutMs);
    timer.unref();
    let current = '';
    const work = (async () => {
      let failed = false;
      for (const step of steps) {
        current = step.name;
        try {
          await step.run();
        } catch (error) {
          failed = true;
          log.error({ step: step.name, err: { name: (error as Error)?.name, message: (error as Error)?.message } }, `shutdown: closing ${step.name} failed`);
        }
      }
      return failed ? ('failed' as const) : ('done' as const);
    })();
    const outcome = await Promise.race([work, deadline]);
    clearTimeout(timer);
    if (outcome === 'deadline') log.error({ step: current, timeoutMs }, `shutdown: ${current} did not close within the deadline; exiting`);
    else log.info({ outcome }, outcome === 'done' ? 'shutdown: done' : 'shutdown: done, with failures');
    exit(outcome === 'done' ? 0 : 1);
  }
}

/** Runs `shutdown` on the first SIGINT or SIGTERM. */
export function shutDownOnSignals(shutdown: (signal: string) => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void shutdown(signal));
}
