/**
 * Contacts area (remote-contacts): contacts, groups, group types, group members, households, export.
 * Semantic ids for labels; the English text as id for texts that also come from the shared contact
 * schemas, the contract's labels or the server (see shared/src/i18n/messages/README.md). The contacts'
 * and households' headings, fields and columns are in their descriptions (contacts/resource.tsx,
 * households/resource.tsx); the import's texts in import/messages.
 */
const messages: Record<string, string> = {
  'contacts.heading': 'Contacts',
  Male: 'Male',
  Female: 'Female',
  Other: 'Other',
  'New contact saved successfully!': 'New contact saved successfully!',

  'contacts.export': 'Export CSV',
  'contacts.import': 'Import contacts',

  'New group saved successfully!': 'New group saved successfully!',

  'groupMembers.title': '{group} Members',
  'groupMembers.edit': 'Edit this group',
  'groupMembers.allContacts': 'All Contacts',
  'groupMembers.search': 'Search All Contacts',
  'groupMembers.members': 'Group Members',
  'groupMembers.save': 'Save group changes',
  'groupMembers.remove.title': 'Are you sure you want to discard a member from this group?',
  'groupMembers.remove.text': 'Member will be removed',
  'groupMembers.remove.confirm': 'Yes!',
  'Group members saved successfully!': 'Group members saved successfully!',

  'New group type saved successfully!': 'New group type saved successfully!',
  'Gender must be Male (M), Female (F) or Other (O)': 'Gender must be Male (M), Female (F) or Other (O)',
  'First Name is required': 'First Name is required',
  'Last name is required': 'Last name is required',
  'Mobile is required': 'Mobile is required',
  'Mobile must be a valid phone number, e.g. 0712 345 678 or +254 712 345 678': 'Mobile must be a valid phone number, e.g. 0712 345 678 or +254 712 345 678',
  'Email must be a valid email address, e.g. name@example.com': 'Email must be a valid email address, e.g. name@example.com',
  'Group type is required': 'Group type is required',
  'Brand name is required': 'Brand name is required',
  'Group is required': 'Group is required',
  'Selected members must be contact ids separated by commas': 'Selected members must be contact ids separated by commas',
  'A contact with this mobile number already exists': 'A contact with this mobile number already exists',

  'Only CSV and Excel (.xlsx) files can be imported.': 'Only CSV and Excel (.xlsx) files can be imported.',
  'Old Excel (.xls) files cannot be imported. Save the file as Excel Workbook (.xlsx) or CSV and try again.':
    'Old Excel (.xls) files cannot be imported. Save the file as Excel Workbook (.xlsx) or CSV and try again.',
  'The file could not be read as an Excel (.xlsx) workbook.': 'The file could not be read as an Excel (.xlsx) workbook.',
  'The Excel file unpacks to too much data to import. Save it as CSV and try again.': 'The Excel file unpacks to too much data to import. Save it as CSV and try again.',
  'The file is empty.': 'The file is empty.',
  'The file is larger than 5 MB. Split it into smaller files and import them one by one.':
    'The file is larger than 5 MB. Split it into smaller files and import them one by one.',
  'The file has more than 20,000 contacts. Split it into smaller files and import them one by one.':
    'The file has more than 20,000 contacts. Split it into smaller files and import them one by one.',
  'The file has no contacts below its header row.': 'The file has no contacts below its header row.',

  // Archived and erased contacts (issue 26.5).
  'contacts.filter.label': 'Contacts shown',
  'contacts.filter.active': 'Active',
  'contacts.filter.archived': 'Archived',
  'contacts.erased.tag': 'Erased',
  'contacts.status.title': 'Archive and erasure',
  'contacts.status.archived': 'Archived on {date}: out of the contact lists, group members and messages. Their giving and groups are kept.',
  'contacts.archive': 'Archive',
  'contacts.archive.hint':
    'Archive a contact who has left instead of deleting them: they leave the contact lists, group members and messages, their giving and groups are kept, and you can restore them.',
  'contacts.archive.confirm.title': 'Archive this contact?',
  'contacts.archive.confirm.text': 'They leave the contact lists, group members and messages. Their giving and groups are kept, and you can restore them at any time.',
  'contacts.restore': 'Restore',
  'contacts.erase': 'Erase personal data',
  'contacts.erase.hint': "Erase a person's personal data only when they ask for it (Data Protection Act, 2019). It cannot be undone.",
  'contacts.erase.title': "Erase this person's personal data?",
  'contacts.erase.erased':
    'Erased wherever it is stored: first and last name, mobile number, email and residence, in the contact, in the income they gave, in their M-Pesa payments and in the messages sent to them, and the old values in the activity log.',
  'contacts.erase.kept':
    "Kept: the money they gave, with its receipt numbers and dates, under the name 'Erased contact'; their SMS opt-out, so they never get a message again; and in the activity log, that an erasure was made, by whom, when and why.",
  'contacts.erase.final': 'This cannot be undone.',
  'contacts.erase.reason': 'Reason',
  'contacts.erase.reasonHint': 'How and when the person asked, for example. Do not write their name or number: the reason is kept in the activity log.',
  'contacts.erase.confirm': 'Erase',
  'contacts.erased.title': 'Personal data erased',
  'contacts.erased.text':
    "This person's personal data was erased at their request. Their giving stays in the books as 'Erased contact'. The contact cannot be changed or restored.",
  'Contact archived successfully!': 'Contact archived successfully!',
  'Contact restored successfully!': 'Contact restored successfully!',
  "The contact's personal data was erased.": "The contact's personal data was erased.",
  'This contact is archived already.': 'This contact is archived already.',
  'This contact is not archived.': 'This contact is not archived.',
  "This contact's personal data was erased: it stays archived and cannot be changed.":
    "This contact's personal data was erased: it stays archived and cannot be changed.",
  "This contact's personal data was erased already.": "This contact's personal data was erased already.",
  'An archived contact has this mobile number. Show the archived contacts to restore it.':
    'An archived contact has this mobile number. Show the archived contacts to restore it.',
  'Erasure reason is required': 'Erasure reason is required',
  'Erasure reason must be at least 5 characters': 'Erasure reason must be at least 5 characters',
  'Erasure reason must be at most 200 characters': 'Erasure reason must be at most 200 characters',

  // People and households (issue 27.5, 27.6).
  'contacts.filter.membership': 'Membership status',
  'contacts.filter.membership.all': 'All statuses',
  'contacts.filter.membership.none': 'No status',
  'contacts.household.title': 'Household',
  'contacts.household.name': 'Household',
  'contacts.household.role': 'Role',
  'contacts.household.none': 'Not in a household. Households are kept in Contacts → Households.',
  Member: 'Member',
  Visitor: 'Visitor',
  Adherent: 'Adherent',
  'Former member': 'Former member',
  Single: 'Single',
  Married: 'Married',
  Widowed: 'Widowed',
  Divorced: 'Divorced',
  Separated: 'Separated',
  Head: 'Head',
  Spouse: 'Spouse',
  Child: 'Child',
  'Date of birth must be a date, e.g. 1990-11-03': 'Date of birth must be a date, e.g. 1990-11-03',
  'Date of birth cannot be in the future': 'Date of birth cannot be in the future',
  'Date of birth must be a date from 1900-01-01 to 2100-12-31': 'Date of birth must be a date from 1900-01-01 to 2100-12-31',
  'Membership status must be member, visitor, adherent or former': 'Membership status must be member, visitor, adherent or former',
  'Marital status must be single, married, widowed, divorced or separated': 'Marital status must be single, married, widowed, divorced or separated',
  'External ID must be at most 64 characters': 'External ID must be at most 64 characters',
  'Another contact has this External ID': 'Another contact has this External ID',
  'Household saved successfully!': 'Household saved successfully!',
  'Household deleted': 'Household deleted',
  'Household not found': 'Household not found',
  'Choose contacts from the list': 'Choose contacts from the list',
  'Role must be head, spouse, child or other': 'Role must be head, spouse, child or other',
  'A household has at most 50 members': 'A household has at most 50 members',
  'A household has one head': 'A household has one head',
  'A contact is listed twice in this household': 'A contact is listed twice in this household',
  'A contact you chose is already in another household. Remove them from it first.': 'A contact you chose is already in another household. Remove them from it first.',
};
export default messages;
