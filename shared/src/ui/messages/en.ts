import { noPermissionMessages } from './no-permission';
import { smsPreviewMessages } from './sms-preview';
import { inputMessages } from './inputs';
import { listMessages } from './lists';

/**
 * The kit's own texts (shared/src/ui): they travel with the kit version that renders them (`AreaTexts`).
 * Semantic ids, except texts that can also come from code or several areas' shared schemas (English id).
 */
const messages: Record<string, string> = {
  'kit.home': 'Dashboard',
  'kit.search.label': 'Search',
  'kit.search.placeholder': 'type text to search..',
  'kit.list.loading': 'Loading Data',
  'kit.list.empty': 'No records found',
  'kit.list.failed': 'The list could not be loaded',
  'kit.list.retry': 'Retry',
  'kit.list.edit': 'Edit',
  'kit.list.actions': 'Actions',
  'kit.list.selectAll': 'Select every row of the page',
  'kit.list.selectRow': 'Select this row',
  'kit.pager.label': 'Pages',
  'kit.pager.status': 'showing page {page} of {pages}',
  'kit.pager.statusEstimated': 'showing page {page} of about {pages}',
  'kit.pager.first': 'First page',
  'kit.pager.previous': 'Previous page',
  'kit.pager.current': 'Page {page}',
  'kit.pager.next': 'Next page',
  'kit.pager.last': 'Last page',
  'kit.form.submit': 'Submit',
  'kit.form.cancel': 'Cancel',
  'kit.form.selectOne': 'Select one',
  'kit.form.chooseFile': 'Choose file',
  'kit.dialog.success': 'Awesome!',
  'kit.dialog.error': 'Error!',
  'kit.edit.nothing.title': 'Nothing selected',
  'kit.edit.nothing.text': 'Choose a record from the list to open it here.',
  'kit.edit.nothing.back': 'Back to the list',
  'kit.edit.failed': 'The record could not be loaded',
  'kit.edit.missing.title': 'Record not found',
  'kit.edit.missing.text': 'There is no such record: it may have been removed, or the address is not complete.',
  'kit.stale.title': 'Changed by someone else',
  'kit.stale.text':
    '{name} changed this record at {at}, after you opened it. Your changes were not saved. Reload to see the record as it is now, then make your changes again.',
  'kit.stale.textSomeone':
    'This record was changed at {at}, after you opened it. Your changes were not saved. Reload to see the record as it is now, then make your changes again.',
  'kit.stale.reload': 'Reload',
  'kit.stale.keep': 'Keep what I typed',
  'kit.notFound.title': 'Page not found',
  'kit.notFound.text': 'There is no page at this address.',
  'kit.notFound.back': 'Go to the dashboard',
  'kit.noAccess.title': 'You do not have access to this screen',
  'kit.noAccess.text': 'Your roles do not allow it. Ask an owner or an administrator of your organisation if you need it.',
  'kit.noAccess.back': 'Go to the dashboard',
  // A record's history (issue 26.2); its other texts load with it (./history).
  'kit.history.title': 'History',
  'The request was made but no response was received': 'The request was made but no response was received',
  'Something went wrong on the server. Please try again.': 'Something went wrong on the server. Please try again.',
  'kit.column.organisation': 'Organisation',
  'kit.column.createdAt': 'Date Added',
  // Validation messages of the shared schemas that several areas show.
  'Name is required': 'Name is required',
  'Description is required': 'Description is required',
  'Description must be at least 2 characters': 'Description must be at least 2 characters',
  'Name must be at least 2 characters': 'Name must be at least 2 characters',
  'Phone is required': 'Phone is required',
  'Phone must be a valid phone number, e.g. 0712 345 678 or +254 712 345 678': 'Phone must be a valid phone number, e.g. 0712 345 678 or +254 712 345 678',
  // The date box's format and calendar button (issue 28.2).
  ...inputMessages('en'),
  ...listMessages('en'),
  ...smsPreviewMessages('en'),
  // The server's 403 texts (issue 25), one per permission.
  ...noPermissionMessages(),
  // The SMS schemas' messages, shared by the messaging and campaigns forms (kit 3.5.0).
  'Message is required': 'Message is required',
  'Message must be at least 2 characters': 'Message must be at least 2 characters',
  'Choose a group from the list': 'Choose a group from the list',
};
export default messages;
