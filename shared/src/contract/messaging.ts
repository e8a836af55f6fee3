import * as yup from 'yup';
import { endpoint, idField, instantField, partnerRef, versionField } from './common';

/** GET /api/v2/messageconfig -> { configs, total }; bodies: `MessageConfigInput` (shared validation). */
export const messageConfigRow = yup.object({
  id: idField(),
  config: yup.string().defined(),
  value: yup.string().defined(),
  createdAt: instantField(),
  Partner: partnerRef,
  version: versionField(),
});
export type MessageConfig = yup.InferType<typeof messageConfigRow>;
export const messageConfigsEndpoint = endpoint<MessageConfig>({
  path: 'messageconfig',
  plural: 'configs',
  singular: 'config',
  row: messageConfigRow,
  savedText: 'New Config saved successfully!',
});

/**
 * Where a message is in its life (ours; spec 2.12 only knows status 1 = Sent, else Failed). `scheduled`
 * and `queued` wait in the outbox; `unconfirmed` means the sender stopped while handing it to the gateway,
 * so it is not sent again by itself (a delivery report may still confirm it; a person can resend it).
 */
export const NOTIFICATION_STATES = ['scheduled', 'queued', 'sent', 'delivered', 'failed', 'unconfirmed', 'optedOut', 'cancelled'] as const;
export type NotificationStateName = (typeof NOTIFICATION_STATES)[number];

/**
 * The legacy `status`: 1 for a message that reached the gateway (sent or delivered), 2 while it waits in
 * the outbox, 0 for every other end (docs/spec-deviations.md). The spec's screens show 1 as Sent and
 * anything else as Failed; ours show `state`.
 */
export const NOTIFICATION_STATUS = { sent: 1, failed: 0, waiting: 2 } as const;

/** GET /notification and GET /notification/2 -> { notifications, total } (spec 3, 7). */
export const notificationRow = yup.object({
  id: idField(),
  recipient: yup.string().defined(),
  type: yup.string().defined(),
  category: yup.string().defined(),
  message: yup.string().defined(),
  status: yup.number().integer().defined(),
  /** When it went to the gateway; until then, when it was queued (or is scheduled for). */
  sentDate: instantField(),
  Partner: partnerRef,
  // Ours, beyond the legacy record:
  state: yup.string<NotificationStateName>().oneOf(NOTIFICATION_STATES).defined(),
  /** The gateway's or the outbox's reason for a failure; null otherwise. */
  failureReason: yup.string().nullable().defined(),
  /** Units charged for this recipient (its segments). */
  units: yup.number().integer().defined(),
  /** The send it belongs to (a scheduled send is cancelled as a whole). */
  sendId: idField(),
  /** The instant a scheduled message is due; null for one sent at once. */
  scheduledFor: yup.string().nullable().defined(),
  /** True while Resend may re-queue it: failed or unconfirmed, and not resent before. */
  resendable: yup.boolean().defined(),
  /** The contact it went to (their page: issue 28.1); null for a typed or uploaded number no contact has. */
  memberId: yup.number().integer().nullable().defined(),
});
export type Notification = yup.InferType<typeof notificationRow>;
export const notificationsEndpoint = endpoint<Notification>({
  path: 'notification',
  plural: 'notifications',
  singular: 'notification',
  row: notificationRow,
  savedText: 'Message initiated successfully!',
});
/** GET /notification/2: the failed messages (spec 7), the same rows. */
export const FAILED_NOTIFICATIONS_PATH = 'notification/2';

/** GET /uploadedfiles -> { files, total } (spec 3, 7). `path` is the download's URL under /api/v2. */
export const uploadedFileRow = yup.object({
  id: idField(),
  name: yup.string().defined(),
  fileType: yup.string().defined(),
  extension: yup.string().defined(),
  path: yup.string().defined(),
  /** 1 = Processed (every message of it has left the outbox), else Pending. */
  status: yup.number().integer().defined(),
  uploadedBy: yup.string().defined(),
  createdAt: instantField(),
  // Ours:
  recipients: yup.number().integer().defined(),
});
export type UploadedFile = yup.InferType<typeof uploadedFileRow>;
export const uploadedFilesEndpoint = endpoint<UploadedFile>({
  path: 'uploadedfiles',
  plural: 'files',
  singular: 'file',
  row: uploadedFileRow,
  savedText: 'Message sent successfully!',
});
/** GET /uploadedfiles/{id}/download: the stored file, to its own partner only. */
export const uploadedFileDownloadPath = (id: number) => `uploadedfiles/${id}/download`;

/** POST /notifymany (Typed, Group) and POST /notifyuploaded (Upload): what was queued. */
export const sendResult = yup.object({
  status_msg: yup.string().defined(),
  send: yup
    .object({
      id: idField(),
      /** Messages queued (charged). */
      queued: yup.number().integer().defined(),
      /** Recipients skipped because their number opted out (not charged). */
      optedOut: yup.number().integer().defined(),
      units: yup.number().integer().defined(),
      /** The partner's balance after the charge. */
      balance: yup.number().integer().defined(),
      scheduledFor: yup.string().nullable().defined(),
    })
    .defined(),
});
export type SendResult = yup.InferType<typeof sendResult>;

/** POST /notifymany/quote and POST /notifyuploaded/quote: what the send would do, before it is made. */
export const sendQuote = yup.object({
  /** Distinct numbers the message would go to (opted-out ones included). */
  recipients: yup.number().integer().defined(),
  optedOut: yup.number().integer().defined(),
  /** Typed entries that are not phone numbers, as typed. */
  invalid: yup.array(yup.string().defined()).defined(),
  /** Typed or uploaded numbers given more than once (sent once). */
  duplicates: yup.number().integer().defined(),
  encoding: yup.string<'GSM-7' | 'UCS-2'>().oneOf(['GSM-7', 'UCS-2']).defined(),
  /** Of the text as written (placeholders unfilled). */
  characters: yup.number().integer().defined(),
  segments: yup.number().integer().defined(),
  /** True when placeholders such as {firstName} make each message its own: units are counted per recipient. */
  personalised: yup.boolean().defined(),
  /** What the send would charge. */
  units: yup.number().integer().defined(),
  balance: yup.number().integer().defined(),
  /**
   * Ours (issue 28.5): the first recipients (at most 3, not opted out, in number order) with the text each gets,
   * placeholders filled: what the preview shows before the user confirms.
   */
  sample: yup.array(yup.object({ recipient: yup.string().defined(), name: yup.string().nullable().defined(), text: yup.string().defined() }).defined()).defined(),
});
export type SendQuote = yup.InferType<typeof sendQuote>;
export type QuoteSampleRow = SendQuote['sample'][number];

/** GET /smsunits: the partner's SMS units balance (the dashboard's 'Sms Units', spec 3). */
export const smsUnitsBalance = yup.object({ balance: yup.number().integer().defined() });
export type SmsUnitsBalance = yup.InferType<typeof smsUnitsBalance>;

/**
 * Why sending is paused (issue 31): the SMS gateway account ran out of credit, the gateway holds it, or it refused
 * the API key or sender id. Messages stay queued, charged once, and go out when it is fixed.
 */
export const SMS_GATEWAY_PAUSE_REASONS = ['credit', 'held', 'refused'] as const;
export type SmsGatewayPauseReason = (typeof SMS_GATEWAY_PAUSE_REASONS)[number];

/** GET /smsgateway: whether sending is paused, why and since when, and how many of the partner's messages wait. */
export const smsGatewayStatus = yup.object({
  paused: yup.boolean().defined(),
  reason: yup.string<SmsGatewayPauseReason>().oneOf(SMS_GATEWAY_PAUSE_REASONS).nullable().defined(),
  /** When the pause began (ISO instant); null when not paused. */
  since: yup.string().nullable().defined(),
  /** The partner's messages not sent yet (queued: due, scheduled or waiting for a retry). */
  waiting: yup.number().integer().defined(),
});
export type SmsGatewayStatus = yup.InferType<typeof smsGatewayStatus>;

/** POST /notification/sends/{id}/cancel: a scheduled send's queued messages cancelled, their units refunded. */
export const cancelResult = yup.object({ status_msg: yup.string().defined(), cancelled: yup.number().integer().defined(), refunded: yup.number().integer().defined() });
export type CancelResult = yup.InferType<typeof cancelResult>;

/** GET /smsoptouts -> { optouts, total }; POST /smsoptouts { phone }; DELETE /smsoptouts/{id}. */
export const smsOptOutRow = yup.object({
  id: idField(),
  phone: yup.string().defined(),
  source: yup.string<'staff' | 'reply' | 'gateway'>().oneOf(['staff', 'reply', 'gateway']).defined(),
  /** The contact with this number, if any: "First Last". */
  contact: yup.string().nullable().defined(),
  createdAt: instantField(),
  Partner: partnerRef,
});
export type SmsOptOut = yup.InferType<typeof smsOptOutRow>;
export const smsOptOutsEndpoint = endpoint<SmsOptOut>({
  path: 'smsoptouts',
  plural: 'optouts',
  singular: 'optout',
  row: smsOptOutRow,
  savedText: 'The number will get no more messages',
});

/** Placeholders a Group or Upload message may hold, filled per recipient from the contact with the number. */
export const MESSAGE_PLACEHOLDERS = ['{firstName}', '{lastName}'] as const;
