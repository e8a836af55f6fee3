import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PLEDGE_PLACEHOLDERS, PLEDGE_THANKS_PATH } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { LoadFailed, staleSaveOf, useDialogs, validationSchema } from '@ushirika/shared/ui';
import { Alert, Button, Checkbox, Drawer, Flex, Form, Input, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { loadPledgeThanks, savePledgeThanks } from './api';

/** The placeholders a campaign SMS may hold, as the forms list them. */
export function PlaceholderHint() {
  return (
    <Typography.Text type="secondary">
      <FormattedMessage id="campaigns.placeholders" values={{ list: PLEDGE_PLACEHOLDERS.join(', ') }} />
    </Typography.Text>
  );
}

/** The first message of a schema's refusal, translated; undefined when the values pass. */
export async function schemaProblem(name: 'pledgeThanksSchema' | 'reminderSchema' | 'pledgeSchema', values: object): Promise<string | undefined> {
  const schema = await validationSchema(name)();
  try {
    await schema.validate(values);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function ThanksForm({
  enabled: wasEnabled,
  text: wasText,
  isDefault,
  version,
  onSaved,
}: {
  enabled: boolean;
  text: string;
  isDefault: boolean;
  version: number;
  onSaved: () => void;
}) {
  const intl = useIntl();
  const dialogs = useDialogs();
  const [enabled, setEnabled] = useState(wasEnabled);
  const [text, setText] = useState(wasText);
  const [problem, setProblem] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const found = await schemaProblem('pledgeThanksSchema', { enabled, text });
    setProblem(found);
    if (found) return;
    setSaving(true);
    try {
      const answer = await savePledgeThanks({ enabled, text, version });
      onSaved();
      void dialogs.success(answer.status_msg);
    } catch (error) {
      const stale = staleSaveOf(error);
      if (stale) {
        if (await dialogs.stale(stale)) onSaved();
      } else dialogs.error(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form layout="vertical" onFinish={() => void save()}>
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>
          <FormattedMessage id="campaigns.thanks.intro" />
        </Typography.Paragraph>
        <Checkbox checked={enabled} onChange={(event) => setEnabled(event.target.checked)}>
          <FormattedMessage id="campaigns.thanks.enabled" />
        </Checkbox>
        <Form.Item
          label={intl.formatMessage({ id: 'campaigns.thanks.text' })}
          htmlFor="campaign-thanks-text"
          validateStatus={problem ? 'error' : undefined}
          help={problem ? translateText(intl, problem) : undefined}
          extra={<PlaceholderHint />}
          style={{ marginBottom: 0 }}
        >
          <Input.TextArea id="campaign-thanks-text" rows={4} value={text} onChange={(event) => setText(event.target.value)} />
        </Form.Item>
        {isDefault && <Alert type="info" showIcon title={<FormattedMessage id="campaigns.thanks.isDefault" />} />}
        <Flex justify="end">
          <Button type="primary" htmlType="submit" loading={saving}>
            <FormattedMessage id="campaigns.save" />
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

/**
 * 'Thank-you message' (issue 30.4): whether a contact who has paid all they pledged gets a thank-you SMS, and its
 * text (the product's own until the partner saves theirs). Saved over the version read; a newer one asks to reload.
 */
export function ThanksDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const client = useQueryClient();
  const thanks = useQuery({ queryKey: [PLEDGE_THANKS_PATH], queryFn: ({ signal }) => loadPledgeThanks(signal), enabled: open, staleTime: 0 });
  const reload = () => void client.invalidateQueries({ queryKey: [PLEDGE_THANKS_PATH] });
  return (
    <Drawer open={open} onClose={onClose} title={intl.formatMessage({ id: 'campaigns.thanks.button' })} size={520} destroyOnHidden>
      {thanks.data ? (
        <ThanksForm key={thanks.data.version} {...thanks.data} onSaved={reload} />
      ) : thanks.error ? (
        <LoadFailed error={thanks.error} onRetry={reload} />
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
