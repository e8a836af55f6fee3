import * as yup from 'yup';
import { endpoint, idField, instantField, partnerRef } from './common';

/** GET /api/v2/messageconfig -> { configs, total }; bodies: `MessageConfigInput` (shared validation). */
export const messageConfigRow = yup.object({
  id: idField(),
  config: yup.string().defined(),
  value: yup.string().defined(),
  createdAt: instantField(),
  Partner: partnerRef,
});
export type MessageConfig = yup.InferType<typeof messageConfigRow>;
export const messageConfigsEndpoint = endpoint<MessageConfig>({
  path: 'messageconfig',
  plural: 'configs',
  singular: 'config',
  row: messageConfigRow,
  savedText: 'New Config saved successfully!',
});
