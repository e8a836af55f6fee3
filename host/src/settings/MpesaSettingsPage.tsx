import { Alert, Flex, Skeleton } from 'antd';
import { FormattedMessage } from 'react-intl';
import { LoadFailed, PageHeader } from '@ushirika/shared/ui';
import { useFirstScreenReady } from '../layout/boot-loader';
import { ScreenTexts } from '../screen-texts/ScreenTexts';
import { MpesaCallbacks } from './MpesaCallbacks';
import { MpesaConnectionTest } from './MpesaConnectionTest';
import { MpesaCredentials } from './MpesaCredentials';
import { MpesaGivingSettings } from './MpesaGivingSettings';
import { MpesaRegistration } from './MpesaRegistration';
import { useMpesaSetup } from './mpesa-setup';

/**
 * Settings → M-Pesa (issue 29; mpesa.configure: owners and treasurers): the partner's Daraja credentials (secrets
 * written, never shown), a connection test, the C2B URLs registered with Safaricom, the public giving page, and the
 * callbacks that need a person, each to replay. While prompts go to the development simulator, a banner says so.
 */
function MpesaSettingsScreen() {
  useFirstScreenReady();
  const setup = useMpesaSetup();
  return (
    <>
      <PageHeader title="settings.mpesa.title" parent="menu.settings" />
      {setup.data ? (
        <Flex vertical gap={16}>
          {!setup.data.live && (
            <Alert
              type="warning"
              showIcon
              title={<FormattedMessage id="settings.mpesa.simulator" />}
              description={<FormattedMessage id="settings.mpesa.simulator.text" />}
            />
          )}
          <MpesaCredentials setup={setup.data} />
          <MpesaConnectionTest />
          <MpesaRegistration setup={setup.data} />
          <MpesaGivingSettings setup={setup.data} />
          <MpesaCallbacks />
        </Flex>
      ) : setup.error && !setup.isFetching ? (
        <LoadFailed error={setup.error} onRetry={() => void setup.refetch()} />
      ) : (
        <div role="status" aria-busy="true">
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      )}
    </>
  );
}

/** The screen with its texts, which load with it (host/src/screen-texts). */
export function MpesaSettingsPage() {
  return (
    <ScreenTexts>
      <MpesaSettingsScreen />
    </ScreenTexts>
  );
}
