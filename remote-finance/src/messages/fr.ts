const messages: Record<string, string> = {
  'finance.comingSoon': 'Bientôt disponible',
  'finance.comingSoonDetail': 'Cet écran est en cours de réalisation.',
};
export default messages;
