import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocale } from '@ushirika/shared/i18n';
import { renderWithApp } from '../../test/render';
import { Pager } from './Pager';

afterEach(() => act(() => useLocale.getState().setLocale('en')));

describe('Pager', () => {
  it("says 'of about' only when the number of pages is an estimate, with the numbers grouped", () => {
    const estimated = renderWithApp(<Pager page={1} pages={4_447} estimated onChange={() => {}} />);
    expect(screen.getByText('showing page 1 of about 4,447')).toBeInTheDocument();
    estimated.unmount();

    renderWithApp(<Pager page={1_200} pages={4_447} onChange={() => {}} />);
    expect(screen.getByText('showing page 1,200 of 4,447')).toBeInTheDocument();
    expect(screen.queryByText(/about/)).not.toBeInTheDocument();
  });

  it('writes the numbers as the language does', () => {
    act(() => useLocale.getState().setLocale('fr'));
    renderWithApp(<Pager page={1_200} pages={4_447} estimated onChange={() => {}} />);
    // French groups thousands with a narrow no-break space.
    expect(screen.getByText(/^page 1\s200 sur environ 4\s447$/)).toBeInTheDocument();
  });

  it('goes to the estimated last page with Last', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithApp(<Pager page={1} pages={4_447} estimated onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onChange).toHaveBeenCalledWith(4_447);
  });
});
