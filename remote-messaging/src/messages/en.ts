/**
 * Messaging area (remote-messaging): the texts of its placeholder screens until its team delivers the real ones.
 * Semantic ids for labels; the English text as id for texts that also come from a schema or the server
 * (see shared/src/i18n/messages/README.md).
 */
const messages: Record<string, string> = {
  'messaging.comingSoon': 'Coming Soon',
  'messaging.comingSoonDetail': 'This screen is being built.',
};
export default messages;
