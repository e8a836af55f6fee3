/**
 * A Safaricom Daraja C2B callback body (validation or confirmation; ../shared/INTEGRATIONS.md): a paybill
 * payment of 750.00 by Amina W Wanjiru from 254712345678 for 'OFFERING', with the fields given instead.
 * The one builder the API tests, the crash tests and the benchmarks share.
 */
export const darajaPayment = (fields: { TransID: string; BusinessShortCode: string } & Record<string, unknown>) => ({
  TransactionType: 'Pay Bill',
  TransTime: '20260301103000',
  TransAmount: '750.00',
  BillRefNumber: 'OFFERING',
  InvoiceNumber: '',
  OrgAccountBalance: '49197.00',
  ThirdPartyTransID: '',
  MSISDN: '254712345678',
  FirstName: 'Amina',
  MiddleName: 'W',
  LastName: 'Wanjiru',
  ...fields,
});
