/** Routes of the Messaging screens (spec 2.12; opted-out numbers are ours). */
export const MESSAGES_PATH = '/messaging/messages';
export const NEW_MESSAGE_PATH = '/messaging/messages/new';
export const UPLOADED_FILES_PATH = '/messaging/uploaded_files';
export const FAILED_MESSAGES_PATH = '/messaging/failed_messages';
export const OPT_OUTS_PATH = '/messaging/optouts';
export const NEW_OPT_OUT_PATH = '/messaging/optouts/new';

/** Spec 9: message lists show the first 40 characters of a message. */
export const MESSAGE_PREVIEW_LENGTH = 40;
