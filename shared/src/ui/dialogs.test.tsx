import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { useState } from 'react';
import { findDialog, renderWithApp } from '../../test/render';
import { httpError } from '../../test/http-error';
import { useDialogs } from './dialogs';

function Buttons({ failure }: { failure?: unknown }) {
  const dialogs = useDialogs();
  const [answer, setAnswer] = useState('');
  return (
    <>
      <Button onClick={() => dialogs.success('New meeting saved successfully!')}>save</Button>
      <Button onClick={() => dialogs.error(failure)}>fail</Button>
      <Button onClick={async () => setAnswer(String(await dialogs.confirm({ title: 'Remove?', text: 'Member will be removed', okText: 'Yes!' })))}>remove</Button>
      <output>{answer}</output>
    </>
  );
}

describe('useDialogs', () => {
  it("says 'Awesome!' with the text given", async () => {
    renderWithApp(<Buttons />);
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(within(await findDialog('Awesome!')).getByText('New meeting saved successfully!')).toBeInTheDocument();
  });

  it("says 'Error!' with the server's status_msg", async () => {
    renderWithApp(<Buttons failure={httpError(400, { status_msg: 'Meeting not found' })} />);
    await userEvent.click(screen.getByRole('button', { name: 'fail' }));
    expect(within(await findDialog('Error!')).getByText('Meeting not found')).toBeInTheDocument();
  });

  it('answers true when the user confirms', async () => {
    renderWithApp(<Buttons />);
    await userEvent.click(screen.getByRole('button', { name: 'remove' }));
    const dialog = await findDialog('Remove?');
    expect(within(dialog).getByText('Member will be removed')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes!' }));
    expect(await screen.findByText('true')).toBeInTheDocument();
  });
});
