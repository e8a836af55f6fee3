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
  'kit.pager.label': 'Pages',
  'kit.pager.status': 'showing page {page} of {pages}',
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
  'kit.notFound.title': 'Page not found',
  'kit.notFound.text': 'There is no page at this address.',
  'kit.notFound.back': 'Go to the dashboard',
  'The request was made but no response was received': 'The request was made but no response was received',
  'Something went wrong on the server. Please try again.': 'Something went wrong on the server. Please try again.',
  'kit.column.organisation': 'Organisation',
  'kit.column.createdAt': 'Date Added',
  // Validation messages of the shared schemas that several areas show.
  'Name is required': 'Name is required',
  'Description is required': 'Description is required',
  'Description must be at least 2 characters': 'Description must be at least 2 characters',
};
export default messages;
