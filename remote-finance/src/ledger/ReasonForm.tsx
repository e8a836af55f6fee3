import { translateText } from '@ushirika/shared/i18n';
import { Button, Flex, Form, Input } from 'antd';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

export interface ReasonFormProps {
  /** The refusal of an empty reason (an English catalogue id: the server's own text). */
  required: string;
  /** The confirming button's text id. */
  confirm: string;
  danger?: boolean;
  /** Called with the trimmed reason; the form is busy until it settles. */
  onConfirm: (reason: string) => Promise<void>;
  onCancel: () => void;
}

/** Why (a reversal, a month reopened): the reason, required, and the buttons that confirm or cancel. */
export function ReasonForm({ required, confirm, danger, onConfirm, onCancel }: ReasonFormProps) {
  const intl = useIntl();
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!reason.trim()) {
      setProblem(required);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(reason.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form layout="vertical" component={false}>
      <Form.Item
        label={<FormattedMessage id="ledger.field.reason" />}
        htmlFor={id}
        required
        validateStatus={problem ? 'error' : undefined}
        help={problem ? translateText(intl, problem) : undefined}
      >
        <Input.TextArea
          id={id}
          rows={3}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setProblem(undefined);
          }}
        />
      </Form.Item>
      <Flex gap={8}>
        <Button type="primary" danger={danger} loading={busy} disabled={busy} onClick={() => void submit()}>
          <FormattedMessage id={confirm} />
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          <FormattedMessage id="kit.form.cancel" />
        </Button>
      </Flex>
    </Form>
  );
}
