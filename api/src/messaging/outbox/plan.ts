/**
 * How a batch of claimed messages becomes gateway requests: one request per partner and text (the
 * gateway sends one text to many numbers), at most `maxRecipients` numbers each, and never the same
 * number twice in one request - the gateway answers per number, so a repeated number could not be told
 * apart (the second copy goes in a later request). The sender id is the partner's.
 */

export interface ClaimedMessage {
  tenantId: number;
  id: number;
  /** E.164 */
  recipient: string;
  message: string;
  attempts: number;
}

export interface PlannedRequest {
  tenantId: number;
  /** The partner's sender id; undefined for the gateway's default. */
  from: string | undefined;
  message: string;
  /** Distinct recipients, in claim order. */
  messages: ClaimedMessage[];
}

export function planRequests(claimed: readonly ClaimedMessage[], senderIds: ReadonlyMap<number, string>, maxRecipients: number): PlannedRequest[] {
  const requests: PlannedRequest[] = [];
  /** The requests still filling, per partner and text, each with the numbers it holds. */
  const open = new Map<string, Array<{ request: PlannedRequest; numbers: Set<string> }>>();
  for (const message of claimed) {
    const key = `${message.tenantId}\u0000${message.message}`;
    const candidates = open.get(key) ?? [];
    open.set(key, candidates);
    let slot = candidates.find(({ request, numbers }) => request.messages.length < maxRecipients && !numbers.has(message.recipient));
    if (!slot) {
      slot = { request: { tenantId: message.tenantId, from: senderIds.get(message.tenantId), message: message.message, messages: [] }, numbers: new Set() };
      candidates.push(slot);
      requests.push(slot.request);
    }
    slot.request.messages.push(message);
    slot.numbers.add(message.recipient);
  }
  return requests;
}
