import { SaveOutlined } from '@ant-design/icons';
import { IMPORT_PRESET_NAME_MAX_LENGTH, type ContactImportMapping, type ContactImportPreset } from '@ushirika/shared/contract';
import { useDialogs } from '@ushirika/shared/ui';
import { Button, Flex, Form, Input } from 'antd';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { saveImportPreset } from './api';

/**
 * 'Save this matching': asks a name (inline, so it fits a phone) and saves the columns' matching under it; the
 * next import of a file with these headers offers it. A preset of the same name is replaced (the server's rule).
 */
export function SavePreset({ mapping, disabled, onSaved }: { mapping: ContactImportMapping; disabled: boolean; onSaved: (preset: ContactImportPreset) => void }) {
  const intl = useIntl();
  const dialogs = useDialogs();
  const nameId = useId();
  const [asking, setAsking] = useState(false);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);

  if (!asking) {
    return (
      <Button icon={<SaveOutlined aria-hidden />} disabled={disabled} onClick={() => setAsking(true)} style={{ alignSelf: 'flex-start' }}>
        <FormattedMessage id="contacts.import.preset.save" />
      </Button>
    );
  }

  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    setSaving(true);
    try {
      const { preset } = await saveImportPreset(trimmed, mapping);
      onSaved(preset);
      setAsking(false);
      setName('');
      await dialogs.success('contacts.import.preset.saved');
    } catch (error) {
      dialogs.error(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form layout="vertical" component={false}>
      <Form.Item label={<FormattedMessage id="contacts.import.preset.name" />} htmlFor={nameId} extra={<FormattedMessage id="contacts.import.preset.nameHint" />}>
        <Flex wrap gap={8}>
          <Input
            id={nameId}
            value={name}
            maxLength={IMPORT_PRESET_NAME_MAX_LENGTH}
            placeholder={intl.formatMessage({ id: 'contacts.import.preset.namePlaceholder' })}
            onChange={(event) => setName(event.target.value)}
            onPressEnter={() => void save()}
            style={{ flex: '1 1 200px', maxWidth: 360 }}
          />
          <Button type="primary" disabled={!name.trim()} loading={saving} onClick={() => void save()}>
            <FormattedMessage id="contacts.import.preset.confirm" />
          </Button>
          <Button onClick={() => setAsking(false)} disabled={saving}>
            <FormattedMessage id="contacts.import.preset.cancel" />
          </Button>
        </Flex>
      </Form.Item>
    </Form>
  );
}
