import type en from './en';

/** Español: ver en.ts. */
const messages: Record<keyof typeof en, string> = {
  'give.title': 'Ofrendar',
  'give.subtitle': 'Ofrende por M-Pesa: su teléfono le pedirá su PIN de M-Pesa para confirmar.',
  'give.notFound': 'No hay ninguna página de ofrendas en esta dirección',
  'give.notFound.hint': 'Revise el enlace que le dieron o pídalo a la iglesia.',
  'give.noFunds': 'Todavía no hay nada abierto para ofrendas en esta página.',
  'give.retry': 'Reintentar',
  'give.fund': 'Ofrendar para',
  'give.fund.missing': 'Elija para qué ofrenda',
  'give.amount': 'Importe (KES)',
  'give.amount.hint': 'Chelines enteros, de KES {min} a KES {max}',
  'give.amount.missing': 'Escriba el importe de la ofrenda',
  'give.amount.notWhole': 'Escriba un número entero de chelines, por ejemplo 500',
  'give.amount.range': 'Ofrende entre KES {min} y KES {max}',
  'give.phone': 'Número de teléfono de M-Pesa',
  'give.phone.hint': 'La solicitud de M-Pesa se envía a este teléfono, por ejemplo 0712 345 678',
  'give.phone.missing': 'Escriba el número de teléfono de M-Pesa',
  'give.phone.invalid': 'No es un número móvil de Kenia: escríbalo como 0712 345 678 o +254 712 345 678',
  'give.submit': 'Ofrendar',
  'give.tooMany': 'Demasiados intentos para este número. Inténtelo más tarde.',
  'give.waiting': 'Mire su teléfono: escriba su PIN de M-Pesa para ofrendar KES {amount} a {partner}.',
  'give.waiting.hint': 'Esta página sigue el pago: manténgala abierta.',
  'give.paid': '¡Gracias! Recibimos su ofrenda de KES {amount}. Un recibo por SMS está en camino.',
  'give.cancelled': 'Usted canceló el pago en su teléfono.',
  'give.timeout': 'Su teléfono no respondió a tiempo.',
  'give.failed': 'El pago no se realizó.',
  'give.stopped': 'M-Pesa aún no ha respondido. Si escribió su PIN, su ofrenda quedará registrada y recibirá un recibo por SMS.',
  'give.again': 'Ofrendar de nuevo',
};

export default messages;
