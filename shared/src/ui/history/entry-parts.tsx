import { Typography } from 'antd';
import { useIntl, type IntlShape } from 'react-intl';
import type { ActivityChange, ActivityEntry, ActivityValue } from '@ushirika/shared/contract';
import { usePartnerTimeZone } from '@ushirika/shared/session';
import { formatDate, formatDateTime, formatMoney } from '../format';
import { activityTextIds } from './text-ids';

/*
 * How an event of the activity log reads (issue 26.2), in a record's history and on the Activity screen: who
 * (a staff member's name, or 'M-Pesa', 'SMS gateway', 'System', 'Ops'), the action, the record, and each field
 * that changed as 'Field: old → new' with the field's name in the user's language (HistoryTexts must be above).
 */

/** The catalogue's text for `id`, or `fallback` (a field or detail the catalogue does not name yet, shown as the API names it). */
function known(intl: IntlShape, id: string, fallback: string): string {
  return Object.hasOwn(intl.messages, id) ? intl.formatMessage({ id }) : fallback;
}

/** Who made the change: the staff member's name as it is now, else what kind of writer it was. */
export function actorText(intl: IntlShape, entry: Pick<ActivityEntry, 'actorType' | 'actorName'>): string {
  if (entry.actorType === 'staff' && entry.actorName) return entry.actorName;
  return intl.formatMessage({ id: activityTextIds.actor(entry.actorType) });
}

export const actionText = (intl: IntlShape, action: string) => known(intl, activityTextIds.action(action), action);
export const entityText = (intl: IntlShape, entity: string) => known(intl, activityTextIds.entity(entity), entity);
export const areaText = (intl: IntlShape, area: string) => known(intl, activityTextIds.area(area), area);
export const fieldText = (intl: IntlShape, field: string) => known(intl, activityTextIds.field(field), field);

/** The record an event names: 'Income 12', 'Month 2026-03', or the kind alone for an action on no one record. */
export function recordText(intl: IntlShape, entry: Pick<ActivityEntry, 'entity' | 'entityId'>): string {
  const entity = entityText(intl, entry.entity);
  return entry.entityId === null ? entity : intl.formatMessage({ id: 'kit.history.record' }, { entity, id: entry.entityId });
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** The fields that hold money: shown in the currency, as the lists show them. */
const MONEY_FIELDS = new Set(['amount', 'totalOffering']);

/** A value as the user reads it: money, dates and instants (the partner's clock) formatted, yes/no, '(empty)'. */
function valueText(intl: IntlShape, field: string, value: ActivityValue, timeZone: string): string {
  if (value === null || value === '') return intl.formatMessage({ id: 'kit.history.blank' });
  if (typeof value === 'boolean') return intl.formatMessage({ id: value ? 'kit.history.yes' : 'kit.history.no' });
  const text = String(value);
  if (MONEY_FIELDS.has(field)) return formatMoney(text, intl.locale);
  if (DATE_ONLY.test(text)) return formatDate(text, intl.locale);
  if (INSTANT.test(text)) return formatDateTime(text, intl.locale, timeZone);
  return text;
}

/**
 * An id field shown better by the name that changed with it (an income moved to another account changes both
 * `AccountId` and `Account.name`): when the name is among the changes, the id is left out.
 */
const NAMED_BY: Readonly<Record<string, readonly string[]>> = {
  AccountId: ['Account.name'],
  meeting_type: ['MeetingType.name'],
  parentId: ['Parent.name'],
  MemberId: ['Member.firstName', 'Member.lastName', 'Member.phone'],
};

export function shownChanges(changes: readonly ActivityChange[]): ActivityChange[] {
  const fields = new Set(changes.map((change) => change.field));
  return changes.filter((change) => !(NAMED_BY[change.field] ?? []).some((name) => fields.has(name)));
}

/**
 * Each field that changed: 'Amount: KES 1,000.00 → KES 1,200.00'; a new record's values alone ('Amount: KES 1,000.00');
 * 'erased' where a person's erasure removed the values (the log keeps that a value changed, never what it was).
 */
export function ChangeList({ changes, created = false }: { changes: readonly ActivityChange[]; created?: boolean }) {
  const intl = useIntl();
  const timeZone = usePartnerTimeZone();
  const shown = shownChanges(changes);
  if (shown.length === 0) return null;
  const value = (change: ActivityChange, which: 'old' | 'new') => valueText(intl, change.field, change[which], timeZone);
  return (
    <ul style={{ margin: 0, paddingInlineStart: 18 }} aria-label={intl.formatMessage({ id: 'kit.history.changes' })}>
      {shown.map((change) => (
        <li key={change.field}>
          <Typography.Text strong>{fieldText(intl, change.field)}</Typography.Text>
          {': '}
          {change.erased ? (
            <Typography.Text type="secondary" italic>
              {intl.formatMessage({ id: 'kit.history.erased' })}
            </Typography.Text>
          ) : created && change.old === null ? (
            value(change, 'new')
          ) : (
            `${value(change, 'old')} → ${value(change, 'new')}`
          )}
        </li>
      ))}
    </ul>
  );
}

/** A bulk action's counts, a correction's reason: 'Recipients: 120 · Units: 240'. */
export function DetailsText({ details }: { details: ActivityEntry['details'] }) {
  const intl = useIntl();
  const timeZone = usePartnerTimeZone();
  const entries = Object.entries(details ?? {});
  if (entries.length === 0) return null;
  const text = entries.map(([key, value]) => `${known(intl, activityTextIds.detail(key), key)}: ${valueText(intl, key, value, timeZone)}`).join(' · ');
  return (
    <Typography.Text type="secondary" aria-label={intl.formatMessage({ id: 'kit.history.details' })}>
      {text}
    </Typography.Text>
  );
}
