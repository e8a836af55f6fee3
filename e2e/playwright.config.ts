import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the real built app:
 * `pnpm start` on a fresh embedded database in a temporary folder, seeded with the demo partners.
 * Workers inherit E2E_DATA_DIR, so the folder is made once, by the runner.
 */
const port = Number(process.env.E2E_PORT ?? 8181);
/** A local server speaking Africa's Talking's format (e2e/support/fake-sms-gateway.ts): messages go through the real adapter. */
const gatewayPort = Number(process.env.E2E_GATEWAY_PORT ?? 8182);
/** Where a test runs the fake gateway's account out of credit and tops it up (support/gateway-credit.ts). */
process.env.E2E_GATEWAY_CONTROL_PORT ??= String(gatewayPort + 3);
/** Specs that change what the one shared gateway answers for everybody: they run alone, after the others. */
const ALONE = /gateway-credit\.spec\.ts/;
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'ushirika-e2e-'));
/** Everything the server prints during the run; support/log-audit.ts reads it at the end (no secrets, no personal data). */
process.env.E2E_SERVER_LOG ??= join(process.env.E2E_DATA_DIR, 'server.log');

export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  globalTeardown: './support/log-audit.ts',
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }], ...(process.env.CI ? [] : [['html', { open: 'never' }] as const])],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    },
  },
  // Every test on a desktop; the flows tagged @phone also on a 360 px phone (issue 13).
  projects: [
    { name: 'desktop', testIgnore: ALONE, use: { viewport: { width: 1280, height: 800 } } },
    { name: 'phone', testIgnore: ALONE, grep: /@phone/, use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } },
    { name: 'alone', testMatch: ALONE, dependencies: ['desktop', 'phone'], use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: [
    {
      command: 'node --import tsx support/fake-sms-gateway.ts',
      port: gatewayPort,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { E2E_GATEWAY_PORT: String(gatewayPort), E2E_GATEWAY_CONTROL_PORT: process.env.E2E_GATEWAY_CONTROL_PORT },
    },
    {
      command: `node ../scripts/start.mjs > '${process.env.E2E_SERVER_LOG}' 2>&1`,
      url: `http://127.0.0.1:${port}/api/v2/health`,
      timeout: 400_000,
      reuseExistingServer: false,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        // Always the embedded database here; the API tests cover PostgreSQL.
        DATABASE_URL: '',
        // Every request is logged, so the log audit sees everything a production log would.
        LOG_LEVEL: 'info',
        SMS_PROVIDER: 'africastalking',
        AT_USERNAME: 'e2e',
        AT_API_KEY: 'e2e-key',
        AT_BASE_URL: `http://127.0.0.1:${gatewayPort}`,
        SMS_CALLBACK_SECRET: 'e2e-callback-secret',
        // An account out of credit is probed again after 2 s, not a minute (gateway-credit.spec.ts).
        SMS_PAUSE_PROBE: '2s',
      },
    },
  ],
});
