const messages: Record<string, string> = {
  'messaging.comingSoon': 'Em breve',
  'messaging.comingSoonDetail': 'Este ecrã está em construção.',
};
export default messages;
