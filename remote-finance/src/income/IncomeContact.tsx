import type { ContactSuggestion, Income } from '@ushirika/shared/contract';
import { staleSaveOf, useDialogs, useRefreshAfterSave } from '@ushirika/shared/ui';
import { Button, Card, Flex, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { incomesEndpoint } from '@ushirika/shared/contract';
import { loadContactSuggestions, saveIncomeContact } from './api';
import { personText, useContactSearch } from './contact-search';

/**
 * 'Contact' on an M-Pesa income's edit screen (issue 31.3): the contact the income is linked to, and a choice of
 * another: the contacts its masked payer number and first name fit first, then the contacts search. Linking
 * gives the income the contact's phone, which puts it on their giving statement; unlinking gives it back the
 * payer's number as M-Pesa sent it (none when hidden). A change of the income: it is saved over the version
 * shown, and `changed` reads the income again (the form above then starts from the new version).
 */
export function IncomeContact({ income, changed }: { income: Income; changed: () => void }) {
  const intl = useIntl();
  const dialogs = useDialogs();
  const refresh = useRefreshAfterSave();
  const [suggestions, setSuggestions] = useState<ContactSuggestion[]>([]);
  const { found, search } = useContactSearch();
  const [chosen, setChosen] = useState<number | undefined>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    loadContactSuggestions(income.id, controller.signal).then(setSuggestions, () => setSuggestions([]));
    return () => controller.abort();
  }, [income.id]);

  const save = async (memberId: number | null) => {
    setSaving(true);
    try {
      const answer = await saveIncomeContact(income, memberId);
      void refresh(incomesEndpoint.path);
      await dialogs.success(answer.status_msg);
    } catch (error) {
      const stale = staleSaveOf(error);
      if (stale) {
        if (await dialogs.stale(stale)) changed();
      } else dialogs.error(error);
      setSaving(false);
      return;
    }
    setSaving(false);
    changed();
  };

  const suggestedIds = new Set(suggestions.map((person) => person.id));
  const option = (person: ContactSuggestion) => ({ value: person.id, label: personText(person) });
  const options = [
    ...(suggestions.length > 0 ? [{ label: intl.formatMessage({ id: 'incomes.contact.suggested' }), title: 'suggested', options: suggestions.map(option) }] : []),
    ...(found.length > 0
      ? [{ label: intl.formatMessage({ id: 'incomes.contact.found' }), title: 'found', options: found.filter((person) => !suggestedIds.has(person.id)).map(option) }]
      : []),
  ];
  const label = intl.formatMessage({ id: 'incomes.contact.choose' });

  return (
    <Card title={<FormattedMessage id="incomes.contact.title" />} style={{ marginTop: 16 }}>
      <Flex vertical gap={12}>
        <Typography.Text>
          {income.Member ? (
            <FormattedMessage id="incomes.contact.linked" values={{ contact: personText(income.Member) }} />
          ) : (
            <FormattedMessage id="incomes.contact.none" />
          )}
        </Typography.Text>
        <Typography.Text type="secondary">
          <FormattedMessage id="incomes.contact.hint" />
        </Typography.Text>
        <Flex gap={8} wrap>
          <Select<number>
            aria-label={label}
            placeholder={label}
            showSearch={{ filterOption: false, onSearch: search }}
            style={{ flex: '1 1 240px', maxWidth: 480 }}
            value={chosen}
            onChange={setChosen}
            options={options}
            notFoundContent={<FormattedMessage id="incomes.contact.searchHint" />}
          />
          <Button type="primary" disabled={chosen === undefined || chosen === income.MemberId} loading={saving} onClick={() => void save(chosen!)}>
            <FormattedMessage id="incomes.contact.link" />
          </Button>
          {income.MemberId !== null && (
            <Button disabled={saving} onClick={() => void save(null)}>
              <FormattedMessage id="incomes.contact.unlink" />
            </Button>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
