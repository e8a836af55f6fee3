const messages: Record<string, string> = {
  'finance.comingSoon': 'Em breve',
  'finance.comingSoonDetail': 'Este ecrã está em construção.',
};
export default messages;
