import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/*
 * read-excel-file parses a workbook's XML in one synchronous go once it has unpacked it: about half a
 * second for 20,000 contacts, during which the server would answer nobody. So it runs in a worker
 * thread (read-sheet-worker.cjs), a few at a time, each with a heap limit and a time limit: whatever a
 * workbook that passed every check still costs is paid there, and a worker that runs out of either is
 * stopped without harm to the server.
 */

const WORKER_SCRIPT = join(__dirname, 'read-sheet-worker.cjs');

/** Workbooks read at once; the others wait their turn. Each holds at most WORKER_HEAP_MB. */
const MAX_SHEET_READERS = 2;

/**
 * Heap of one reader: a workbook at every limit (2,000,000 cells of 1,000 characters would be far beyond
 * MAX_XLSX_UNPACKED_BYTES) needs about 200 MB; a reader that needs more is stopped.
 */
const WORKER_HEAP_MB = 384;

/** Time one reader may take: a large workbook takes about a second. */
const READ_TIMEOUT_MS = 30_000;

/** The rows of the first sheet; 'unreadable' when the reader refuses the workbook; 'too large' when it ran out of memory or time. */
export type SheetReading = { rows: unknown[][] } | 'unreadable' | 'too large';

let readers = 0;
const waiting: Array<() => void> = [];

/** Reads the first sheet of `archive` (a workbook whose parts were checked) in a worker thread. */
export async function readFirstSheet(archive: Uint8Array): Promise<SheetReading> {
  await turn();
  try {
    return await inWorker(archive);
  } finally {
    next();
  }
}

async function turn(): Promise<void> {
  if (readers < MAX_SHEET_READERS) {
    readers += 1;
    return;
  }
  // The slot passes straight from the reader that finishes to the one that waited longest.
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function next(): void {
  const waiter = waiting.shift();
  if (waiter) waiter();
  else readers -= 1;
}

function inWorker(archive: Uint8Array): Promise<SheetReading> {
  return new Promise((resolve) => {
    // execArgv: [] — the worker is plain CommonJS and needs none of the server's loaders (tsx).
    const worker = new Worker(WORKER_SCRIPT, { workerData: archive, execArgv: [], resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    const finish = (reading: SheetReading) => {
      clearTimeout(timer);
      resolve(reading);
      void worker.terminate();
    };
    const timer = setTimeout(() => finish('too large'), READ_TIMEOUT_MS);
    worker.once('message', (message: { rows?: unknown }) => finish(Array.isArray(message.rows) ? { rows: message.rows as unknown[][] } : 'unreadable'));
    // ERR_WORKER_OUT_OF_MEMORY, or the worker could not start.
    worker.once('error', (error: NodeJS.ErrnoException) => finish(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'too large' : 'unreadable'));
    worker.once('exit', () => finish('unreadable'));
  });
}
