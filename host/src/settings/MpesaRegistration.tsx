import { CloudUploadOutlined } from '@ant-design/icons';
import { Alert, Card, Descriptions, Flex, Radio, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { RESPONSE_TYPES, type MpesaSetup, type ResponseType } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { usePartnerTimeZone } from '@ushirika/shared/session';
import { ActionButton, DateTimeText } from '@ushirika/shared/ui';
import { registerMpesaUrls } from './mpesa-api';
import { useSaveSetup, useShowSetup } from './mpesa-setup';

/** One line of a registration's answer, 'short code: words' (one per short code), the words translated when known. */
function answerLine(intl: IntlShape, line: string): string {
  const perCode = /^(\d{5,7}): (.*)$/.exec(line);
  return perCode ? `${perCode[1]}: ${translateText(intl, perCode[2] ?? '')}` : translateText(intl, line);
}

/** The last RegisterURL's answer, kept by the server: registered or not, Safaricom's words (or what to do), when. */
function LastRegistration({ registration }: { registration: NonNullable<MpesaSetup['registration']> }) {
  const intl = useIntl();
  const timeZone = usePartnerTimeZone();
  return (
    <Alert
      role="status"
      type={registration.ok ? 'success' : 'warning'}
      showIcon
      title={<FormattedMessage id={registration.ok ? 'settings.mpesa.register.ok' : 'settings.mpesa.register.failed'} />}
      description={
        <Flex vertical gap={4}>
          {registration.message.split('\n').map((line, index) => (
            <span key={index}>{answerLine(intl, line)}</span>
          ))}
          <Typography.Text type="secondary">
            <FormattedMessage id="settings.mpesa.register.at" values={{ at: <DateTimeText value={registration.at} timeZone={timeZone} /> }} />
          </Typography.Text>
        </Flex>
      }
    />
  );
}

/** What Safaricom does with a payment when our validation cannot answer: changing it saves at once and applies from the next registration. */
function ResponseTypeChoice({ value }: { value: ResponseType }) {
  const intl = useIntl();
  const save = useSaveSetup();
  const [saving, setSaving] = useState(false);
  const change = async (responseType: ResponseType) => {
    setSaving(true);
    await save({ responseType }, 'settings.mpesa.saved');
    setSaving(false);
  };
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong id="mpesa-response-type">
        <FormattedMessage id="settings.mpesa.responseType" />
      </Typography.Text>
      <Radio.Group aria-labelledby="mpesa-response-type" value={value} disabled={saving} onChange={(event) => void change(event.target.value as ResponseType)}>
        <Flex vertical gap={8}>
          {RESPONSE_TYPES.map((type) => (
            <Radio key={type} value={type}>
              <Typography.Text>{intl.formatMessage({ id: `settings.mpesa.responseType.${type}` })}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{intl.formatMessage({ id: `settings.mpesa.responseType.${type}.hint` })}</Typography.Text>
            </Radio>
          ))}
        </Flex>
      </Radio.Group>
      <Typography.Text type="secondary">
        <FormattedMessage id="settings.mpesa.responseType.hint" />
      </Typography.Text>
    </Flex>
  );
}

/**
 * Section 3: the C2B URLs Safaricom sends payments to (or why they are not known yet), the response type, 'Register
 * with Safaricom' (C2B RegisterURL), and the last registration's answer.
 */
export function MpesaRegistration({ setup }: { setup: MpesaSetup }) {
  const showSetup = useShowSetup();
  const known = setup.confirmationUrl !== null && setup.validationUrl !== null;
  return (
    <Card title={<FormattedMessage id="settings.mpesa.register.title" />}>
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">
          <FormattedMessage id="settings.mpesa.register.intro" />
        </Typography.Text>
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            {
              key: 'shortCodes',
              label: <FormattedMessage id="settings.mpesa.shortCodes" />,
              children: setup.shortCodes.length > 0 ? setup.shortCodes.join(', ') : <FormattedMessage id="settings.mpesa.shortCodes.none" />,
            },
            ...(known
              ? [
                  {
                    key: 'confirmation',
                    label: <FormattedMessage id="settings.mpesa.confirmationUrl" />,
                    children: <Typography.Text code>{setup.confirmationUrl}</Typography.Text>,
                  },
                  {
                    key: 'validation',
                    label: <FormattedMessage id="settings.mpesa.validationUrl" />,
                    children: <Typography.Text code>{setup.validationUrl}</Typography.Text>,
                  },
                ]
              : []),
          ]}
        />
        {!known && (
          <Alert
            type="info"
            showIcon
            title={<FormattedMessage id="settings.mpesa.urls.unknown" />}
            description={<FormattedMessage id="settings.mpesa.urls.unknown.text" />}
          />
        )}
        <ResponseTypeChoice value={setup.responseType} />
        {known && (
          <div>
            <ActionButton
              labelId="settings.mpesa.register.run"
              icon={<CloudUploadOutlined aria-hidden />}
              confirm={{ title: 'settings.mpesa.register.confirm.title', text: 'settings.mpesa.register.confirm.text', okText: 'settings.mpesa.register.confirm.ok' }}
              run={async () => {
                const registration = await registerMpesaUrls();
                showSetup((shown) => ({ ...shown, registration }));
              }}
            />
          </div>
        )}
        {setup.registration && <LastRegistration registration={setup.registration} />}
      </Flex>
    </Card>
  );
}
