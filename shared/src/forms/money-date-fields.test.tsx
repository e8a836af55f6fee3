import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import * as yup from 'yup';
import { findDialog, renderWithApp, setupUser } from '../../test/render';
import { amina } from '../../test/users';
import { useLocale } from '@ushirika/shared/i18n';
import { useSession } from '@ushirika/shared/session';
import { AppProviders, AreaTexts, DateInput } from '@ushirika/shared/ui';
import { isoDate, money } from '@ushirika/shared/validation';
import { DateField, MoneyField } from './fields';
import { FormPage } from './FormPage';

/*
 * The kit's money and date fields (issue 28.2) as a church office uses them: amounts typed as people write them
 * ('1,500', '1 500.50') and shown grouped, dates typed and shown in the partner's order (dd/mm/yyyy in Kenya)
 * whatever the interface language and the browser's locale.
 */
const areaTexts = {
  'demo.heading': 'Demo',
  'demo.new': 'New Offering',
  'demo.field.amount': 'Amount',
  'demo.field.date': 'Date',
  'demo.hint.date': 'The Sunday it was given',
};
const texts = { en: areaTexts, es: areaTexts, pt: areaTexts, fr: areaTexts, sw: areaTexts };
const schema = yup.object({
  amount: money('Amount is required', 'Amount must be a positive amount with at most two decimals'),
  date: isoDate('Date is required', 'Date must be a date, e.g. 2026-03-01', 'Date'),
});

function OfferingForm({ save, amount = '', date = '' }: { save: (body: yup.InferType<typeof schema>) => Promise<unknown>; amount?: string; date?: string }) {
  return (
    <AreaTexts messages={texts}>
      <FormPage title="demo.new" parent="demo.heading" schema={schema} initialValues={{ amount, date }} save={save} successText="Saved!" backTo="/list">
        <MoneyField name="amount" label="demo.field.amount" />
        <DateField name="date" label="demo.field.date" hint="demo.hint.date" />
      </FormPage>
    </AreaTexts>
  );
}

const signIn = (country: string) => act(() => useSession.setState({ user: { ...amina, Partner: { ...amina.Partner, country } }, authenticated: true }));

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  user = setupUser();
  signIn('KE');
  act(() => useLocale.setState({ locale: 'en' }));
  // The browser says American English, which a native date input would follow (mm/dd/yyyy).
  jest.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
});
afterEach(() => {
  jest.restoreAllMocks();
  act(() => useSession.setState({ user: null, authenticated: false }));
});

describe('MoneyField', () => {
  it("shows an amount grouped by thousands, '1,500' for 1500", () => {
    renderWithApp(<OfferingForm save={jest.fn()} amount="1500" />);
    expect(screen.getByLabelText('Amount')).toHaveValue('1,500');
  });

  it.each(['1 500.50', '1,500.50', '1\u202f500.50', '1500.50'])('hands on %j as the exact text 1500.50, and shows it grouped once left', async (typed) => {
    const save = jest.fn(async () => ({}));
    renderWithApp(<OfferingForm save={save} date="2026-01-05" />, { path: '/list/new' });
    await user.fill('Amount', typed);
    await user.tab();
    expect(screen.getByLabelText('Amount')).toHaveValue('1,500.50');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await findDialog('Awesome!');
    expect(save).toHaveBeenCalledWith({ amount: '1500.50', date: '2026-01-05' });
  });

  it("keeps text that is no amount as typed, and shows the schema's message about it", async () => {
    const save = jest.fn(async () => ({}));
    renderWithApp(<OfferingForm save={save} date="2026-01-05" />, { path: '/list/new' });
    await user.fill('Amount', '1,50');
    await user.tab();
    expect(await screen.findByText('Amount must be a positive amount with at most two decimals')).toBeInTheDocument();
    const amount = screen.getByLabelText('Amount');
    expect(amount).toHaveValue('1,50');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription('Amount must be a positive amount with at most two decimals');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(save).not.toHaveBeenCalled();
  });
});

describe('DateField', () => {
  it('shows and reads the date day first for a Kenyan partner, though the browser is American', async () => {
    const save = jest.fn(async () => ({}));
    renderWithApp(<OfferingForm save={save} amount="100" date="2026-03-01" />, { path: '/list/new' });
    const date = screen.getByLabelText('Date');
    expect(date).not.toHaveAttribute('type', 'date');
    expect(date).toHaveValue('01/03/2026');
    expect(date).toHaveAccessibleDescription('The Sunday it was given');
    await user.fill('Date', '5/1/2026');
    await user.tab();
    expect(screen.getByLabelText('Date')).toHaveValue('05/01/2026');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await findDialog('Awesome!');
    expect(save).toHaveBeenCalledWith({ amount: '100', date: '2026-01-05' });
  });

  it("is cleared to no date, and the schema's message says one is needed", async () => {
    const save = jest.fn(async () => ({}));
    renderWithApp(<OfferingForm save={save} amount="100" date="2026-03-01" />, { path: '/list/new' });
    await user.clear(screen.getByLabelText('Date'));
    await user.tab();
    expect(await screen.findByText('Date is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveValue('');
    expect(screen.getByLabelText('Date')).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    expect(screen.getByLabelText('Date')).toHaveAccessibleDescription('Date is required The Sunday it was given');
  });
});

/** A date box on its own, its value shown beside it, as a filter or a screen of an area uses it. */
function Box({ initial = '', onChange }: { initial?: string; onChange?: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <AppProviders>
      <DateInput
        id="held"
        aria-label="Held on"
        value={value}
        onChange={(next) => {
          onChange?.(next);
          setValue(next);
        }}
      />
      <output data-testid="value">{value}</output>
    </AppProviders>
  );
}

describe('DateInput', () => {
  it('shows dd/mm/yyyy for a Kenyan partner in every language, whatever the browser locale', () => {
    for (const locale of ['en', 'fr', 'sw'] as const) {
      act(() => useLocale.setState({ locale }));
      const { unmount } = render(<Box initial="2026-01-05" />);
      expect(screen.getByLabelText('Held on')).toHaveValue('05/01/2026');
      unmount();
    }
    act(() => useLocale.setState({ locale: 'fr' }));
    render(<Box />);
    expect(screen.getByLabelText('Held on')).toHaveAttribute('placeholder', 'jj/mm/aaaa');
  });

  it('shows and reads mm/dd/yyyy for a partner in the United States only', async () => {
    signIn('US');
    render(<Box initial="2026-01-05" />);
    expect(screen.getByLabelText('Held on')).toHaveValue('01/05/2026');
    await user.clear(screen.getByLabelText('Held on'));
    await user.type(screen.getByLabelText('Held on'), '12/31/2026');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-12-31');
  });

  it('hands on a date only once the text is one, in the partner order, and clears to no date', async () => {
    const changes = jest.fn();
    render(<Box onChange={changes} />);
    const box = screen.getByLabelText('Held on');
    await user.type(box, '5/1/202');
    expect(changes).not.toHaveBeenCalled();
    await user.type(box, '6');
    expect(changes).toHaveBeenLastCalledWith('2026-01-05');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-01-05');
    await user.clear(box);
    expect(changes).toHaveBeenLastCalledWith('');
    expect(screen.getByTestId('value')).toBeEmptyDOMElement();
  });

  it('shows the date again when the box is left with text that is no date', async () => {
    const changes = jest.fn();
    render(<Box initial="2026-01-05" onChange={changes} />);
    await user.type(screen.getByLabelText('Held on'), '7');
    expect(screen.getByLabelText('Held on')).toHaveValue('05/01/20267');
    await user.tab();
    expect(screen.getByLabelText('Held on')).toHaveValue('05/01/2026');
    expect(changes).not.toHaveBeenCalled();
  });

  it("offers the browser's calendar beside the box, which sets the date", async () => {
    render(<Box />);
    const calendar = screen.getByRole('button', { name: 'Choose the date on a calendar' });
    const picker = document.querySelector<HTMLInputElement>('input[type="date"]')!;
    const showPicker = jest.fn();
    picker.showPicker = showPicker;
    await user.click(calendar);
    expect(showPicker).toHaveBeenCalled();
    expect(picker).toHaveAttribute('tabindex', '-1');
    // The picker reports the chosen day as its input event.
    fireEvent.change(picker, { target: { value: '2026-04-12' } });
    expect(screen.getByLabelText('Held on')).toHaveValue('12/04/2026');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-04-12');
  });
});
