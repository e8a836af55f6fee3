/**
 * The giving page's texts (/give/{code}, issue 29), in the page's own lazily loaded chunk: the login screen and
 * the signed-in screens do not download them. Amounts are whole shillings, shown as 'KES {amount}' in every
 * language, as M-Pesa writes them.
 */
const messages = {
  'give.title': 'Give',
  'give.subtitle': 'Give by M-Pesa: your phone asks for your M-Pesa PIN to confirm.',
  'give.notFound': 'No giving page at this address',
  'give.notFound.hint': 'Check the link you were given, or ask the church for it.',
  'give.noFunds': 'Nothing is open for giving on this page yet.',
  'give.retry': 'Try again',
  'give.fund': 'Give to',
  'give.fund.missing': 'Choose what you give to',
  'give.amount': 'Amount (KES)',
  'give.amount.hint': 'Whole shillings, from KES {min} to KES {max}',
  'give.amount.missing': 'Enter the amount to give',
  'give.amount.notWhole': 'Enter a whole number of shillings, like 500',
  'give.amount.range': 'Give between KES {min} and KES {max}',
  'give.phone': 'M-Pesa phone number',
  'give.phone.hint': 'The M-Pesa prompt is sent to this phone, like 0712 345 678',
  'give.phone.missing': 'Enter the M-Pesa phone number',
  'give.phone.invalid': 'This is not a Kenyan mobile number: type it like 0712 345 678 or +254 712 345 678',
  'give.submit': 'Give',
  'give.tooMany': 'Too many attempts for this number. Try again later.',
  'give.waiting': 'Check your phone: enter your M-Pesa PIN to give KES {amount} to {partner}.',
  'give.waiting.hint': 'This page follows the payment: keep it open.',
  'give.paid': 'Thank you! Your gift of KES {amount} was received. An SMS receipt is on its way.',
  'give.cancelled': 'You cancelled the payment on your phone.',
  'give.timeout': 'Your phone did not answer in time.',
  'give.failed': 'The payment did not go through.',
  'give.stopped': 'M-Pesa has not answered yet. If you entered your PIN, your gift will be recorded and an SMS receipt will follow.',
  'give.again': 'Give again',
} satisfies Record<string, string>;

export default messages;
