import { expensesEndpoint, incomesEndpoint, type Expense, type Income } from '@ushirika/shared/contract';
import { EditRecord, lazyScreen, RecordHistory, usePermitted } from '@ushirika/shared/ui';
import { IncomeContact } from '../income/IncomeContact';
import { EntryNotice } from './EntryStatus';
import { LEDGERS, type LedgerKind } from './ledgers';
import { ReverseAction } from './ReverseAction';

// The form module (formik, the validation kit) loads when an edit screen first opens: the lists never download it.
const LedgerForm = lazyScreen(() => import('./LedgerForm'), 'LedgerForm');

type Entry = Income | Expense;

/**
 * 'Edit Income' / 'Edit Expense' (issue 26.3): the entry as the server has it, its form (keyed by the entry and
 * its version: a correction opens the new entry, a save refused over a newer version starts again from it) with
 * what the entry is (reversed, reversing, a correction), 'Reverse' for a posted entry, an M-Pesa income's contact
 * for those who may link it (finance.allocate, issue 31.3), and the entry's own history (issue 26.2).
 */
export function LedgerEditPage({ kind }: { kind: LedgerKind }) {
  const linksContacts = usePermitted('finance.allocate');
  const { resource, path } = LEDGERS[kind];
  const endpoint = (kind === 'income' ? incomesEndpoint : expensesEndpoint) as typeof incomesEndpoint | typeof expensesEndpoint;
  return (
    <EditRecord<Entry> endpoint={endpoint as never} backTo={resource.routes.list}>
      {(entry, reload) => (
        <>
          <LedgerForm key={`${entry.id}:${entry.version}`} kind={kind} entry={entry} reload={reload} notice={<EntryNotice entry={entry} />} />
          {kind === 'income' && linksContacts && (entry as Income).onlineTransactionId !== null && (
            <IncomeContact key={`contact-${entry.version}`} income={entry as Income} changed={reload} />
          )}
          {entry.status === 'posted' && <ReverseAction key={`reverse-${entry.id}:${entry.version}`} kind={kind} entry={entry} changed={reload} />}
          <RecordHistory path={path} id={entry.id} />
        </>
      )}
    </EditRecord>
  );
}

/** 'Edit Income' (kept by name: the area's routes and tests open it so). */
export const IncomeEditPage = () => <LedgerEditPage kind="income" />;
export const ExpenseEditPage = () => <LedgerEditPage kind="expense" />;
