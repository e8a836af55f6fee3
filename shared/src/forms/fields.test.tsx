import { screen, within } from '@testing-library/react';
import * as yup from 'yup';
import { findDialog, renderWithApp, setupUser } from '../../test/render';
import { AreaTexts } from '@ushirika/shared/ui';
import { useFormValues } from './context';
import { DateTimeField, FileField, RadioGroupField, TextAreaField, useFormField } from './fields';
import { FormPage } from './FormPage';

/*
 * The kit's radio group, file and date-time fields, the hint under a field, and `useFormValues` (a field
 * shown for one choice only), in a made-up form: a note sent to a team, or to the people of a file.
 */
const areaTexts = {
  'demo.heading': 'Demo',
  'demo.new': 'New Note',
  'demo.field.to': 'Send to',
  'demo.to.team': 'A team',
  'demo.to.file': 'A file of people',
  'demo.field.team': 'Team',
  'demo.field.people': 'People file',
  'demo.field.at': 'Send at',
  'demo.at.hint': 'Nairobi time',
};
const texts = { en: areaTexts, es: areaTexts, pt: areaTexts, fr: areaTexts, sw: areaTexts };

const needed = (to: string) => (value: unknown, context: { parent?: { to?: string } }) => context.parent?.to !== to || (value !== undefined && value !== '');
const schema = yup.object({
  to: yup.string().required('Choose whom to send to'),
  team: yup.string().trim().default('').test('team', 'Name the team', needed('team')),
  people: yup.mixed().test('people', 'Choose the file', needed('file')),
  at: yup.string().default(''),
});

function Typed() {
  const { team } = useFormValues<{ team: string }>();
  return <output data-testid="typed">{team.length}</output>;
}

/** The field for the chosen recipients, as a form with a choice shows one of several. */
function Recipients() {
  const { to } = useFormValues<{ to: string }>();
  if (to === 'team') return <TextAreaField name="team" label="demo.field.team" />;
  if (to === 'file') return <FileField name="people" label="demo.field.people" accept=".csv,.xlsx" />;
  return null;
}

function NoteForm({ save }: { save: (body: yup.InferType<typeof schema>) => Promise<unknown> }) {
  return (
    <AreaTexts messages={texts}>
      <FormPage
        title="demo.new"
        parent="demo.heading"
        schema={schema}
        initialValues={{ to: '', team: '', people: '', at: '' }}
        save={save}
        successText="New meeting saved successfully!"
        backTo="/list"
      >
        <RadioGroupField
          name="to"
          label="demo.field.to"
          options={[
            { value: 'team', label: 'demo.to.team' },
            { value: 'file', label: 'demo.to.file' },
          ]}
        />
        <Recipients />
        <Typed />
        <DateTimeField name="at" label="demo.field.at" hint="demo.at.hint" />
      </FormPage>
    </AreaTexts>
  );
}

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  user = setupUser();
});

describe('RadioGroupField', () => {
  it('offers every choice under the group label, shows the schema message, and shows the field of the choice made', async () => {
    const save = jest.fn(async () => ({}));
    renderWithApp(<NoteForm save={save} />, { path: '/list/new' });
    const group = screen.getByRole('radiogroup', { name: 'Send to' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['A team', 'A file of people']);
    expect(screen.queryByLabelText('Team')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Choose whom to send to')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'A team' }));
    expect(screen.getByRole('radio', { name: 'A team' })).toBeChecked();
    await user.fill('Team', 'Choir');
    expect(screen.getByTestId('typed')).toHaveTextContent('5');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await findDialog('Awesome!');
    expect(save).toHaveBeenCalledWith({ to: 'team', team: 'Choir', people: '', at: '' });
  });
});

describe('FileField', () => {
  it('holds the chosen file in the form (nothing uploaded), shows its name, and forgets it when removed', async () => {
    const save = jest.fn(async () => ({}));
    renderWithApp(<NoteForm save={save} />, { path: '/list/new' });
    await user.click(screen.getByRole('radio', { name: 'A file of people' }));
    const input = screen.getByLabelText('People file');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', '.csv,.xlsx');
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Choose the file')).toBeInTheDocument();

    const file = new File(['phone\n0712345678\n'], 'people.csv', { type: 'text/csv' });
    await user.upload(input, file);
    expect(await screen.findByText('people.csv')).toBeInTheDocument();
    expect(screen.queryByText('Choose the file')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /remove/i }));
    expect(screen.queryByText('people.csv')).not.toBeInTheDocument();
    expect(await screen.findByText('Choose the file')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('People file'), file);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await findDialog('Awesome!');
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ to: 'file', people: file }));
  });
});

describe('DateTimeField', () => {
  it("is a native date-and-time input whose value is the schema's YYYY-MM-DDTHH:mm, with its hint under it", async () => {
    const save = jest.fn(async () => ({}));
    renderWithApp(<NoteForm save={save} />, { path: '/list/new' });
    const input = screen.getByLabelText('Send at');
    expect(input).toHaveAttribute('type', 'datetime-local');
    expect(screen.getByText('Nairobi time')).toBeInTheDocument();

    await user.fill('Send at', '2026-03-05T14:30');
    await user.click(screen.getByRole('radio', { name: 'A team' }));
    await user.fill('Team', 'Ushers');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await findDialog('Awesome!');
    expect(save).toHaveBeenCalledWith({ to: 'team', team: 'Ushers', people: '', at: '2026-03-05T14:30' });
  });
});

describe('useFormField', () => {
  // A list no input holds: tags added with buttons, checked by the schema with the rest of the form.
  const tagSchema = yup.object({ tags: yup.array(yup.string().defined()).defined().default([]).min(1, 'Add a tag').max(2, 'Two tags at most') });

  function Tags() {
    const { value, message, setValue } = useFormField<string[]>('tags');
    return (
      <>
        <output data-testid="tags">{value.join(',')}</output>
        {message && <p role="alert">{message}</p>}
        <button type="button" onClick={() => setValue([...value, `tag${value.length + 1}`])}>
          Add tag
        </button>
      </>
    );
  }

  it('holds a value no kit field has, changed by the screen, with its message once submitted or changed', async () => {
    const save = jest.fn(async () => ({}));
    renderWithApp(
      <AreaTexts messages={texts}>
        <FormPage
          title="demo.new"
          parent="demo.heading"
          schema={tagSchema}
          initialValues={{ tags: [] } as unknown as { tags: string }}
          save={save}
          successText="New meeting saved successfully!"
          backTo="/list"
        >
          <Tags />
        </FormPage>
      </AreaTexts>,
      { path: '/list/new' },
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Add a tag');
    for (let i = 0; i < 3; i += 1) await user.click(screen.getByRole('button', { name: 'Add tag' }));
    expect(screen.getByTestId('tags')).toHaveTextContent('tag1,tag2,tag3');
    expect(await screen.findByText('Two tags at most')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });
});
