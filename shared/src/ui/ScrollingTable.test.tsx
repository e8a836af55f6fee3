import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../../test/render';
import { ScrollingTable } from './ScrollingTable';

const rows = [{ id: 1, name: 'Amina Otieno', phone: '0712345678' }];
const columns = [
  { key: 'name', title: 'Name', dataIndex: 'name' },
  { key: 'phone', title: 'Phone', dataIndex: 'phone' },
];

describe('ScrollingTable', () => {
  it('lets the keyboard reach the box that scrolls the table sideways', async () => {
    const user = userEvent.setup();
    renderWithApp(<ScrollingTable rowKey="id" columns={columns} dataSource={rows} pagination={false} />);
    expect(screen.getByRole('cell', { name: 'Amina Otieno' })).toBeInTheDocument();

    await user.tab();
    const focused = document.activeElement as HTMLElement;
    expect(focused).toContainElement(screen.getByRole('table'));
    expect(focused).toHaveClass('ant-table-content');
  });
});
