import { Card, Checkbox, Flex, Spin, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '@ushirika/shared/api';
import { SECURITY_PATH } from '@ushirika/shared/contract';
import { translateText } from '@ushirika/shared/i18n';
import { useDialogs } from '@ushirika/shared/ui';
import { loadSecurity, saveSecurity } from './security-api';

/**
 * The partner's rule that owners and treasurers sign in with a second step (owners only: security.manage).
 * Changing it asks first; the answer's text says what now applies.
 */
export function SecuritySetting() {
  const dialogs = useDialogs();
  const intl = useIntl();
  const queries = useQueryClient();
  const query = useQuery({ queryKey: [SECURITY_PATH], queryFn: ({ signal }) => loadSecurity(signal) });
  const [saving, setSaving] = useState(false);
  const change = async (requireTwoStep: boolean) => {
    const asked = await dialogs.confirm({
      title: requireTwoStep ? 'settings.security.confirmOn.title' : 'settings.security.confirmOff.title',
      text: requireTwoStep ? 'settings.security.confirmOn.text' : 'settings.security.confirmOff.text',
      okText: requireTwoStep ? 'settings.security.confirmOn.ok' : 'settings.security.confirmOff.ok',
    });
    if (!asked) return;
    setSaving(true);
    try {
      const answer = await saveSecurity(requireTwoStep);
      queries.setQueryData([SECURITY_PATH], { requireTwoStep: answer.requireTwoStep });
      void dialogs.success(answer.status_msg);
    } catch (error) {
      dialogs.error(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title={<FormattedMessage id="settings.security.title" />} style={{ marginTop: 16 }}>
      <Flex vertical gap={8}>
        {query.data ? (
          <Checkbox checked={query.data.requireTwoStep} disabled={saving} onChange={(event) => void change(event.target.checked)}>
            <FormattedMessage id="settings.security.requireTwoStep" />
          </Checkbox>
        ) : query.error ? (
          <Typography.Text type="danger">{translateText(intl, errorText(query.error))}</Typography.Text>
        ) : (
          <Spin />
        )}
        <Typography.Text type="secondary">
          <FormattedMessage id="settings.security.hint" />
        </Typography.Text>
      </Flex>
    </Card>
  );
}
