const messages: Record<string, string> = {
  'messaging.comingSoon': 'Bientôt disponible',
  'messaging.comingSoonDetail': 'Cet écran est en cours de réalisation.',
};
export default messages;
