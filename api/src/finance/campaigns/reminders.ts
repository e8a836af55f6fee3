import { NO_ONE_OWES, PLEDGE_PLACEHOLDERS, type SendQuote } from '@ushirika/shared/contract';
import { smsCount, type ReminderInput } from '@ushirika/shared/validation';
import { recordActivity } from '../../activity/record';
import type { TenantScope } from '../../db/tenant-scope';
import { badRequest, HttpError } from '../../http/errors';
import { UNKNOWN_GROUP } from '../../messaging/send-input';
import { enqueueSendWithin, NO_RECIPIENTS, quoteSample, quoteSend, type Audience, type SendOutcome } from '../../messaging/sends';
import { unitsBalance } from '../../messaging/units';
import { partnerCountry } from '../../partners/queries';
import { currencyOf } from '../receipts';
import { requireOpenCampaign } from './campaigns';

/*
 * Pledge reminders by SMS (issue 30.4): to the contacts with a balance on an open campaign's pledges, or only
 * those of a chosen group, each text with their own figures ({firstName}, {pledged}, {paid}, {balance},
 * {campaign}: contract PLEDGE_PLACEHOLDERS), through messaging's send: the quote reads the rows the send would
 * insert; the send, its notifications, its units charge and the `remind campaign` event commit together, and a
 * balance too short refuses all of it. Recorded as a 'Group' send when a group was chosen, else 'Typed' (the
 * closest of messaging's recipient types: a list of people the sender chose).
 */

/** How many first recipients a reminder's quote names with their texts (as messaging's quote does). */
export const REMINDER_SAMPLE_SIZE = 3;

/** True when the text holds a placeholder filled per contact: each message is its own, units counted per recipient. */
export const isPledgePersonalised = (text: string) => PLEDGE_PLACEHOLDERS.some((placeholder) => text.includes(placeholder));

/** The reminder's audience: the campaign's pledgers with a balance, in the partner's currency; 400 UNKNOWN_GROUP for a group not the partner's. */
async function reminderAudience(trx: TenantScope, campaignId: number, input: ReminderInput): Promise<Extract<Audience, { kind: 'pledgers' }>> {
  if (input.group !== undefined) {
    const group = await trx.selectFrom('groups').select('id').where('id', '=', input.group).executeTakeFirst();
    if (!group) throw badRequest(UNKNOWN_GROUP);
  }
  const country = await trx.raw((db, tenantId) => partnerCountry(db, tenantId));
  return { kind: 'pledgers', campaignId, groupId: input.group, currency: currencyOf(country) };
}

/**
 * What the reminder would queue and charge, with the first recipients' texts; nothing is saved. 404/400 for a
 * campaign that is not the partner's or is closed; 400 NO_ONE_OWES when no one it would reach has a balance.
 */
export async function quoteReminder(scope: TenantScope, campaignId: number, input: ReminderInput): Promise<SendQuote> {
  return scope.transaction(async (trx) => {
    await requireOpenCampaign(trx, campaignId);
    const audience = await reminderAudience(trx, campaignId, input);
    const reach = await quoteSend(trx, audience, input.message);
    if (reach.recipients === 0) throw badRequest(NO_ONE_OWES);
    const { encoding, characters, segments } = smsCount(input.message);
    return {
      recipients: reach.recipients,
      optedOut: reach.optedOut,
      invalid: [],
      duplicates: 0,
      encoding,
      characters,
      segments,
      personalised: isPledgePersonalised(input.message),
      units: reach.units,
      balance: await unitsBalance(trx),
      sample: await quoteSample(trx, audience, input.message, REMINDER_SAMPLE_SIZE),
    };
  });
}

/**
 * Queues the reminder, one SMS per contact with a balance (opted-out numbers counted, not charged), and writes
 * one `remind campaign` event with the counts, in one transaction. 400 NO_ONE_OWES when no one has a balance; the
 * messaging 400 when the units are short (nothing saved). The caller wakes the outbox after it returns.
 */
export async function sendReminder(scope: TenantScope, campaignId: number, input: ReminderInput, userId: number): Promise<SendOutcome> {
  return scope.transaction(async (trx) => {
    await requireOpenCampaign(trx, campaignId);
    const audience = await reminderAudience(trx, campaignId, input);
    let send: SendOutcome;
    try {
      send = await enqueueSendWithin(trx, {
        recipientType: audience.groupId === undefined ? 'Typed' : 'Group',
        audience,
        text: input.message,
        sendAt: null,
        userId,
      });
    } catch (error) {
      // The transaction rolls back either way; the refusal names the reminder's own reason.
      if (error instanceof HttpError && error.message === NO_RECIPIENTS) throw badRequest(NO_ONE_OWES);
      throw error;
    }
    await recordActivity(trx, {
      action: 'remind',
      entity: 'campaign',
      entityId: campaignId,
      details: {
        sendId: send.id,
        recipients: send.queued + send.optedOut,
        queued: send.queued,
        optedOut: send.optedOut,
        units: send.units,
        group: audience.groupId,
      },
    });
    return send;
  });
}
