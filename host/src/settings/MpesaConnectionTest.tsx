import { ApiOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ConnectionTest } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { useDialogs } from '@ushirika/shared/ui';
import { testMpesaConnection } from './mpesa-api';

/** Section 2: 'Test connection' asks Daraja for a token with the saved keys and shows what came of it, in words. */
export function MpesaConnectionTest() {
  const intl = useIntl();
  const dialogs = useDialogs();
  const [testing, setTesting] = useState(false);
  const [answer, setAnswer] = useState<ConnectionTest | null>(null);
  const test = async () => {
    setTesting(true);
    setAnswer(null);
    try {
      setAnswer(await testMpesaConnection());
    } catch (error) {
      dialogs.error(error);
    } finally {
      setTesting(false);
    }
  };
  return (
    <Card title={<FormattedMessage id="settings.mpesa.test.title" />}>
      <Flex vertical gap={12} align="flex-start">
        <Typography.Text type="secondary">
          <FormattedMessage id="settings.mpesa.test.intro" />
        </Typography.Text>
        <Button icon={<ApiOutlined aria-hidden />} loading={testing} onClick={() => void test()}>
          <FormattedMessage id="settings.mpesa.test.run" />
        </Button>
        {answer && (
          <Alert
            role="status"
            type={answer.ok ? 'success' : 'error'}
            showIcon
            title={<FormattedMessage id={answer.ok ? 'settings.mpesa.test.ok' : 'settings.mpesa.test.failed'} />}
            description={translateText(intl, answer.message)}
          />
        )}
      </Flex>
    </Card>
  );
}
