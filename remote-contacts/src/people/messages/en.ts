/**
 * The person's page (issue 28.1): `people.*`, in the page's own chunk (../PeopleTexts.tsx). The contact's field
 * labels are the contacts form's (contacts/resource.tsx), the household card's the contact screens'.
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
