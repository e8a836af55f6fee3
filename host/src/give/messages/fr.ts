import type en from './en';

/** Français : voir en.ts. */
const messages: Record<keyof typeof en, string> = {
  'give.title': 'Donner',
  'give.subtitle': 'Donnez par M-Pesa : votre téléphone vous demande votre code PIN M-Pesa pour confirmer.',
  'give.notFound': 'Aucune page de dons à cette adresse',
  'give.notFound.hint': "Vérifiez le lien que l'on vous a donné, ou demandez-le à l'église.",
  'give.noFunds': "Rien n'est encore ouvert aux dons sur cette page.",
  'give.retry': 'Réessayer',
  'give.fund': 'Donner pour',
  'give.fund.missing': 'Choisissez pour quoi vous donnez',
  'give.amount': 'Montant (KES)',
  'give.amount.hint': 'En shillings entiers, de KES {min} à KES {max}',
  'give.amount.missing': 'Saisissez le montant à donner',
  'give.amount.notWhole': 'Saisissez un nombre entier de shillings, par exemple 500',
  'give.amount.range': 'Donnez entre KES {min} et KES {max}',
  'give.phone': 'Numéro de téléphone M-Pesa',
  'give.phone.hint': 'La demande M-Pesa est envoyée à ce téléphone, par exemple 0712 345 678',
  'give.phone.missing': 'Saisissez le numéro de téléphone M-Pesa',
  'give.phone.invalid': "Ce n'est pas un numéro de mobile kényan : écrivez-le comme 0712 345 678 ou +254 712 345 678",
  'give.submit': 'Donner',
  'give.tooMany': 'Trop de tentatives pour ce numéro. Réessayez plus tard.',
  'give.waiting': 'Regardez votre téléphone : saisissez votre code PIN M-Pesa pour donner KES {amount} à {partner}.',
  'give.waiting.hint': 'Cette page suit le paiement : gardez-la ouverte.',
  'give.paid': 'Merci ! Votre don de KES {amount} a été reçu. Un reçu par SMS est en route.',
  'give.cancelled': 'Vous avez annulé le paiement sur votre téléphone.',
  'give.timeout': "Votre téléphone n'a pas répondu à temps.",
  'give.failed': "Le paiement n'a pas abouti.",
  'give.stopped': "M-Pesa n'a pas encore répondu. Si vous avez saisi votre code PIN, votre don sera enregistré et un reçu par SMS suivra.",
  'give.again': 'Donner à nouveau',
};

export default messages;
