const messages: Record<string, string> = {
  'finance.comingSoon': 'Próximamente',
  'finance.comingSoonDetail': 'Esta pantalla está en construcción.',
};
export default messages;
