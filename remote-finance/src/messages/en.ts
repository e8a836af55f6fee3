/**
 * The Finance area's own texts: those its ledger screens share (channels, the income and expense forms'
 * messages, allocation). Each resource's texts live in its description; the reports' in src/reports.
 * Semantic ids for labels; the English text as id for texts that also come from a schema or the server
 * (see shared/src/i18n/messages/README.md).
 */
const messages: Record<string, string> = {
  'finance.channel.CASH': 'CASH',
  'finance.channel.M-PESA': 'M-PESA',
  'finance.channel.ACCOUNT': 'ACCOUNT',
  'finance.channel.CHEQUE': 'CHEQUE',
  'mpesa.title': 'Mpesa',
  'mpesa.allocate.button': 'Allocate Accounts',
  'mpesa.rules': 'Account references',
  'mpesa.column.sender': 'Sender',
  'mpesa.column.msisdn': 'Mobile',
  'mpesa.column.amount': 'Amount',
  'mpesa.column.trxnid': 'Trx id',
  'mpesa.column.trxTime': 'Trx Time',
  'mpesa.column.billRef': 'Account reference',
  'mpesa.column.allocatedTo': 'Allocated to',
  'mpesa.notAllocated': 'Not allocated',
  'mpesa.allocatedByRule': 'by rule',
  'mpesa.waitingOnly': 'Waiting for allocation only',
  // The total of a filtered income or expense list (issue 28.3: ledger-columns.tsx ledgerTotal).
  'finance.total': 'Total (all pages)',
  'mpesa.allocate.title': 'Allocate Accounts',
  'mpesa.allocate.account': 'Select Account',
  'mpesa.allocate.hint': 'Tick the payments to allocate (the box in the header ticks every payment of the page), choose an income account, then Submit.',
  // A payment flagged for a person (the server's reasons: api/src/finance/mpesa/daraja.ts CHECK_REASONS).
  'mpesa.toCheck': 'To check',
  'mpesa.checked': 'Checked',
  'MSISDN is missing': 'No mobile number',
  'BillRefNumber is longer than 100 characters': 'Account reference longer than 100 characters',
  'TransTime is not a time from 1900 to 2100: the time shown is when the payment arrived':
    "M-Pesa's time is not from 1900 to 2100: the time shown is when the payment arrived",
  'Some details were not text or too long and were cut: the raw callback is kept': 'Some details could not be read or were too long, and were cut',
  'Another payment has the same TransID in other letter case': 'Another payment has the same Trx id in other letter case: it may be counted twice',
  "BusinessShortCode is not one of the partner's short codes": "Paid to a short code that is not one of the partner's: check where it belongs",
  'A repeat of this TransID came with another amount, payer or short code: the raw callbacks are kept':
    'A repeat of this payment came with another amount, payer or short code: compare them before allocating it',
  // The income and expense forms' messages (shared schemas, spec 5), and the server's about their accounts.
  'Amount is required': 'Amount is required',
  'Amount must be a positive amount with at most two decimals': 'Amount must be a positive amount with at most two decimals',
  'Amount must be more than 0': 'Amount must be more than 0',
  'Account is required': 'Account is required',
  'Channel is required': 'Channel is required',
  'Channel must be one of CASH, M-PESA, ACCOUNT or CHEQUE': 'Channel must be one of CASH, M-PESA, ACCOUNT or CHEQUE',
  'Date of Transaction is required': 'Date of Transaction is required',
  'Date of transaction must be a valid date in the format YYYY-MM-DD': 'Date of transaction must be a valid date in the format YYYY-MM-DD',
  'This field is required': 'This field is required',
  'Payment for must be at most 200 characters': 'Payment for must be at most 200 characters',
  'Reference is required': 'Reference is required',
  'Reference must be at least 2 characters': 'Reference must be at least 2 characters',
  'Reference must be at most 200 characters': 'Reference must be at most 200 characters',
  'Name must be at most 100 characters': 'Name must be at most 100 characters',
  'Field is required': 'Field is required',
  'Choose an income account from the list': 'Choose an income account from the list',
  'Select at least one transaction': 'Select at least one transaction',
  'Some of the selected payments were already allocated or are not yours; reload the list and choose again':
    'Some of the selected payments were already allocated or are not yours; reload the list and choose again',
};
export default messages;
