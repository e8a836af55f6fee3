import { DEFAULT_CURRENCY, groupedMoney, moneyValue } from '@ushirika/shared/ui';
import { Input } from 'antd';
import { useState } from 'react';

export interface AmountInputProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** Whole shillings only (an M-Pesa prompt): the phone's keypad without a decimal point. */
  whole?: boolean;
}

/**
 * An amount of money in an antd form, as people type it ('1,500', '1 500.50'), held as the exact decimal text
 * ('1500.50') and shown grouped when not being typed in: the kit's MoneyField's behaviour (moneyValue,
 * groupedMoney) for an antd form. Text that is no amount stays as typed, for the form's rule to say what is wrong.
 */
export function AmountInput({ id, value = '', onChange, whole = false }: AmountInputProps) {
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <Input
      id={id}
      inputMode={whole ? 'numeric' : 'decimal'}
      autoComplete="off"
      prefix={DEFAULT_CURRENCY}
      value={typed ?? groupedMoney(value)}
      onFocus={() => setTyped(groupedMoney(value))}
      onChange={(event) => {
        setTyped(event.target.value);
        onChange?.(moneyValue(event.target.value));
      }}
      onBlur={() => setTyped(null)}
    />
  );
}
