import { translateText } from '@ushirika/shared/i18n';
import { moneyValue, useDialogs } from '@ushirika/shared/ui';
import { Button, Drawer, Flex, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { personText, useContactSearch } from '../income/contact-search';
import { savePledge } from './api';
import { schemaProblem } from './ThanksDrawer';

/** The pledge being made or changed: none chosen yet (Add pledge), or a contact's with its amount now (Change). */
export interface PledgeEdit {
  contact?: { id: number; firstName: string; lastName: string; phone: string };
  amount?: string;
}

function PledgeForm({ campaignId, edit, onSaved }: { campaignId: number; edit: PledgeEdit; onSaved: () => void }) {
  const intl = useIntl();
  const dialogs = useDialogs();
  const { found, search } = useContactSearch();
  const [contactId, setContactId] = useState<number | undefined>(edit.contact?.id);
  const [amount, setAmount] = useState(edit.amount ?? '');
  const [problem, setProblem] = useState<{ field: 'contactId' | 'amount'; text: string } | undefined>();
  const [saving, setSaving] = useState(false);
  const options = [
    ...(edit.contact ? [{ value: edit.contact.id, label: personText(edit.contact) }] : []),
    ...found.filter((person) => person.id !== edit.contact?.id).map((person) => ({ value: person.id, label: personText(person) })),
  ];
  const save = async () => {
    const input = { contactId: contactId ?? '', amount: moneyValue(amount) };
    const text = await schemaProblem('pledgeSchema', input);
    setProblem(text ? { field: contactId === undefined ? 'contactId' : 'amount', text } : undefined);
    if (text) return;
    setSaving(true);
    try {
      const answer = await savePledge(campaignId, { contactId: contactId!, amount: input.amount });
      onSaved();
      void dialogs.success(answer.status_msg);
    } catch (error) {
      dialogs.error(error);
    } finally {
      setSaving(false);
    }
  };
  const help = (field: 'contactId' | 'amount') => (problem?.field === field ? translateText(intl, problem.text) : undefined);
  return (
    <Form layout="vertical" onFinish={() => void save()}>
      <Form.Item
        label={intl.formatMessage({ id: 'campaigns.pledge.contact' })}
        htmlFor="pledge-contact"
        validateStatus={help('contactId') && 'error'}
        help={help('contactId')}
      >
        <Select<number>
          id="pledge-contact"
          disabled={edit.contact !== undefined}
          showSearch={{ filterOption: false, onSearch: search }}
          placeholder={intl.formatMessage({ id: 'campaigns.pledge.searchHint' })}
          value={contactId}
          onChange={setContactId}
          options={options}
          notFoundContent={<FormattedMessage id="campaigns.pledge.searchHint" />}
        />
      </Form.Item>
      <Form.Item
        label={intl.formatMessage({ id: 'campaigns.pledge.amount' })}
        htmlFor="pledge-amount"
        validateStatus={help('amount') && 'error'}
        help={help('amount')}
        extra={intl.formatMessage({ id: 'campaigns.pledge.amountHint' })}
      >
        <Input id="pledge-amount" inputMode="decimal" autoComplete="off" value={amount} onChange={(event) => setAmount(event.target.value)} />
      </Form.Item>
      <Flex justify="end">
        <Button type="primary" htmlType="submit" loading={saving}>
          <FormattedMessage id="campaigns.save" />
        </Button>
      </Flex>
    </Form>
  );
}

/**
 * 'Add pledge' and a row's 'Change' (issue 30.2): a contact (found by name or number, as the income form finds
 * one) and the whole amount they promise; a changed amount replaces the one before, and the server keeps the change.
 */
export function PledgeDrawer({ campaignId, edit, onClose, onSaved }: { campaignId: number; edit: PledgeEdit | undefined; onClose: () => void; onSaved: () => void }) {
  const intl = useIntl();
  return (
    <Drawer open={edit !== undefined} onClose={onClose} title={intl.formatMessage({ id: 'campaigns.pledge.title' })} size={480} destroyOnHidden>
      {edit && <PledgeForm campaignId={campaignId} edit={edit} onSaved={onSaved} />}
    </Drawer>
  );
}
