import { GENDER_LABELS, GENDERS, type Gender } from '@ushirika/shared/contract';
import { FormattedMessage } from 'react-intl';

const isGender = (value: string): value is Gender => (GENDERS as readonly string[]).includes(value);

/** A gender code as its word in the user's language ('M' -> 'Male'); an unknown code as it came. */
export function GenderText({ value }: { value: string }) {
  return isGender(value) ? <FormattedMessage id={GENDER_LABELS[value]} /> : <>{value}</>;
}
