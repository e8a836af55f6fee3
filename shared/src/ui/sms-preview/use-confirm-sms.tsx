import { errorText } from '@ushirika/shared/api';
import { translateText } from '@ushirika/shared/i18n';
import { Alert, App, Flex, Spin, Typography } from 'antd';
import { useCallback, type ReactNode } from 'react';
import { RawIntlProvider, useIntl } from 'react-intl';
import type { SmsPreviewFacts } from './facts';
import { loadSmsPreview } from './lazy';

/** What a send the user cancelled at its preview throws (the message is the catalogue id of what it says). */
export const NOTHING_SENT = 'Nothing was sent';

/**
 * The error a save throws when the user cancelled its SMS preview: an `AbortError`, which a form takes as "not
 * saved, nothing to report" (its text, 'Nothing was sent', is what an older form shows instead).
 */
export function nothingSent(): Error {
  const error = new Error(NOTHING_SENT);
  error.name = 'AbortError';
  return error;
}

/** True for `nothingSent()`'s error. */
export const isNothingSent = (error: unknown) => error instanceof Error && error.name === 'AbortError' && error.message === NOTHING_SENT;

export interface ConfirmSmsOptions {
  /**
   * Where the text can be changed (a message box): replaces its typographic characters with plain ones. The dialog
   * then closes without sending, and the screen shows the new cost; the user sends again.
   */
  onReplace?: () => void;
}

/** Asks what a send would do, shows it, and resolves true only when the user confirms it. */
export type ConfirmSms = (quote: () => Promise<SmsPreviewFacts>, options?: ConfirmSmsOptions) => Promise<boolean>;

/**
 * One preview-and-confirm for every SMS the product sends on a user's click (issue 28.5): a new message, a
 * resend, a giving statement. The dialog opens at once, asks `quote` (the server's figures; nothing is queued),
 * then shows `SmsPreview`: the text, the recipients, the parts and the units against the balance. 'Confirm and
 * send' resolves true; Cancel, closing, or a quote that failed resolve false, and the caller sends nothing. Send
 * is off while the figures load, when they could not be had, and when the balance is short.
 *
 * Built on antd's App dialogs (like `useDialogs`), so it carries the theme; the texts of the calling screen go with
 * its content (the dialog renders above the area's texts).
 */
export function useConfirmSms(): ConfirmSms {
  const { modal } = App.useApp();
  const intl = useIntl();
  return useCallback<ConfirmSms>(
    (quote, options = {}) =>
      new Promise<boolean>((resolve) => {
        let answered = false;
        const answer = (confirmed: boolean) => {
          if (answered) return;
          answered = true;
          resolve(confirmed);
        };
        const body = (content: ReactNode) => <RawIntlProvider value={intl}>{content}</RawIntlProvider>;
        const dialog = modal.confirm({
          title: intl.formatMessage({ id: 'kit.sms.title' }),
          width: 600,
          content: body(
            <Flex align="center" gap={8} role="status">
              <Spin size="small" />
              <Typography.Text type="secondary">{intl.formatMessage({ id: 'kit.sms.loading' })}</Typography.Text>
            </Flex>,
          ),
          okText: intl.formatMessage({ id: 'kit.sms.confirm' }),
          cancelText: intl.formatMessage({ id: 'kit.sms.cancel' }),
          okButtonProps: { disabled: true },
          onOk: () => answer(true),
          onCancel: () => answer(false),
          afterClose: () => answer(false),
        });
        const { onReplace } = options;
        const replace = onReplace
          ? () => {
              onReplace();
              answer(false);
              dialog.destroy();
            }
          : undefined;
        // The figures, and the preview's module (loaded with the first preview), together.
        Promise.all([quote(), loadSmsPreview()]).then(
          ([facts, { SmsPreview, previewFigures }]) => {
            if (answered) return;
            const { short } = previewFigures(facts);
            dialog.update({ content: body(<SmsPreview facts={facts} onReplace={replace} />), okButtonProps: { disabled: short } });
          },
          (error: unknown) => {
            if (answered) return;
            const reason = translateText(intl, errorText(error));
            dialog.update({ content: body(<Alert type="error" showIcon title={intl.formatMessage({ id: 'kit.sms.failed' }, { reason })} />) });
          },
        );
      }),
    [modal, intl],
  );
}
