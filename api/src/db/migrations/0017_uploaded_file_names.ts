import { sql, type Kysely } from 'kysely';

/**
 * Uploaded file names lose Unicode's bidirectional embeddings, overrides (U+202A-U+202E) and isolates
 * (U+2066-U+2069) (security review: 'choir\u202Evsc.xlsx' showed as 'choirxslx.csv'). New uploads are stored
 * without them (messaging/uploaded-files.ts `uploadedFileName`); this cleans the names stored before, once,
 * so the list and the download show the stored name as it is.
 */
const BIDI_CONTROLS = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update uploaded_files set name = translate(name, ${BIDI_CONTROLS}, '') where name <> translate(name, ${BIDI_CONTROLS}, '')`.execute(db);
}

export async function down(): Promise<void> {
  // The controls removed are not kept: nothing to put back.
}
