import { messagesFor } from '@ushirika/shared/i18n';
import { filterMenu } from './filter-menu';
import { ETRACKER_MENU, GENERAL_MENU } from './menus';

const english = messagesFor('en');
const title = (id: string) => english[id] ?? id;
const paths = (query: string, menu = GENERAL_MENU) => filterMenu(menu, query, title).map((link) => link.path);

describe('filterMenu', () => {
  it('matches titles case-insensitively', () => {
    expect(paths('DASHBOARD')).toEqual(['/dashboard/home']);
    expect(paths('dashboard', ETRACKER_MENU)).toEqual(['/dashboard/etracker']);
    expect(paths('money', ETRACKER_MENU)).toEqual(['/finance/income', '/finance/expenses']);
  });

  it('searches the nested children of groups', () => {
    expect(paths('failed')).toEqual(['/messaging/failed_messages']);
    expect(paths('all')).toEqual(['/contacts/default', '/finance/income', '/meetings/default']);
    expect(paths('types')).toEqual(['/contacts/grouptypes', '/meetings/meetingtypes']);
  });

  it('brings every child of a group whose own title matches', () => {
    expect(paths('meetings')).toEqual(['/meetings/default', '/meetings/meetingtypes', '/meetings/absentees']);
  });

  it('finds nothing for an empty query or a title that does not exist', () => {
    expect(paths('   ')).toEqual([]);
    expect(paths('zebra')).toEqual([]);
  });
});
