/**
 * The person's page (issue 28.1): `people.*`, in the page's own chunk (../PeopleTexts.tsx). The contact's field
 * labels are the contacts form's (contacts/resource.tsx), the household card's the contact screens'. 'Request
 * payment' (issue 29.3): `people.request.*`, and the server's words about a prompt with the English text as id.
 */
const messages: Record<string, string> = {
  'people.edit': 'Edit',
  'people.details.title': 'Details',

  'people.groups.title': 'Groups',
  'people.groups.none': 'Not in any group.',
  'people.groups.add': 'Add to group',
  'people.groups.pick': 'Choose a group',
  'people.groups.added': 'Added to {group}',
  'people.groups.removed': 'Removed from {group}',
  'people.groups.remove': 'Remove',
  'people.groups.removeLabel': 'Remove from {group}',
  'people.groups.remove.title': 'Remove {name} from {group}?',
  'people.groups.remove.text': 'They stay a contact; only their place in the group goes.',
  'people.groups.remove.confirm': 'Yes, remove',
  'people.groups.column.name': 'Group',
  'people.groups.column.type': 'Group type',
  'people.groups.column.joined': 'Joined',

  'people.giving.title': 'Giving',
  'people.giving.thisYear': 'This year',
  'people.giving.lastYear': 'Last year',
  'people.giving.incomes': 'Income',
  'people.giving.column.date': 'Date',
  'people.giving.column.amount': 'Amount',
  'people.giving.column.paymentFor': 'Payment for',
  'people.giving.column.account': 'Account',
  'people.giving.column.receipt': 'Receipt no.',
  'people.giving.column.status': 'Status',
  'people.giving.status.reversed': 'Reversed',
  'people.giving.status.reversal': 'Reversal',

  'people.payments.title': 'M-Pesa payments',
  'people.payments.column.time': 'Paid at',
  'people.payments.column.code': 'M-Pesa code',

  'people.request.button': 'Request payment',
  'people.request.title': 'Request payment from {name}',
  'people.request.intro': 'An M-Pesa prompt goes to the phone below. Once they enter their PIN, the payment is recorded as their giving to the fund.',
  'people.request.fund': 'Fund',
  'people.request.amount': 'Amount',
  'people.request.phone': 'Phone',
  'people.request.fund.required': 'Choose a fund',
  'people.request.amount.required': 'Type the amount',
  'people.request.amount.invalid': 'The amount is whole shillings, from 1 to {max}',
  'people.request.phone.required': 'Type the phone number',
  'people.request.send': 'Send',
  'people.request.cancel': 'Cancel',
  'people.request.close': 'Close',
  'people.request.again': 'Try again',
  'people.request.waiting': 'Waiting for {name} to enter their PIN…',
  'people.request.paid': 'Paid: receipt {receipt}',
  'people.request.cancelled': '{name} cancelled the prompt on their phone.',
  'people.request.timeout': "No answer: the prompt on {name}'s phone timed out.",
  'people.request.failed': 'The payment failed: {reason}',
  'people.request.noReason': 'M-Pesa gave no reason',
  // The server's words about a prompt (api/src/finance/mpesa/express/requests.ts), English text as id.
  'Choose a fund from the list': 'Choose a fund from the list',
  'Enter the amount in whole shillings, such as 500': 'Enter the amount in whole shillings, such as 500',
  'Enter an M-Pesa number such as 0712 345 678': 'Enter an M-Pesa number such as 0712 345 678',
  'M-Pesa prompts cannot be sent: the partner has not entered its Daraja credentials (Settings → M-Pesa)':
    'M-Pesa prompts cannot be sent: the partner has not entered its Daraja credentials (Settings → M-Pesa)',
  "M-Pesa prompts cannot be sent: the server does not know its public address (PUBLIC_URL) or the partner has no callback secret, so M-Pesa's answer could not reach us":
    "M-Pesa prompts cannot be sent: the server does not know its public address (PUBLIC_URL) or the partner has no callback secret, so M-Pesa's answer could not reach us",
  'No such payment prompt': 'No such payment prompt',

  'people.messages.title': 'Messages',
  'people.messages.column.message': 'Message',
  'people.messages.column.state': 'Status',
  'people.messages.column.date': 'Date',
  'people.messages.state.scheduled': 'Scheduled',
  'people.messages.state.queued': 'Waiting',
  'people.messages.state.sent': 'Sent',
  'people.messages.state.delivered': 'Delivered',
  'people.messages.state.failed': 'Failed',
  'people.messages.state.unconfirmed': 'Not confirmed',
  'people.messages.state.optedOut': 'Opted out',
  'people.messages.state.cancelled': 'Cancelled',

  'people.meetings.title': 'Meetings attended',
  'people.meetings.column.date': 'Date',
  'people.meetings.column.type': 'Meeting type',
  'people.meetings.column.subject': 'Subject',
};

export default messages;
