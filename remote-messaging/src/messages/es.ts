const messages: Record<string, string> = {
  'messaging.comingSoon': 'Próximamente',
  'messaging.comingSoonDetail': 'Esta pantalla está en construcción.',
};
export default messages;
