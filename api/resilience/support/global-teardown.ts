import { rmSync } from 'node:fs';

/** After the crash tests: the PGlite template of ./global-setup.ts goes. */
export default function globalTeardown(): void {
  const folder = process.env.RESILIENCE_PGLITE_TEMPLATE;
  if (folder) rmSync(folder, { recursive: true, force: true });
}
