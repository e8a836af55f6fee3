import type en from './en';

/** Português: ver en.ts. */
const messages: Record<keyof typeof en, string> = {
  'give.title': 'Ofertar',
  'give.subtitle': 'Oferte por M-Pesa: o seu telefone pede o seu PIN do M-Pesa para confirmar.',
  'give.notFound': 'Não há nenhuma página de ofertas neste endereço',
  'give.notFound.hint': 'Verifique o link que recebeu ou peça-o à igreja.',
  'give.noFunds': 'Ainda não há nada aberto para ofertas nesta página.',
  'give.retry': 'Tentar novamente',
  'give.fund': 'Ofertar para',
  'give.fund.missing': 'Escolha para que oferta',
  'give.amount': 'Valor (KES)',
  'give.amount.hint': 'Xelins inteiros, de KES {min} a KES {max}',
  'give.amount.missing': 'Escreva o valor da oferta',
  'give.amount.notWhole': 'Escreva um número inteiro de xelins, por exemplo 500',
  'give.amount.range': 'Oferte entre KES {min} e KES {max}',
  'give.phone': 'Número de telefone M-Pesa',
  'give.phone.hint': 'O pedido do M-Pesa é enviado para este telefone, por exemplo 0712 345 678',
  'give.phone.missing': 'Escreva o número de telefone M-Pesa',
  'give.phone.invalid': 'Não é um número de telemóvel do Quénia: escreva-o como 0712 345 678 ou +254 712 345 678',
  'give.submit': 'Ofertar',
  'give.tooMany': 'Demasiadas tentativas para este número. Tente novamente mais tarde.',
  'give.waiting': 'Veja o seu telefone: introduza o seu PIN do M-Pesa para ofertar KES {amount} a {partner}.',
  'give.waiting.hint': 'Esta página acompanha o pagamento: mantenha-a aberta.',
  'give.paid': 'Obrigado! A sua oferta de KES {amount} foi recebida. Um recibo por SMS está a caminho.',
  'give.cancelled': 'Cancelou o pagamento no seu telefone.',
  'give.timeout': 'O seu telefone não respondeu a tempo.',
  'give.failed': 'O pagamento não foi concluído.',
  'give.stopped': 'O M-Pesa ainda não respondeu. Se introduziu o seu PIN, a sua oferta será registada e um recibo por SMS seguirá.',
  'give.again': 'Ofertar de novo',
};

export default messages;
