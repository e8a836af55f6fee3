import { CalendarOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useRef, useState, type CSSProperties } from 'react';
import { useIntl } from 'react-intl';
import { useSession } from '@ushirika/shared/session';
import { dateOrderOf, dateText, readDateText, type DateOrder } from './date-order';

export interface DateInputProps {
  /** YYYY-MM-DD, or '' for none (an antd Form.Item hands it in, and may hand none before its field has a value). */
  value?: string;
  /** Called with YYYY-MM-DD, or '' when cleared; text that is no date yet is not handed on. Optional: a Form.Item gives it. */
  onChange?: (value: string) => void;
  id?: string;
  'aria-label'?: string;
  /** The ids of the texts that describe the box (its field's message and hint: the form fields pass them). */
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  status?: 'error';
  onBlur?: () => void;
}

/** The signed-in partner's date order: day first, month first in the United States (`dateOrderOf`). */
export const usePartnerDateOrder = (): DateOrder => useSession((state) => dateOrderOf(state.user?.Partner.country));

/** The calendar's own date input: there for its picker only, under the button, out of sight and of the tab order. */
const PICKER_STYLE: CSSProperties = { position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, padding: 0, border: 0, opacity: 0, pointerEvents: 'none' };

/**
 * A date box in the partner's date format (dd/mm/yyyy, mm/dd/yyyy in the United States) in every language and
 * whatever the browser's locale, which a native date input follows: it shows the value in that order and reads
 * what is typed in it ('5/1/2026' is 5 January in Kenya). A calendar button beside it opens the browser's date
 * picker. Text that is not a date when the box is left gives way to the value again.
 */
export function DateInput({ value: given, onChange, onBlur, status, ...aria }: DateInputProps) {
  // An antd Form.Item hands its child `undefined` before its field has a value.
  const value = given ?? '';
  const intl = useIntl();
  const order = usePartnerDateOrder();
  // What the user is typing, while it differs from the value's text (null: show the value).
  const [typed, setTyped] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  const type = (text: string) => {
    setTyped(text);
    const date = readDateText(text, order);
    if (date !== null && date !== value) onChange?.(date);
  };
  const openPicker = () => {
    const input = picker.current;
    try {
      input?.showPicker();
    } catch {
      // No picker in this browser (or not allowed now): the date can still be typed.
    }
  };

  return (
    <div style={{ position: 'relative', width: '100%' }}>
      <Space.Compact block>
        <Input
          {...aria}
          autoComplete="off"
          status={status}
          placeholder={intl.formatMessage({ id: `kit.date.format.${order}` })}
          value={typed ?? dateText(value, order)}
          onChange={(event) => type(event.target.value)}
          onBlur={() => {
            setTyped(null);
            onBlur?.();
          }}
        />
        <Button icon={<CalendarOutlined aria-hidden />} aria-label={intl.formatMessage({ id: 'kit.date.calendar' })} onClick={openPicker} />
      </Space.Compact>
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        style={PICKER_STYLE}
        value={value}
        onChange={(event) => {
          setTyped(null);
          onChange?.(event.target.value);
        }}
      />
    </div>
  );
}
