import { screen } from '@testing-library/react';
import type { Member } from '@ushirika/shared/contract';
import { AreaTexts, ListPage } from '@ushirika/shared/ui';
import { renderWithApp } from '../../../shared/test/render';
import { signIn } from '../../../shared/test/roles';
import { contactList } from '../contacts/columns';
import * as messages from '../messages';

const jane = {
  id: 12,
  firstName: 'Jane',
  lastName: 'Wanjiku',
  gender: 'F',
  phone: '+254712345678',
  email: 'jane@example.org',
  household: null,
  createdAt: '2026-01-01T00:00:00Z',
} as Member;

beforeEach(() => signIn());

describe('All Contacts columns (issue 28.1, 28.6)', () => {
  it("link the first and last names to the person's page and show the mobile", async () => {
    const load = Object.assign(async () => ({ rows: [jane], total: 1 }), { path: 'member' });
    renderWithApp(
      <AreaTexts messages={messages}>
        <ListPage<Member> title="contacts.heading" parent="contacts.heading" columns={contactList.columns} load={load} cardTitle={contactList.cardTitle} />
      </AreaTexts>,
    );
    expect(await screen.findByRole('link', { name: 'Jane' })).toHaveAttribute('href', '/contacts/people/12');
    expect(screen.getByRole('link', { name: 'Wanjiku' })).toHaveAttribute('href', '/contacts/people/12');
    expect(screen.getByText('+254712345678')).toBeInTheDocument();
  });

  it("keep a phone's card to the name (its title) and the number, with the household", () => {
    const onCards = contactList.columns.filter((column) => column.card !== false).map((column) => column.key);
    expect(onCards).toEqual(['firstName', 'mobile', 'household']);
  });
});
