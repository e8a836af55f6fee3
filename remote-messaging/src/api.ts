import { api, endpointApi } from '@ushirika/shared/api';
import {
  FAILED_NOTIFICATIONS_PATH,
  notificationsEndpoint,
  smsOptOutsEndpoint,
  uploadedFileDownloadPath,
  uploadedFilesEndpoint,
  type CancelResult,
  type Notification,
  type QuoteSampleRow,
  type SendQuote,
  type SendResult,
  type SmsGatewayStatus,
  type SmsUnitsBalance,
  type UploadedFile,
} from '@ushirika/shared/contract';
import type { SendRequest } from './new-message/send-request';

/**
 * The Messaging area's calls (spec 7; issue 8). Lists go through the kit's `endpointApi` (one page of a list,
 * a save); the rest through the shared `api` client, which sends the token and the tenant id.
 */

/** GET /notification (Recent Messages); its save is Resend, PUT /notification/{id} with the record. */
export const messagesApi = endpointApi(notificationsEndpoint);
/** GET /notification/2: failed and unconfirmed messages, the same rows. */
export const failedMessagesApi = endpointApi({ ...notificationsEndpoint, path: FAILED_NOTIFICATIONS_PATH });
/** GET /uploadedfiles. */
export const uploadedFilesApi = endpointApi(uploadedFilesEndpoint);

/** GET /smsunits, the partner's SMS units balance: its path is also its cache key (refreshed after a send). */
export const SMS_UNITS_PATH = 'smsunits';
/** GET /smsgateway: whether sending is paused because the gateway account cannot send (issue 31); also its cache key. */
export const SMS_GATEWAY_PATH = 'smsgateway';
/** Every list and figure a send, a resend or a cancel changes, refreshed afterwards. */
export const SENDS_CHANGE = [notificationsEndpoint.path, FAILED_NOTIFICATIONS_PATH, uploadedFilesEndpoint.path, SMS_UNITS_PATH, SMS_GATEWAY_PATH] as const;

export const loadBalance = (signal?: AbortSignal) => api.get(SMS_UNITS_PATH, { signal }).json<SmsUnitsBalance>();

export const loadGatewayStatus = (signal?: AbortSignal) => api.get(SMS_GATEWAY_PATH, { signal }).json<SmsGatewayStatus>();

/** The send as the server takes it: JSON to POST /notifymany (Typed, Group), multipart to POST /notifyuploaded (Upload). */
function post(path: 'notifymany' | 'notifyuploaded', suffix: '' | '/quote', request: SendRequest, signal?: AbortSignal) {
  return request.kind === 'json' ? api.post(`${path}${suffix}`, { json: request.body, signal }) : api.post(`${path}${suffix}`, { body: request.body, signal });
}
const pathOf = (request: SendRequest) => (request.kind === 'json' ? 'notifymany' : 'notifyuploaded');

/** Queues the send (the server charges the units and answers at once; a worker sends). */
export const sendMessage = (request: SendRequest) => post(pathOf(request), '', request).json<SendResult>();

/** A send's quote, with its first recipients and the text each gets (issue 28.5). */
export type MessageQuote = SendQuote;
export type { QuoteSampleRow };

/** What the send would queue and charge; nothing is saved. */
export const quoteMessage = (request: SendRequest, signal?: AbortSignal) => post(pathOf(request), '/quote', request, signal).json<MessageQuote>();

/** Resend: PUT /notification/{id} with the full record (spec 7); the server queues it again, once, and charges it. */
export const resendMessage = (message: Notification) => messagesApi.save(message, message.id);

/** Cancels what a scheduled send has not sent yet, and refunds its units. */
export const cancelSend = (sendId: number) => api.post(`notification/sends/${sendId}/cancel`).json<CancelResult>();

/** The stored file, through the api client so the token goes with it (a plain link could not send it). */
export const downloadUploadedFile = (file: UploadedFile) => api.get(uploadedFileDownloadPath(file.id)).blob();

/** DELETE /smsoptouts/{id}: the number gets messages again. */
export const removeOptOut = (id: number) => api.delete(`${smsOptOutsEndpoint.path}/${id}`).json<{ status_msg: string }>();
