/** 'Edit Income': the ledger's edit screen of an income (corrections, reversal, its M-Pesa contact, its history; ../ledger). */
export { IncomeEditPage } from '../ledger/LedgerEditPage';
