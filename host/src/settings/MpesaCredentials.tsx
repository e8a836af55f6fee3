import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Input, Radio, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DARAJA_ENVIRONMENTS, DARAJA_SECRETS, EXPRESS_TRANSACTION_TYPES, type DarajaSecret, type MpesaSetup } from '@ushirika/shared/contract';
import { useDialogs } from '@ushirika/shared/ui';
import { credentialChanges, credentialValues, INITIATOR_MAX_LENGTH, lengthError, SECRET_MAX_LENGTH, shortCodeError, TILL, type CredentialValues } from './mpesa-form';
import { useCheck, useSaveSetup } from './mpesa-setup';

const FORM_NAME = 'mpesa-credentials';
/** The id antd gives the input of the form's field `name`, for a label that is not the field's own Form.Item. */
const inputId = (name: string) => `${FORM_NAME}_${name}`;

/**
 * A secret: written, never read back. Says whether one is stored; what is typed replaces it on Save; Remove (after a
 * question) deletes it at once.
 */
function SecretField({ secret, stored, onRemove }: { secret: DarajaSecret; stored: boolean; onRemove: (secret: DarajaSecret) => Promise<void> }) {
  const intl = useIntl();
  const check = useCheck();
  const [removing, setRemoving] = useState(false);
  const name = intl.formatMessage({ id: `settings.mpesa.${secret}` });
  const remove = async () => {
    setRemoving(true);
    try {
      await onRemove(secret);
    } finally {
      setRemoving(false);
    }
  };
  return (
    <Form.Item
      label={name}
      htmlFor={inputId(secret)}
      extra={
        <Flex gap={8} align="center" wrap>
          <Tag color={stored ? 'green' : undefined} style={{ marginInlineEnd: 0 }}>
            <FormattedMessage id={stored ? 'settings.mpesa.secret.stored' : 'settings.mpesa.secret.notSet'} />
          </Tag>
          <FormattedMessage id={stored ? 'settings.mpesa.secret.replace' : 'settings.mpesa.secret.enter'} />
        </Flex>
      }
    >
      <Space.Compact style={{ width: '100%', maxWidth: 520 }}>
        <Form.Item noStyle name={secret} rules={[check(lengthError(SECRET_MAX_LENGTH))]}>
          <Input.Password autoComplete="new-password" spellCheck={false} />
        </Form.Item>
        {stored && (
          <Button
            danger
            icon={<DeleteOutlined aria-hidden />}
            loading={removing}
            aria-label={intl.formatMessage({ id: 'settings.mpesa.secret.removeNamed' }, { name })}
            onClick={() => void remove()}
          >
            <FormattedMessage id="settings.mpesa.secret.remove" />
          </Button>
        )}
      </Space.Compact>
    </Form.Item>
  );
}

/**
 * Section 1: the partner's Daraja app (environment, the Express short code, paybill or till, the initiator) and its
 * secrets, which are never shown. Save sends what changed and the secrets typed, with the setup's version.
 */
export function MpesaCredentials({ setup }: { setup: MpesaSetup }) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const check = useCheck();
  const dialogs = useDialogs();
  const save = useSaveSetup();
  const [form] = Form.useForm<CredentialValues>();
  const [saving, setSaving] = useState(false);
  const watched = Form.useWatch([], { form, preserve: true }) as Partial<CredentialValues> | undefined;
  const current = (): CredentialValues => ({ ...credentialValues(setup), ...(form.getFieldsValue(true) as Partial<CredentialValues>) });
  const changed = Object.keys(credentialChanges({ ...credentialValues(setup), ...watched }, setup)).length > 0;
  const till = (watched?.transactionType ?? setup.transactionType) === TILL;

  const submit = async () => {
    setSaving(true);
    const shown = await save(credentialChanges(current(), setup), 'settings.mpesa.saved');
    setSaving(false);
    if (shown) form.setFieldsValue(credentialValues(shown));
  };
  const remove = async (secret: DarajaSecret) => {
    const asked = await dialogs.confirm({
      title: 'settings.mpesa.secret.confirmRemove.title',
      text: 'settings.mpesa.secret.confirmRemove.text',
      okText: 'settings.mpesa.secret.confirmRemove.ok',
    });
    if (!asked) return;
    const shown = await save({ [secret]: '' }, 'settings.mpesa.secret.removed');
    // What else was typed stays, to be saved; the removed secret's box is emptied.
    if (shown) form.setFieldValue(secret, '');
  };

  return (
    <Card title={<FormattedMessage id="settings.mpesa.credentials.title" />}>
      <Typography.Paragraph type="secondary">
        <FormattedMessage id="settings.mpesa.credentials.intro" />
      </Typography.Paragraph>
      <Form<CredentialValues>
        form={form}
        name={FORM_NAME}
        layout="vertical"
        initialValues={credentialValues(setup)}
        onFinish={() => void submit()}
        aria-label={label('settings.mpesa.credentials.title')}
        style={{ maxWidth: 760 }}
      >
        <Form.Item name="environment" label={label('settings.mpesa.environment')}>
          <Radio.Group
            aria-label={label('settings.mpesa.environment')}
            options={DARAJA_ENVIRONMENTS.map((value) => ({ value, label: label(`settings.mpesa.environment.${value}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="expressShortCode"
          label={label('settings.mpesa.expressShortCode')}
          extra={label('settings.mpesa.expressShortCode.hint')}
          rules={[check(shortCodeError)]}
        >
          <Input inputMode="numeric" autoComplete="off" maxLength={7} style={{ maxWidth: 240 }} />
        </Form.Item>
        <Form.Item name="transactionType" label={label('settings.mpesa.transactionType')}>
          <Radio.Group
            aria-label={label('settings.mpesa.transactionType')}
            options={EXPRESS_TRANSACTION_TYPES.map((value) => ({ value, label: label(`settings.mpesa.transactionType.${value}`) }))}
          />
        </Form.Item>
        {till && (
          <Form.Item name="partyB" label={label('settings.mpesa.partyB')} extra={label('settings.mpesa.partyB.hint')} rules={[check(shortCodeError)]}>
            <Input inputMode="numeric" autoComplete="off" maxLength={7} style={{ maxWidth: 240 }} />
          </Form.Item>
        )}
        {DARAJA_SECRETS.filter((secret) => secret !== 'securityCredential').map((secret) => (
          <SecretField key={secret} secret={secret} stored={setup.secrets?.[secret] === true} onRemove={remove} />
        ))}
        <Form.Item
          name="initiator"
          label={label('settings.mpesa.initiator')}
          extra={label('settings.mpesa.initiator.hint')}
          rules={[check(lengthError(INITIATOR_MAX_LENGTH))]}
        >
          <Input autoComplete="off" maxLength={INITIATOR_MAX_LENGTH} style={{ maxWidth: 520 }} />
        </Form.Item>
        <SecretField secret="securityCredential" stored={setup.secrets?.securityCredential === true} onRemove={remove} />
        <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden />} loading={saving} disabled={!changed || saving}>
          <FormattedMessage id="settings.mpesa.save" />
        </Button>
      </Form>
    </Card>
  );
}
