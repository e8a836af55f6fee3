import { meetingsEndpoint, type ContactSuggestion, type Meeting } from '@ushirika/shared/contract';
import { CheckboxField, DateField, FormPage, MoneyField, SelectField, TextField, useFormField, useFormValues, type FieldValue } from '@ushirika/shared/forms';
import { formValues, resourceApi, textId, useRecord, type Identified, type Resource } from '@ushirika/shared/ui';
import { incomeSchema, type IncomeInput } from '@ushirika/shared/validation';
import { Alert, Form, Select, Skeleton } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { useAccountsFor } from '../accounts/resource';
import { channelChoices } from '../ledger-columns';
import { personText, useContactSearch } from './contact-search';
import { incomes } from './resource';

/*
 * 'Add Income' (spec 5 'Income'; issue 28.2): the contributor picked from the contacts by name or number (their
 * names and phone filled, the income linked to them: `memberId`), or none at all for a loose or plate offering
 * ('No contributor': names, phone and reference not asked; a documented deviation from the spec's required
 * names). Opened as `?meeting=<id>` (from a meeting, issue 28.4) it records that meeting's offering: its total
 * offering on its date, for 'Offering', with no contributor, linked to the meeting (`meetingId`).
 */

type Values = Record<keyof IncomeInput & string, FieldValue>;

const field = (name: string) => ({ name, label: textId(incomes, `field.${name}`) });

/** 'Contributor': the contacts search; choosing one fills the names and phone and links the income to them. */
function ContributorPicker() {
  const intl = useIntl();
  const { found, search } = useContactSearch();
  const member = useFormField<FieldValue>('memberId');
  const firstname = useFormField<FieldValue>('firstname');
  const lastname = useFormField<FieldValue>('lastname');
  const phone = useFormField<FieldValue>('phone');
  // The contact chosen, kept to show it while the search shows others.
  const [chosen, setChosen] = useState<ContactSuggestion | undefined>();
  const linked = typeof member.value === 'number' && chosen !== undefined && chosen.id === member.value ? chosen : undefined;
  // The phone typed over: the income is no longer the contact's (the server would give it their phone).
  const stillLinked = linked !== undefined && phone.value === linked.phone;

  const choose = (id: number | undefined) => {
    const person = found.find((candidate) => candidate.id === id);
    setChosen(person);
    member.setValue(person ? person.id : null);
    if (!person) return;
    firstname.setValue(person.firstName);
    lastname.setValue(person.lastName);
    phone.setValue(person.phone);
  };
  // Also a contact left from before (the box ticked and unticked again, which forgets whom the picker showed).
  const unlink = typeof member.value === 'number' && !stillLinked;
  const setMember = member.setValue;
  useEffect(() => {
    // Unlinked (in the form's values) as soon as the phone differs from the contact's.
    if (unlink) setMember(null);
  }, [unlink, setMember]);

  const label = intl.formatMessage({ id: 'incomes.field.contributor' });
  const options = [...(linked && !found.some((person) => person.id === linked.id) ? [linked] : []), ...found].map((person) => ({
    value: person.id,
    label: personText(person),
  }));
  return (
    <Form.Item label={label} htmlFor="field-contributor" extra={<FormattedMessage id="incomes.hint.contributor" />}>
      <Select<number>
        id="field-contributor"
        aria-label={label}
        placeholder={intl.formatMessage({ id: 'incomes.contact.searchHint' })}
        allowClear
        showSearch={{ filterOption: false, onSearch: search }}
        value={stillLinked ? linked.id : undefined}
        onChange={choose}
        options={options}
        notFoundContent={<FormattedMessage id="incomes.contact.searchHint" />}
      />
    </Form.Item>
  );
}

/** A payer's field: none for a loose offering. */
function PayerField({ children }: { children: ReactNode }) {
  const { looseOffering } = useFormValues<Values>();
  return looseOffering === true ? null : <>{children}</>;
}

/** The form's fields in the spec's order, the payer's first; the reference is optional for a loose offering. */
function IncomeFields() {
  const intl = useIntl();
  const accounts = useAccountsFor('income');
  return (
    <>
      <CheckboxField {...field('looseOffering')} hint={textId(incomes, 'hint.looseOffering')} />
      <PayerField>
        <ContributorPicker />
        <TextField {...field('firstname')} />
        <TextField {...field('lastname')} />
      </PayerField>
      <MoneyField {...field('amount')} />
      <PayerField>
        <TextField {...field('phone')} type="tel" />
      </PayerField>
      <SelectField {...field('account')} options={accounts.options} loading={accounts.loading} loadError={accounts.error} />
      <SelectField {...field('mode')} options={channelChoices.map((choice) => ({ value: choice.value, label: intl.formatMessage({ id: choice.label }) }))} />
      <DateField {...field('dateOfTransaction')} />
      <TextField {...field('paymentFor')} />
      <TextField {...field('reference')} />
      <CheckboxField {...field('sendMessage')} hint={textId(incomes, 'hint.sendMessage')} />
    </>
  );
}

/** The body as saved: a loose offering's payer fields empty and no contact, whatever was typed before ticking it. */
export function incomeBody(body: IncomeInput): IncomeInput {
  return body.looseOffering ? { ...body, firstname: '', lastname: '', phone: '', memberId: null } : body;
}

/** The form: new, or prefilled from a meeting (`meeting`), its other starting values the resource's. */
function IncomeForm({ meeting }: { meeting?: Meeting }) {
  const intl = useIntl();
  const initialValues = useMemo(() => {
    // (The description as the kit's helpers take any resource's: its rows' type is the list's business.)
    const values = formValues(incomes as unknown as Resource<typeof incomeSchema, Identified>, incomeSchema) as Values;
    if (!meeting) return values;
    return {
      ...values,
      looseOffering: true,
      amount: meeting.totalOffering,
      dateOfTransaction: meeting.dateOfMeeting,
      paymentFor: intl.formatMessage({ id: 'incomes.offering' }),
      meetingId: meeting.id,
    };
  }, [meeting, intl]);
  return (
    <FormPage
      title={textId(incomes, 'new')}
      parent={incomes.parent}
      schema={incomeSchema}
      initialValues={initialValues}
      save={(body) => resourceApi(incomes).save(incomeBody(body))}
      successText={incomes.endpoint.savedText}
      backTo={incomes.routes.list}
      refreshes={meeting ? [incomes.endpoint.path, meetingsEndpoint.path] : incomes.endpoint.path}
    >
      {meeting && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={<FormattedMessage id="incomes.fromMeeting" values={{ subject: meeting.subject }} />} />}
      <IncomeFields />
    </FormPage>
  );
}

/** The meeting named by `?meeting=`, then the form prefilled from it; the plain form when it cannot be read. */
function MeetingIncomeForm({ id }: { id: number }) {
  const { record, loading, error } = useRecord<Meeting>(meetingsEndpoint, id);
  if (loading) {
    return (
      <div role="status" aria-busy="true">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  return (
    <>
      {(error || !record) && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={<FormattedMessage id="incomes.meetingMissing" />} />}
      <IncomeForm meeting={record} />
    </>
  );
}

/** 'Add Income' at `<new>`, or `<new>?meeting=<id>` for a meeting's offering. */
export function IncomeNewPage() {
  const [params] = useSearchParams();
  const meeting = Number(params.get('meeting'));
  if (Number.isInteger(meeting) && meeting > 0) return <MeetingIncomeForm key={meeting} id={meeting} />;
  return <IncomeForm />;
}
