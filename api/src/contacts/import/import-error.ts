/**
 * A file that cannot be imported at all (too large, unreadable, no usable header). Its message is
 * meant for the user; the import route answers it as 400 with the message as `status_msg`.
 * Problems of single rows are not errors: they are listed per row in the preview.
 */
export class ContactImportError extends Error {
  override readonly name = 'ContactImportError';
}
