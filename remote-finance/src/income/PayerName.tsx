import type { Income } from '@ushirika/shared/contract';
import { PersonLink } from '@ushirika/shared/ui';
import { FormattedMessage } from 'react-intl';

/**
 * The income list's payer (issue 28): the names, opening the contact's page when the income is linked to one;
 * 'Loose offering' for an income with no contributor (issue 28.2).
 */
export function PayerName({ income }: { income: Pick<Income, 'firstName' | 'lastName' | 'MemberId'> }) {
  const names = `${income.firstName} ${income.lastName}`.trim();
  if (names === '') return <FormattedMessage id="incomes.looseOffering" />;
  return <PersonLink id={income.MemberId}>{names}</PersonLink>;
}
