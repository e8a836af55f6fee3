import * as yup from 'yup';
import { text } from './rules';

/** Message config form, POST /messageconfig and PUT /messageconfig/{id} (spec 5, "Message config"). */
export const messageConfigSchema = yup.object({
  config: text('Config name is required'),
  value: text('Config Value is required', { length: 2, message: 'Value must be at least 2 characters' }),
});

export type MessageConfigInput = yup.InferType<typeof messageConfigSchema>;
