/**
 * How a polling worker rests when it has nothing to do (the SMS outbox worker, the M-Pesa Express reconciler):
 * `rest(ms)` ends after `ms`, at a `wake()` (new work was queued) or at an `interrupt()` (the worker stops). A wake()
 * that comes while the worker is busy makes its next rest end at once, so new work never waits a whole poll.
 */
export class IdleWait {
  private woken = false;
  private endWait: (() => void) | undefined;

  /** New work: the rest in progress ends, or the next one is skipped. */
  wake(): void {
    this.woken = true;
    this.endWait?.();
  }

  /** The worker stops: the rest in progress ends. */
  interrupt(): void {
    this.endWait?.();
  }

  async rest(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.endWait = done;
    });
    this.endWait = undefined;
    this.woken = false;
  }
}
