// No static import of ./SmsPreview here: it brings the validation kit (see ./lazy.ts).
export { SMS_PREVIEW_SAMPLE } from './facts';
export type { SmsPreviewFacts } from './facts';
export { UnicodeNotice, MarkedSmsText } from './lazy';
export type { UnicodeNoticeProps } from './SmsPreview';
export { useConfirmSms, nothingSent, isNothingSent, NOTHING_SENT } from './use-confirm-sms';
export type { ConfirmSms, ConfirmSmsOptions } from './use-confirm-sms';
