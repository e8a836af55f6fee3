import { PollingWorker, type RoundLog } from './polling-worker';

/** A worker whose rounds are scripted: each answers busy or not, or throws. */
class Scripted extends PollingWorker {
  rounds = 0;
  constructor(
    private readonly script: Array<boolean | Error>,
    log: RoundLog,
    intervalMs: number,
  ) {
    super(intervalMs, log, 'scripted: a round stopped');
  }

  protected async round(): Promise<boolean> {
    const step = this.script[this.rounds] ?? false;
    this.rounds += 1;
    if (step instanceof Error) throw step;
    return step;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PollingWorker', () => {
  it('runs the next round at once while there is more work, then rests until the poll or a wake', async () => {
    const worker = new Scripted([true, true, false], { error: jest.fn() }, 60_000);
    worker.start();
    await pause(50);
    // Two busy rounds and the idle one ran without waiting for the minute's poll; then it rests.
    expect(worker.rounds).toBe(3);
    worker.wake();
    await pause(50);
    expect(worker.rounds).toBe(4);
    await worker.stop();
  });

  it('logs a round that throws, with the error only, and goes on', async () => {
    const log = { error: jest.fn() };
    const failure = Object.assign(new Error('connection lost'), { code: '57P01' });
    const worker = new Scripted([failure, false], log, 10);
    worker.start();
    await pause(80);
    await worker.stop();
    expect(log.error).toHaveBeenCalledWith({ err: 'connection lost', code: '57P01' }, 'scripted: a round stopped');
    expect(worker.rounds).toBeGreaterThanOrEqual(2);
  });

  it('stops without waiting for the rest to end, and starts again', async () => {
    const worker = new Scripted([], { error: jest.fn() }, 60_000);
    worker.start();
    await pause(20);
    const started = Date.now();
    await worker.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
    const before = worker.rounds;
    worker.start();
    await pause(20);
    expect(worker.rounds).toBe(before + 1);
    await worker.stop();
  });
});
