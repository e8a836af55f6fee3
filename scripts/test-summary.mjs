#!/usr/bin/env node
// Prints one closing line for the whole test run ("tests: N passed, N failed, N skipped"),
// added up from jest's and Playwright's JSON reports in test-results/.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const results = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-results');
const read = (name) => {
  const path = join(results, name);
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
};

let passed = 0;
let failed = 0;
let skipped = 0;

const jest = read('jest.json');
if (jest) {
  passed += jest.numPassedTests;
  failed += jest.numFailedTests + (jest.numRuntimeErrorTestSuites ?? 0);
  skipped += jest.numPendingTests + jest.numTodoTests;
}

const e2e = read('e2e.json');
if (e2e) {
  passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
  failed += e2e.stats.unexpected ?? 0;
  skipped += e2e.stats.skipped ?? 0;
}

if (!jest && !e2e) {
  console.error('test-summary: no test reports found in test-results/');
  process.exit(1);
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
