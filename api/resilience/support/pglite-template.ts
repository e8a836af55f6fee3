import { openMigratedDatabase } from '../../src/boot';

/**
 * `node --import tsx pglite-template.ts <folder>`: a migrated, empty PGlite database in `<folder>/pglite`.
 * Creating one runs initdb in WebAssembly (5 to 10 s on a busy 2-CPU machine); the crash tests copy this
 * one instead (./global-setup.ts).
 */
async function main(): Promise<void> {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: pglite-template.ts <folder>');
  const handle = await openMigratedDatabase({ databaseUrl: undefined, dataDir });
  await handle.close();
}

void main();
