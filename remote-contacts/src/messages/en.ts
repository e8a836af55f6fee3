/**
 * Contacts area (remote-contacts): contacts, groups, group types, group members, import and export.
 * Semantic ids for labels; the English text as id for texts that also come from the shared contact
 * schemas or the server (see shared/src/i18n/messages/README.md). The member lists reuse the
 * `contacts.column.*` labels.
 */
const messages: Record<string, string> = {
  'contacts.heading': 'Contacts',
  'contacts.title': 'All Contacts',
  'contacts.add': 'New Contact',
  'contacts.column.firstName': 'First Name',
  'contacts.column.lastName': 'Last Name',
  'contacts.column.gender': 'Gender',
  'contacts.column.mobile': 'Mobile',
  'contacts.column.email': 'Email',
  'contacts.column.createdAt': 'Date Added',
  'contacts.new.title': 'New Contact',
  'contacts.edit.title': 'Edit Contact',
  'contacts.field.gender': 'Gender',
  'contacts.field.firstName': 'First Name',
  'contacts.field.lastName': 'Last Name',
  'contacts.field.mobile': 'Mobile',
  'contacts.field.residence': 'Residence',
  'contacts.field.email': 'Email',
  Male: 'Male',
  Female: 'Female',
  Other: 'Other',
  'New contact saved successfully!': 'New contact saved successfully!',

  'contacts.export': 'Export CSV',
  'contacts.import': 'Import contacts',
  'contacts.import.title': 'Import Contacts',
  'contacts.import.file': 'CSV or Excel (.xlsx) file',
  'contacts.import.hint': 'The first row must name the columns: First Name, Last Name, Gender, Mobile, Residence and, if you have them, Email.',
  'contacts.import.choose': 'Choose a file',
  'contacts.import.preview': 'Preview',
  'contacts.import.commit': 'Import {count, plural, one {# contact} other {# contacts}}',
  'contacts.import.columns': 'Columns read',
  'contacts.import.ignoredColumn': 'ignored',
  'contacts.import.counts': '{total} rows: {ready} ready, {duplicate} duplicates, {invalid} with errors',
  'contacts.import.problems': 'Rows that will not be imported',
  'contacts.import.sample': 'First contacts to import',
  'contacts.import.column.line': 'Line',
  'contacts.import.column.problems': 'Problems',
  'contacts.import.status.ready': 'Ready',
  'contacts.import.status.duplicate': 'Duplicate',
  'contacts.import.status.invalid': 'Error',
  'contacts.import.duplicateOfLine': 'Duplicate of line {line} (same mobile number)',
  'contacts.import.finished': 'Import finished',
  'contacts.import.backToList': 'Back to All Contacts',
  'contacts.import.done': 'Imported: {created}. Duplicates skipped: {skippedDuplicates}. Rows with errors left out: {failed}.',

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

  'Gender is required': 'Gender is required',
  'Gender must be Male (M), Female (F) or Other (O)': 'Gender must be Male (M), Female (F) or Other (O)',
  'First Name is required': 'First Name is required',
  'Last name is required': 'Last name is required',
  'Mobile is required': 'Mobile is required',
  'Mobile must be a valid phone number, e.g. 0712 345 678 or +254 712 345 678': 'Mobile must be a valid phone number, e.g. 0712 345 678 or +254 712 345 678',
  'Residence is required': 'Residence is required',
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
};
export default messages;
