import { CopyOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Input, Space, Typography, type InputRef } from 'antd';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { givingPagePath, MPESA_MAX_AMOUNT, type MpesaSetup } from '@ushirika/shared/contract';
import { DEFAULT_CURRENCY, formatMoney } from '@ushirika/shared/ui';
import { amountError, givingChanges, givingCodeError, givingValues, maxAmountError, type GivingValues } from './mpesa-form';
import { useCheck, useSaveSetup } from './mpesa-setup';

/**
 * The giving page's public address with 'Copy link', to share (a WhatsApp group, a poster's QR code). Where the
 * browser gives no clipboard (an address without https), Copy selects the text for the user to copy.
 */
function GivingLink({ code }: { code: string }) {
  const intl = useIntl();
  const url = `${window.location.origin}${givingPagePath(code)}`;
  const [copied, setCopied] = useState<string | null>(null);
  const field = useRef<InputRef>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(url);
    } catch {
      field.current?.select();
    }
  };
  return (
    <Space.Compact style={{ width: '100%', maxWidth: 640 }}>
      <Input ref={field} readOnly value={url} aria-label={intl.formatMessage({ id: 'settings.mpesa.giving.link' })} onFocus={(event) => event.target.select()} />
      <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
        <FormattedMessage id={copied === url ? 'settings.mpesa.giving.copied' : 'settings.mpesa.giving.copy'} />
      </Button>
    </Space.Compact>
  );
}

/**
 * Section 4: the public giving page: its code (its address), the smallest and largest amount a member may give
 * there, and its link to share. The funds it offers are the accounts opened for giving in Finance → Accounts.
 */
export function MpesaGivingSettings({ setup }: { setup: MpesaSetup }) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const check = useCheck();
  const save = useSaveSetup();
  const [form] = Form.useForm<GivingValues>();
  const [saving, setSaving] = useState(false);
  const watched = Form.useWatch([], { form, preserve: true }) as Partial<GivingValues> | undefined;
  const changed = Object.keys(givingChanges({ ...givingValues(setup), ...watched }, setup)).length > 0;

  const submit = async () => {
    setSaving(true);
    const values = { ...givingValues(setup), ...(form.getFieldsValue(true) as Partial<GivingValues>) };
    const shown = await save(givingChanges(values, setup), 'settings.mpesa.saved');
    setSaving(false);
    if (shown) form.setFieldsValue(givingValues(shown));
  };

  return (
    <Card title={<FormattedMessage id="settings.mpesa.giving.title" />}>
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">
          <FormattedMessage id="settings.mpesa.giving.funds" />
        </Typography.Text>
        <Form<GivingValues>
          form={form}
          name="mpesa-giving"
          layout="vertical"
          initialValues={givingValues(setup)}
          onFinish={() => void submit()}
          aria-label={label('settings.mpesa.giving.title')}
          style={{ maxWidth: 760 }}
        >
          {/* Lower case as typed: a link is typed in lower case (the server lowers it too). */}
          <Form.Item
            name="givingCode"
            label={label('settings.mpesa.givingCode')}
            extra={label('settings.mpesa.givingCode.hint')}
            normalize={(value: string) => value.toLowerCase()}
            rules={[check(givingCodeError)]}
          >
            <Input autoComplete="off" autoCapitalize="none" spellCheck={false} maxLength={40} style={{ maxWidth: 320 }} />
          </Form.Item>
          <Flex gap={16} wrap>
            <Form.Item name="minAmount" label={label('settings.mpesa.minAmount')} rules={[check(amountError)]}>
              <Input inputMode="numeric" autoComplete="off" prefix={DEFAULT_CURRENCY} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item
              name="maxAmount"
              label={label('settings.mpesa.maxAmount')}
              dependencies={['minAmount']}
              rules={[check((value) => maxAmountError(value, form.getFieldValue('minAmount') as string | undefined))]}
            >
              <Input inputMode="numeric" autoComplete="off" prefix={DEFAULT_CURRENCY} style={{ width: 200 }} />
            </Form.Item>
          </Flex>
          <Typography.Paragraph type="secondary">
            <FormattedMessage id="settings.mpesa.amounts.hint" values={{ max: formatMoney(MPESA_MAX_AMOUNT, intl.locale) }} />
          </Typography.Paragraph>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden />} loading={saving} disabled={!changed || saving}>
            <FormattedMessage id="settings.mpesa.save" />
          </Button>
        </Form>
        <Flex vertical gap={8}>
          <Typography.Text strong>
            <FormattedMessage id="settings.mpesa.giving.link" />
          </Typography.Text>
          {setup.givingCode ? (
            <GivingLink code={setup.givingCode} />
          ) : (
            <Typography.Text type="secondary">
              <FormattedMessage id="settings.mpesa.giving.noPage" />
            </Typography.Text>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
