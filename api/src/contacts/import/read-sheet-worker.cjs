/**
 * Worker thread of read-sheet.ts: reads the first sheet of a checked workbook (an archive of stored
 * parts, `workerData`) with read-excel-file and posts back its rows, or the reason it could not. The
 * reader parses every XML part in one go, half a second for a large workbook; here that time is taken
 * from this thread, not from the one serving every other request. Plain CommonJS: a worker runs
 * outside the TypeScript loaders of jest and tsx.
 */
const { parentPort, workerData } = require('node:worker_threads');
const { readSheet } = require('read-excel-file/node');

const archive = Buffer.from(workerData.buffer, workerData.byteOffset, workerData.byteLength);
// Numbers are kept as the text the file stores: a phone typed as a number must not pass through a
// float (and be shown as 2.54712345678e+11).
readSheet(archive, { parseNumber: (text) => text }).then(
  (rows) => parentPort.postMessage({ rows }),
  (error) => parentPort.postMessage({ failure: error instanceof Error ? error.name : 'Error' }),
);
