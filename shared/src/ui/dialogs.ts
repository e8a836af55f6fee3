import { App } from 'antd';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { errorText } from '@ushirika/shared/api';
import type { StaleSave } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { usePartnerTimeZone } from '@ushirika/shared/session';
import { formatDateTime } from './format';

export interface ConfirmOptions {
  /** English texts (catalogue ids), e.g. 'Are you sure you want to discard a member from this group?'. */
  title: string;
  text: string;
  okText: string;
}

export interface Dialogs {
  /**
   * 'Awesome!' with the success icon and `text` (an English catalogue id such as 'New meeting saved successfully!').
   * Resolves when the user closes it: await it before leaving the signed-in screens, which take the dialog along.
   */
  success: (text: string) => Promise<void>;
  /** 'Error!' with spec 8's text for `error` (see errorText). */
  error: (error: unknown) => void;
  /** Resolves true when the user confirms, false when they cancel or close. */
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  /**
   * A save refused because someone changed the record after the form read it: who and when, and the choice to
   * reload it (true) or to keep the form as typed (false), to copy what was typed before reloading.
   */
  stale: (answer: StaleSave) => Promise<boolean>;
}

/**
 * The product's dialogs (spec 8). Built on antd's App context rather than static Modal calls, so
 * they carry the theme and language of ScreenProviders, also inside a federated remote.
 */
export function useDialogs(): Dialogs {
  const { modal } = App.useApp();
  const intl = useIntl();
  const timeZone = usePartnerTimeZone();
  return useMemo(() => {
    const say = (text: string) => translateText(intl, text);
    return {
      success: (text) =>
        new Promise<void>((resolve) => {
          modal.success({ title: intl.formatMessage({ id: 'kit.dialog.success' }), content: say(text), afterClose: resolve });
        }),
      error: (error) => {
        modal.error({ title: intl.formatMessage({ id: 'kit.dialog.error' }), content: say(errorText(error)) });
      },
      confirm: ({ title, text, okText }) =>
        new Promise<boolean>((resolve) => {
          modal.confirm({
            title: say(title),
            content: say(text),
            okText: say(okText),
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
      stale: ({ changedBy, changedAt }) =>
        new Promise<boolean>((resolve) => {
          const at = formatDateTime(changedAt, intl.locale, timeZone);
          modal.confirm({
            title: intl.formatMessage({ id: 'kit.stale.title' }),
            content: changedBy ? intl.formatMessage({ id: 'kit.stale.text' }, { name: changedBy, at }) : intl.formatMessage({ id: 'kit.stale.textSomeone' }, { at }),
            okText: intl.formatMessage({ id: 'kit.stale.reload' }),
            cancelText: intl.formatMessage({ id: 'kit.stale.keep' }),
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
    };
  }, [modal, intl, timeZone]);
}
