import type { ActivityChange, ActivityEntry, ActivityValue, ActorType } from '@ushirika/shared/contract';
import { CSV_BYTE_ORDER_MARK, csvLines, type CsvValue } from '../http/csv';

/**
 * The activity log as CSV (GET /activity.csv), written by the one CSV writer (http/csv.ts): every text a person
 * typed (a name, a reason, an old value) is defused there. One row per event, newest first; its changes and
 * details each in one cell. The file is in English, like the other exports.
 */

/** Who, for the product's own writers (a staff member is named). */
const ACTORS: Record<Exclude<ActorType, 'staff'>, string> = { mpesa: 'M-Pesa', sms_gateway: 'SMS gateway', system: 'System', ops: 'Ops' };

const HEADERS = ['When', 'Who', 'Staff id', 'Address', 'Action', 'Area', 'Record', 'Record id', 'Changes', 'Details'];

/** `YYYY-MM-DD HH:mm:ss` on the partner's clock: what an auditor compares with the books. */
export function localTime(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

const shown = (value: ActivityValue): string => (value === null || value === '' ? '(none)' : String(value));

/** `field: old -> new`, or `field: erased` where a person's erasure removed the values; joined by `; `. */
export function changesText(changes: readonly ActivityChange[]): string {
  return changes.map((change) => (change.erased ? `${change.field}: erased` : `${change.field}: ${shown(change.old)} -> ${shown(change.new)}`)).join('; ');
}

const detailsText = (details: Readonly<Record<string, ActivityValue>>): string =>
  Object.entries(details)
    .map(([key, value]) => `${key}: ${shown(value)}`)
    .join('; ');

function row(entry: ActivityEntry, timeZone: string): CsvValue[] {
  return [
    localTime(entry.at, timeZone),
    entry.actorType === 'staff' ? (entry.actorName ?? `Staff ${entry.userId}`) : ACTORS[entry.actorType],
    entry.userId === null ? null : String(entry.userId),
    entry.address,
    entry.action,
    entry.area,
    entry.entity,
    entry.entityId,
    changesText(entry.changes),
    detailsText(entry.details),
  ];
}

/** The header (with the byte-order mark) and then each batch's rows: the file streams however long the log is. */
export async function* activityCsv(batches: AsyncIterable<ActivityEntry[]>, timeZone: string): AsyncGenerator<string> {
  yield CSV_BYTE_ORDER_MARK + csvLines([[`When (${timeZone})`, ...HEADERS.slice(1)]]);
  for await (const batch of batches) yield csvLines(batch.map((entry) => row(entry, timeZone)));
}
