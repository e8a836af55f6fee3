import { IdleWait } from './idle-wait';

/** What a polling worker logs a failed round with (pino's shape). */
export interface RoundLog {
  error(details: object, message: string): void;
}

/**
 * A worker that polls in rounds (the M-Pesa Express reconciler, the pledges worker): `start()` runs rounds until
 * `stop()`, which waits for the round in flight. A round that found more work than it took runs the next at once;
 * otherwise the worker rests `pollIntervalMs`, or until `wake()` (new work). A round that throws is logged
 * (`failedRound`, the error's message and code: never the data) and the next round tries again.
 */
export abstract class PollingWorker {
  private running: Promise<void> | undefined;
  private stopRequested = false;
  private readonly idleWait = new IdleWait();

  protected constructor(
    private readonly pollIntervalMs: number,
    private readonly roundLog: RoundLog,
    private readonly failedRound: string,
  ) {}

  start(): void {
    if (this.running) return;
    this.stopRequested = false;
    this.running = this.loop();
  }

  /** Stops after the round in flight. */
  async stop(): Promise<void> {
    this.stopRequested = true;
    this.idleWait.interrupt();
    await this.running;
    this.running = undefined;
  }

  /** Looks again at once: new work may be due sooner than the poll. */
  wake(): void {
    this.idleWait.wake();
  }

  /** True once `stop()` was called: a round ends after the item in hand. */
  protected get stopping(): boolean {
    return this.stopRequested;
  }

  /** One round; true when there is more work waiting (the next round starts without a rest). */
  protected abstract round(): Promise<boolean>;

  private async loop(): Promise<void> {
    while (!this.stopRequested) {
      let busy = false;
      try {
        busy = await this.round();
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        this.roundLog.error({ err: error instanceof Error ? error.message : String(error), ...(typeof code === 'string' ? { code } : {}) }, this.failedRound);
      }
      if (!busy && !this.stopRequested) await this.idleWait.rest(this.pollIntervalMs);
    }
  }
}
