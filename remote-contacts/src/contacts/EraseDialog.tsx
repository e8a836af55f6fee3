import { contactEraseSchema, validateFirstErrorSync } from '@ushirika/shared/validation';
import { translateText } from '@ushirika/shared/i18n';
import { App, Input, Typography } from 'antd';
import { useCallback, useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';

/** What the dialog's form and its OK button share: the reason as typed, and how to show its message. */
interface ReasonEntry {
  typed: (reason: string) => void;
  showsErrorWith: (show: (message: string | undefined) => void) => void;
}

/** A dialog's entry: the form reports what is typed, the OK button reads it and shows a refusal in the form. */
function reasonEntry() {
  let reason = '';
  let show: (message: string | undefined) => void = () => undefined;
  const entry: ReasonEntry = {
    typed: (text) => {
      reason = text;
    },
    showsErrorWith: (setter) => {
      show = setter;
    },
  };
  return { entry, reason: () => reason, showError: (message: string) => show(message) };
}

/** The dialog's texts, already translated: antd's dialogs render outside the area's texts (AreaTexts). */
interface EraseTexts {
  erased: string;
  kept: string;
  final: string;
  reason: string;
  reasonHint: string;
}

/** What is erased, what is kept, and the required reason. */
function EraseForm({ entry, texts }: { entry: ReasonEntry; texts: EraseTexts }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  useEffect(() => entry.showsErrorWith(setError), [entry]);
  return (
    <>
      <Typography.Paragraph>{texts.erased}</Typography.Paragraph>
      <Typography.Paragraph>{texts.kept}</Typography.Paragraph>
      <Typography.Paragraph strong>{texts.final}</Typography.Paragraph>
      <label htmlFor={`${id}-reason`}>
        <Typography.Text strong>{texts.reason}</Typography.Text>
      </label>
      <Input.TextArea
        id={`${id}-reason`}
        rows={3}
        value={reason}
        status={error ? 'error' : undefined}
        aria-invalid={error !== undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          setReason(event.target.value);
          entry.typed(event.target.value);
          setError(undefined);
        }}
      />
      <Typography.Text type="secondary" id={`${id}-hint`}>
        {texts.reasonHint}
      </Typography.Text>
      {error && (
        <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 8, marginBottom: 0 }}>
          {error}
        </Typography.Paragraph>
      )}
    </>
  );
}

/**
 * Returns `ask()`: the erasure's confirmation (issue 26.5). It says what is erased and what is kept and takes the
 * reason the activity log keeps (checked with the server's schema, its messages). Resolves the reason when the
 * owner confirms, null when they cancel.
 */
export function useEraseDialog(): () => Promise<string | null> {
  const { modal } = App.useApp();
  const intl = useIntl();
  return useCallback(() => {
    const say = (id: string) => intl.formatMessage({ id });
    const texts: EraseTexts = {
      erased: say('contacts.erase.erased'),
      kept: say('contacts.erase.kept'),
      final: say('contacts.erase.final'),
      reason: say('contacts.erase.reason'),
      reasonHint: say('contacts.erase.reasonHint'),
    };
    return new Promise<string | null>((resolve) => {
      const { entry, reason, showError } = reasonEntry();
      modal.confirm({
        title: say('contacts.erase.title'),
        content: <EraseForm entry={entry} texts={texts} />,
        okText: say('contacts.erase.confirm'),
        okButtonProps: { danger: true },
        cancelText: say('kit.form.cancel'),
        width: 560,
        // Given `close`, the dialog stays open until the reason is valid.
        onOk: (close: () => void) => {
          const checked = validateFirstErrorSync(contactEraseSchema, { reason: reason() });
          if (!checked.ok) {
            showError(translateText(intl, checked.message));
            return;
          }
          close();
          resolve(checked.value.reason);
        },
        onCancel: () => resolve(null),
      });
    });
  }, [modal, intl]);
}
