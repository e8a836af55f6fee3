import { accountsEndpoint, type Account, type Expense, type Income } from '@ushirika/shared/contract';
import { CheckboxField, DateField, FormPage, MoneyField, SelectField, TextAreaField, TextField, useFormValues } from '@ushirika/shared/forms';
import { useSession } from '@ushirika/shared/session';
import { textId, useDialogs, useEndpointOptions, useRefreshAfterSave, type FieldSpec } from '@ushirika/shared/ui';
import { expenseEditSchema, incomeEditSchema } from '@ushirika/shared/validation';
import { useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { isAccountFor } from '../accounts/resource';
import { channelChoices } from '../ledger-columns';
import { saveLedgerEntry } from './api';
import { useClosedMonthError } from './closed-month';
import { LEDGERS, type LedgerKind } from './ledgers';

/*
 * The edit form of an income or expense (issue 26.3), loaded with the form kit when first opened. Its fields are
 * the resource's; when a money field differs from the entry (an income's amount, account, date or payer, an
 * expense's amount, account, date or payee) it asks why: the save is then a correction, and the screen opens the
 * new entry. Text alone is edited in place, as before.
 */

type Entry = Income | Expense;

/** The form's schema: the shared one, its `reason` required when money changed (the server's own check, first). */
function correctionSchema(kind: LedgerKind, entry: Entry) {
  return kind === 'income'
    ? incomeEditSchema((input) => LEDGERS.income.moneyChanges(entry as Income, input).length > 0)
    : expenseEditSchema((input) => LEDGERS.expense.moneyChanges(entry as Expense, input).length > 0);
}

type Schema = ReturnType<typeof correctionSchema>;

/** 'Reason', shown once a money field differs from the entry (the form's values read as the schema casts them). */
function ReasonField({ kind, entry, schema }: { kind: LedgerKind; entry: Entry; schema: Schema }) {
  const values = useFormValues();
  const country = useSession((state) => state.user?.Partner.country);
  let changed = false;
  try {
    const cast = schema.cast(values, { context: { country }, assert: false, stripUnknown: true }) as never;
    changed = (LEDGERS[kind].moneyChanges as (entry: Entry, input: never) => string[])(entry, cast).length > 0;
  } catch {
    // Values the schema cannot read yet (a half-typed amount): the field's own message says what is wrong.
  }
  if (!changed) return null;
  return <TextAreaField name="reason" label="ledger.field.reason" hint={`ledger.hint.reason.${kind}`} />;
}

/** One of the resource's fields, as the kit's resource form shows it. */
function LedgerField({ kind, field }: { kind: LedgerKind; field: FieldSpec }) {
  const intl = useIntl();
  const user = useSession((state) => state.user);
  const accounts = useEndpointOptions(
    field.name === 'account' ? accountsEndpoint : undefined,
    (account: Account) => account.name,
    (account) => isAccountFor(kind, account, user),
  );
  const resource = LEDGERS[kind].resource;
  const props = { name: field.name, label: textId(resource, `field.${field.name}`), hint: field.hint ? textId(resource, `hint.${field.name}`) : undefined };
  switch (field.kind ?? 'text') {
    case 'money':
      return <MoneyField {...props} />;
    case 'date':
      return <DateField {...props} />;
    case 'textarea':
      return <TextAreaField {...props} />;
    case 'checkbox':
      return <CheckboxField {...props} />;
    case 'select':
      if (field.name === 'account') return <SelectField {...props} options={accounts.options} loading={accounts.loading} loadError={accounts.error} />;
      return <SelectField {...props} options={channelChoices.map((choice) => ({ value: choice.value, label: intl.formatMessage({ id: choice.label }) }))} />;
    case 'tel':
      return <TextField {...props} type="tel" />;
    default:
      return <TextField {...props} />;
  }
}

export interface LedgerFormProps {
  kind: LedgerKind;
  entry: Entry;
  /** Reads the entry again (after a save refused over a newer version). */
  reload: () => void;
  /** What the form shows before its fields (the entry's notice). */
  notice?: ReactNode;
}

/**
 * 'Edit Income' / 'Edit Expense': saves over the entry's version; a correction opens the new entry (its answer),
 * a refusal for a closed month names the month in the user's language.
 */
export function LedgerForm({ kind, entry, reload, notice }: LedgerFormProps) {
  const ledger = LEDGERS[kind];
  const { resource } = ledger;
  const schema = useMemo(() => correctionSchema(kind, entry), [kind, entry]);
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const refresh = useRefreshAfterSave();
  const localised = useClosedMonthError();
  const initialValues = useMemo(() => ({ ...(resource.toForm as (entry: Entry) => Record<string, string | number | boolean>)(entry), reason: '' }), [resource, entry]);

  const save = async (body: object) => {
    let answer;
    try {
      answer = await saveLedgerEntry<Entry>(ledger, entry.id, { ...body, version: entry.version });
    } catch (error) {
      throw localised(error);
    }
    if (answer.record.id === entry.id) return;
    // A correction: the entry is reversed, the new one is where the user goes on. The form leaves with its entry
    // (the screen's record changes), so its own 'saved, back to the list' never comes.
    navigate(`${resource.routes.edit}/${answer.record.id}`);
    void refresh(ledger.path);
    void dialogs.success(answer.status_msg);
    await new Promise<never>(() => undefined);
  };

  return (
    <FormPage
      title={textId(resource, 'edit')}
      parent={resource.parent}
      schema={schema}
      initialValues={initialValues as never}
      save={save}
      reload={reload}
      successText={resource.endpoint.savedText}
      backTo={resource.routes.list}
      refreshes={ledger.path}
    >
      {notice}
      {resource.fields.map((field) => (
        <LedgerField key={field.name} kind={kind} field={field} />
      ))}
      <ReasonField kind={kind} entry={entry} schema={schema} />
    </FormPage>
  );
}
