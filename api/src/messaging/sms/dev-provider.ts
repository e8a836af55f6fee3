import { randomUUID } from 'node:crypto';
import { smsSegments } from '@ushirika/shared/validation';
import type { SmsProvider } from './provider';

/**
 * The provider of a developer machine without a gateway: every message is recorded as delivered and
 * nothing leaves the machine. It says so once, when it is made, so nobody mistakes it for sending.
 * Never chosen silently in production (./config.ts). It logs no numbers and no text.
 */
export function devSmsProvider(warn: (message: string) => void): SmsProvider {
  warn('No SMS gateway is configured (SMS_PROVIDER=dev): messages are recorded as delivered but NOT really sent.');
  return {
    name: 'dev (messages are not really sent)',
    account: 'dev',
    async send(request) {
      const parts = smsSegments(request.message);
      return request.to.map((number) => ({ number, outcome: 'sent', messageId: `dev-${randomUUID()}`, cost: null, parts, delivered: true }));
    },
  };
}
