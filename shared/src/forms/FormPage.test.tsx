import { screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import * as yup from 'yup';
import { expectPath, findDialog, renderWithApp, setupUser } from '../../test/render';
import { AreaTexts } from '@ushirika/shared/ui';
import { CheckboxField, TextField } from './fields';
import { FormPage } from './FormPage';

// The kit takes catalogue ids: the kit's own, and an area's (here a test area's, added as a remote adds its own).
const areaTexts = { 'demo.heading': 'Demo', 'demo.new': 'New Meeting Type', 'demo.field.name': 'Type Name' };
const schema = yup.object({ name: yup.string().trim().required('Name is required'), sendMessage: yup.boolean().default(false) });

function NameForm({ save }: { save: (body: yup.InferType<typeof schema>) => Promise<unknown> }) {
  return (
    <AreaTexts messages={{ en: areaTexts, es: areaTexts, pt: areaTexts, fr: areaTexts, sw: areaTexts }}>
      <FormPage
        title="demo.new"
        parent="demo.heading"
        schema={schema}
        initialValues={{ name: '', sendMessage: false }}
        save={save}
        successText="New meeting type saved successfully!"
        backTo="/list"
      >
        <TextField name="name" label="demo.field.name" />
        <CheckboxField name="sendMessage" label="kit.list.actions" />
      </FormPage>
    </AreaTexts>
  );
}

describe('FormPage', () => {
  it('disables Submit while saving, so a double click saves once', async () => {
    const user = setupUser();
    let finish: (value: unknown) => void = () => undefined;
    const save = jest.fn(() => new Promise((resolve) => (finish = resolve)));
    renderWithApp(<NameForm save={save} />, { path: '/list/new' });

    await user.fill('Type Name', 'Choir');
    await user.click(screen.getByLabelText('Actions'));
    const submit = screen.getByRole('button', { name: /Submit/ });
    await user.click(submit);
    expect(submit).toBeDisabled();
    await user.dblClick(submit);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ name: 'Choir', sendMessage: true });

    finish({ status_msg: 'saved' });
    expect(within(await findDialog('Awesome!')).getByText('New meeting type saved successfully!')).toBeInTheDocument();
    await expectPath('/list');
  });

  it('marks the fields the schema requires', () => {
    renderWithApp(<NameForm save={jest.fn()} />);
    expect(screen.getByText('Type Name').closest('label')).toHaveClass('ant-form-item-required');
    expect(screen.getByText('Actions').closest('label')).not.toHaveClass('ant-form-item-required');
  });

  it('refreshes every path it names after a save (a send changes the messages and the balance)', async () => {
    const user = setupUser();
    const reads = { notification: 0, smsunits: 0, other: 0 };
    function Reader({ path }: { path: keyof typeof reads }) {
      useQuery({ queryKey: [path, 'page'], queryFn: async () => ++reads[path] });
      return null;
    }
    renderWithApp(
      <AreaTexts messages={{ en: areaTexts, es: areaTexts, pt: areaTexts, fr: areaTexts, sw: areaTexts }}>
        <Reader path="notification" />
        <Reader path="smsunits" />
        <Reader path="other" />
        <FormPage
          title="demo.new"
          parent="demo.heading"
          schema={schema}
          initialValues={{ name: '', sendMessage: false }}
          save={async () => ({})}
          successText="New meeting type saved successfully!"
          backTo="/list"
          refreshes={['notification', 'smsunits']}
        >
          <TextField name="name" label="demo.field.name" />
        </FormPage>
      </AreaTexts>,
    );
    await waitFor(() => expect(reads).toEqual({ notification: 1, smsunits: 1, other: 1 }));
    await user.fill('Type Name', 'Choir');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await findDialog('Awesome!');
    await waitFor(() => expect(reads).toEqual({ notification: 2, smsunits: 2, other: 1 }));
  });
});
