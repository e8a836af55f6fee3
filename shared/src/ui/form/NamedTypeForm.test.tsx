import { screen, within } from '@testing-library/react';
import { meetingTypeSchema } from '../../validation';
import { expectPath, findDialog, renderWithApp, setupUser } from '../../../test/render';
import { NamedTypeForm } from './NamedTypeForm';

// Catalogue ids of the meetings area, which has such a form.
const labels = { name: 'meetingTypes.field.name', description: 'meetingTypes.field.description' };

function TypeForm({ save, record }: { save: jest.Mock; record?: { id: number; name: string; description: string } }) {
  return (
    <NamedTypeForm
      title="meetingTypes.edit.title"
      parent="meetings.heading"
      schema={meetingTypeSchema}
      record={record}
      save={save}
      successText="New meeting type saved successfully!"
      backTo="/types"
      labels={labels}
    />
  );
}

describe('NamedTypeForm', () => {
  it('shows the schema messages for an empty form and saves nothing', async () => {
    const user = setupUser();
    const save = jest.fn();
    renderWithApp(<TypeForm save={save} />, { path: '/types/new' });
    expect(screen.getByLabelText('Description').tagName).toBe('TEXTAREA');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it("starts from the record and saves the trimmed fields with the record's id", async () => {
    const user = setupUser();
    const save = jest.fn().mockResolvedValue({ status_msg: 'saved' });
    renderWithApp(<TypeForm save={save} record={{ id: 8, name: 'Choir', description: 'Sings' }} />, { path: '/types/edit' });
    expect(screen.getByLabelText('Type Name')).toHaveValue('Choir');
    await user.fill('Description', '  Sings on Sundays ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(within(await findDialog('Awesome!')).getByText('New meeting type saved successfully!')).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith({ name: 'Choir', description: 'Sings on Sundays' }, 8);
    await expectPath('/types');
  });
});
