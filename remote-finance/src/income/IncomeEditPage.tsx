import { incomesEndpoint, type Income } from '@ushirika/shared/contract';
import { EditRecord, ResourceFormPage, usePermitted } from '@ushirika/shared/ui';
import { INCOME_PATH } from '../paths';
import { IncomeContact } from './IncomeContact';
import { incomes } from './resource';

/**
 * 'Edit Income': the kit's form, keyed by the income's version (a save refused over a newer one starts it
 * again from the newer values), and for an income allocated from an M-Pesa payment its contact (issue 31.3), for
 * those who may link it (finance.allocate).
 */
export function IncomeEditPage() {
  const linksContacts = usePermitted('finance.allocate');
  return (
    <EditRecord<Income> endpoint={incomesEndpoint} backTo={INCOME_PATH}>
      {(income, reload) => (
        <>
          <ResourceFormPage key={String(income.version)} resource={incomes} record={income} reload={reload} />
          {linksContacts && income.onlineTransactionId !== null && <IncomeContact key={`contact-${income.version}`} income={income} changed={reload} />}
        </>
      )}
    </EditRecord>
  );
}
