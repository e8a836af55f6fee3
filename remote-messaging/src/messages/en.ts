/**
 * Messaging area (remote-messaging): its screens' texts. Semantic ids for labels; the English text as id for
 * texts that also come from a schema or the server (see shared/src/i18n/messages/README.md). Message Configs'
 * and opted-out numbers' texts are in their descriptions (src/config/resource.ts, src/opt-outs/resource.tsx).
 */
const messages: Record<string, string> = {
  'messaging.heading.messages': 'Messages',
  'messaging.heading.files': 'Files',

  // Recent Messages and Failed Messages
  'messaging.messages.title': 'Recent Messages',
  'messaging.messages.add': 'New Message',
  'messaging.failed.title': 'Failed Messages',
  'messaging.column.recipient': 'Recipient',
  'messaging.column.type': 'Type',
  'messaging.column.category': 'Category',
  'messaging.column.message': 'Message',
  'messaging.column.status': 'Status',
  'messaging.column.sentDate': 'Date Sent',
  'messaging.state.sent': 'Sent',
  'messaging.state.delivered': 'Delivered',
  'messaging.state.queued': 'Queued',
  'messaging.state.scheduled': 'Scheduled for {time}',
  'messaging.state.failed': 'Failed',
  'messaging.state.unconfirmed': 'Unconfirmed',
  'messaging.state.optedOut': 'Opted out',
  'messaging.state.cancelled': 'Cancelled',
  'messaging.resend': 'Resend',
  'messaging.cancel.button': 'Cancel',
  'messaging.cancel.title': 'Cancel this scheduled message?',
  'messaging.cancel.text': 'It will not be sent to any of its recipients, and its units come back to the balance.',
  'messaging.cancel.ok': 'Yes, cancel it',

  // New Message
  'messaging.new.title': 'New Message',
  'messaging.field.recipientType': 'Recipient Type',
  'messaging.recipientType.typed': 'Type recipients',
  'messaging.recipientType.group': 'Send to group',
  'messaging.recipientType.upload': 'Upload recipients',
  'messaging.field.recipients': 'Recipients',
  'messaging.field.recipients.hint': 'Phone numbers separated by commas, spaces or new lines, e.g. 0712 345 678, +254 722 000 111',
  'messaging.field.group': 'Group',
  'messaging.group.none': '-Select one-',
  'messaging.group.all': 'All Contacts',
  'messaging.field.onePerHousehold': 'One message per household (to its head)',
  'messaging.field.onePerHousehold.hint': 'Group members who live in a household get one message between them, sent to its head; the others get theirs as usual.',
  'messaging.field.recipientsfile': 'Recipients file',
  'messaging.field.recipientsfile.hint': 'A CSV or Excel (.xlsx) file: the column headed Phone or Mobile is read, else the first column.',
  'messaging.field.textmessage': 'Message',
  'messaging.field.textmessage.hint': "Write {firstName} or {lastName} to put each contact's own name in their message.",
  'messaging.field.sendAt': 'Send later',
  'messaging.field.sendAt.hint': 'Optional: a date and time in Nairobi time (EAT). Leave it empty to send now.',
  'messaging.preview.title': 'Cost preview',
  'messaging.preview.updating': 'Counting…',
  'messaging.preview.characters': 'Characters',
  'messaging.preview.segments': 'SMS parts',
  'messaging.preview.perPart': '{single} characters fit in one SMS; a longer message goes in parts of {perPart}.',
  'messaging.preview.recipients': 'Recipients',
  'messaging.preview.optedOut': '{count} opted out: not sent, not charged',
  'messaging.preview.duplicates': '{count} repeated numbers: sent once',
  'messaging.preview.units': 'Units to be charged',
  'messaging.preview.personalised': 'Placeholders such as {example} make each message its own: units are counted per recipient.',
  'messaging.preview.balance': 'Balance',
  'messaging.preview.waiting': 'Choose the recipients and write the message to see who gets it and what it costs.',
  'messaging.preview.invalid': 'These are not phone numbers; correct or remove them before sending: {numbers}',
  'messaging.preview.notEnough': 'Not enough SMS units: this message needs {units} and the balance is {balance}. Top up the units or send to fewer recipients.',

  // The SMS gateway account cannot send (issue 31): shown on New Message and Recent Messages
  'messaging.gateway.paused.credit': 'Sending is paused: the SMS gateway account has run out of credit. Your messages are kept and will go out when it is topped up.',
  'messaging.gateway.paused.held': 'Sending is paused: the SMS gateway has put the account on hold. Your messages are kept and will go out when it is released.',
  'messaging.gateway.paused.refused':
    "Sending is paused: the SMS gateway refused the account's key or sender name. Your messages are kept and will go out when the settings are fixed.",
  'messaging.gateway.waiting': 'Messages waiting: {waiting}',

  // Recent Files
  'messaging.files.title': 'Recent Files',
  'messaging.files.column.name': 'File',
  'messaging.files.column.fileType': 'Type',
  'messaging.files.column.extension': 'Extension',
  'messaging.files.column.path': 'Path',
  'messaging.files.column.status': 'Status',
  'messaging.files.column.uploadedBy': 'Uploaded By',
  'messaging.files.column.createdAt': 'Date Uploaded',
  'messaging.files.download': 'DownloadFile',
  'messaging.files.processed': 'Processed',
  'messaging.files.pending': 'Pending',

  // The message schema's messages (shared/src/validation/messaging.ts)
  'Recipient Type is required': 'Recipient Type is required',
  'Type at least one recipient': 'Type at least one recipient',
  'Too many recipients for one message: upload them as a file instead': 'Too many recipients for one message: upload them as a file instead',
  'Choose a group': 'Choose a group',
  'Choose a file of recipients': 'Choose a file of recipients',
  'Message must be at most 1000 characters': 'Message must be at most 1000 characters',
  'Send time must be a date and time in the format YYYY-MM-DDTHH:mm': 'Send time must be a date and time in the format YYYY-MM-DDTHH:mm',
  'Only SMS is supported': 'Only SMS is supported',
  'Only WEBSMS is supported': 'Only WEBSMS is supported',

  // The server's answers (api/src/messaging)
  'Message sent successfully!': 'Message sent successfully!',
  'Message initiated successfully!': 'Message initiated successfully!',
  'Scheduled message cancelled': 'Scheduled message cancelled',
  'Only a scheduled message that has not been sent can be cancelled': 'Only a scheduled message that has not been sent can be cancelled',
  'Only a failed message can be resent': 'Only a failed message can be resent',
  'This message has already been resent once': 'This message has already been resent once',
  'Message not found': 'Message not found',
  'File not found': 'File not found',
  'Send time must be in the future': 'Send time must be in the future',
  'The file has no phone numbers.': 'The file has no phone numbers.',
  'The file has more than 100,000 phone numbers. Split it into smaller files and send the message to each.':
    'The file has more than 100,000 phone numbers. Split it into smaller files and send the message to each.',
  'The file is larger than 5 MB. Split it into smaller files and send the message to each.':
    'The file is larger than 5 MB. Split it into smaller files and send the message to each.',
  // Why a message failed or is unconfirmed, when the outbox says it (the gateway's own words are shown as they come)
  'Sending was interrupted before the gateway answered; it may have been sent': 'Sending was interrupted before the gateway answered; it may have been sent',
  'The gateway did not report on this number; it may have been sent': 'The gateway did not report on this number; it may have been sent',
};
export default messages;
