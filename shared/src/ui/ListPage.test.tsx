import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type Key } from 'react';
import type { ListQuery } from '../contract';
import type { Page } from '@ushirika/shared/api';
import { expectPath, renderWithApp } from '../../test/render';
import { DATE_RANGE } from '../validation/rules';
import { LIST_EARLIEST_DATE, LIST_OPEN_END } from './data';
import { MoneyText } from './format';
import { ListPage, type ListColumn } from './ListPage';

// The date box as its props say (DateInput's own tests cover how it reads what is typed): YYYY-MM-DD in, out.
jest.mock('./DateInput', () => ({
  DateInput: ({ value, onChange, status: _status, ...rest }: { value: string; onChange: (value: string) => void; status?: string }) => (
    <input {...rest} value={value} onChange={(event) => onChange(event.target.value)} />
  ),
}));

interface Person {
  id: number;
  name: string;
}

// Labels may be elements: these tests need no catalogue of their own.
const columns: ListColumn<Person>[] = [{ title: <>Name</>, dataIndex: 'name' }];

/** A load function the test answers by hand, to see the screen between asking and answering. */
function manualLoader() {
  const calls: { query: ListQuery; signal?: AbortSignal; answer: (page: Page<Person>) => void; fail: (error: Error) => void }[] = [];
  const load = jest.fn(
    (query: ListQuery, signal?: AbortSignal) => new Promise<Page<Person>>((resolve, reject) => calls.push({ query, signal, answer: resolve, fail: reject })),
  );
  const last = () => calls[calls.length - 1]!;
  return { load, calls, last };
}

const people = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: from + i, name: `Person ${from + i}` }));

function renderList(load: ListPageLoad) {
  return renderWithApp(
    <ListPage<Person>
      title={<>People</>}
      parent={<>Directory</>}
      columns={columns}
      load={load}
      editTo="/people/edit"
      add={{ label: <>New Person</>, to: '/people/new' }}
    />,
  );
}
type ListPageLoad = (query: ListQuery, signal?: AbortSignal) => Promise<Page<Person>>;

describe('ListPage', () => {
  it("shows 'Loading Data' until the first page arrives, then the rows and 'showing page 1 of 3'", async () => {
    const { load, last } = manualLoader();
    renderList(load);
    expect(screen.getByText('Loading Data')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith(expect.objectContaining({ page: 1, pagesize: 15, searchKey: '', action: 'display' }), expect.any(AbortSignal));

    await act(async () => last().answer({ rows: people(1, 15), total: 40 }));
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    expect(screen.queryByText('Loading Data')).not.toBeInTheDocument();
    expect(screen.getByText('showing page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeEnabled();
  });

  it("says 'of about' when the server estimated the total, and Last goes to the estimated last page", async () => {
    const user = userEvent.setup();
    const { load, last } = manualLoader();
    renderList(load);
    await act(async () => last().answer({ rows: people(1, 15), total: 66_700, totalIsEstimate: true }));
    expect(await screen.findByText('showing page 1 of about 4,447')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(last().query.page).toBe(4447);
    // Near the end the server's count reaches the end, so it is exact: the pager says so.
    await act(async () => last().answer({ rows: people(66_691, 10), total: 66_700 }));
    expect(await screen.findByText('showing page 4,447 of 4,447')).toBeInTheDocument();
  });

  it.each([
    // 1,200 rows in truth: the estimated last page, 200, comes back empty with the exact count.
    { estimate: 3_000, estimatedLast: 200, truth: 1_200, atEstimatedLast: () => [], realLast: 80, lastRows: () => people(1_186, 15) },
    // 820 rows in truth: the estimated last page, 34, is full and its answer counts them exactly.
    { estimate: 501, estimatedLast: 34, truth: 820, atEstimatedLast: () => people(496, 15), realLast: 55, lastRows: () => people(811, 10) },
  ])(
    'Last follows an estimate of $estimate for $truth rows to the real last page, $realLast, once',
    async ({ estimate, estimatedLast, truth, atEstimatedLast, realLast, lastRows }) => {
      const user = userEvent.setup();
      const { load, last, calls } = manualLoader();
      renderList(load);
      await act(async () => last().answer({ rows: people(1, 15), total: estimate, totalIsEstimate: true }));
      expect(await screen.findByText(`showing page 1 of about ${estimatedLast}`)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Last page' }));
      expect(last().query.page).toBe(estimatedLast);

      await act(async () => last().answer({ rows: atEstimatedLast(), total: truth }));
      await waitFor(() => expect(last().query.page).toBe(realLast));
      const rows = lastRows();
      await act(async () => last().answer({ rows, total: truth }));
      expect(await screen.findByText(rows.at(-1)!.name)).toBeInTheDocument();
      expect(screen.getByText(`showing page ${realLast} of ${realLast}`)).toBeInTheDocument();

      // Back from the end is an ordinary page: no more following, even when the count has moved.
      await user.click(screen.getByRole('button', { name: 'Previous page' }));
      await act(async () => last().answer({ rows: people(truth - 30, 15), total: truth + 10 }));
      expect(await screen.findByText(`showing page ${realLast - 1} of ${realLast + 1}`)).toBeInTheDocument();
      expect(calls.map((call) => call.query.page)).toEqual([1, estimatedLast, realLast, realLast - 1]);
    },
  );

  it('stays on page 1 of an empty list', async () => {
    const { load, last, calls } = manualLoader();
    renderList(load);
    await act(async () => last().answer({ rows: [], total: 0 }));
    expect(await screen.findByText('showing page 1 of 1')).toBeInTheDocument();
    expect(screen.getByText('No records found')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('stays on a page that came back with rows, even if its total says the list ends before it', async () => {
    const user = userEvent.setup();
    const { load, last, calls } = manualLoader();
    renderList(load);
    await act(async () => last().answer({ rows: people(1, 15), total: 3_000, totalIsEstimate: true }));
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    // Rows were deleted between the count and the read: 199 pages by the total, yet page 200 has rows.
    await act(async () => last().answer({ rows: people(2_986, 5), total: 2_980 }));
    expect(await screen.findByText('Person 2990')).toBeInTheDocument();
    expect(screen.getByText('showing page 200 of 199')).toBeInTheDocument();
    expect(calls.map((call) => call.query.page)).toEqual([1, 200]);
  });

  it('goes back to the last page after the only row of the last page was deleted', async () => {
    const user = userEvent.setup();
    const { load, last, calls } = manualLoader();
    renderWithApp(
      <ListPage<Person>
        title={<>People</>}
        parent={<>Directory</>}
        columns={columns}
        load={load}
        actions={(row, reload) => (
          <button type="button" onClick={reload}>
            Delete {row.name}
          </button>
        )}
      />,
    );
    await act(async () => last().answer({ rows: people(1, 15), total: 31 }));
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await act(async () => last().answer({ rows: people(31, 1), total: 31 }));
    await user.click(await screen.findByRole('button', { name: 'Delete Person 31' }));

    // Page 3 read again: empty now, 30 rows in all, so page 2 is the last.
    expect(last().query.page).toBe(3);
    await act(async () => last().answer({ rows: [], total: 30 }));
    await waitFor(() => expect(last().query.page).toBe(2));
    await act(async () => last().answer({ rows: people(16, 15), total: 30 }));
    expect(await screen.findByText('Person 30')).toBeInTheDocument();
    expect(screen.getByText('showing page 2 of 2')).toBeInTheDocument();
    expect(calls.map((call) => call.query.page)).toEqual([1, 3, 3, 2]);
  });

  it('clears the rows and fetches again when the page changes', async () => {
    const user = userEvent.setup();
    const { load, last } = manualLoader();
    renderList(load);
    await act(async () => last().answer({ rows: people(1, 15), total: 40 }));

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(screen.queryByText('Person 1')).not.toBeInTheDocument();
    expect(screen.getByText('Loading Data')).toBeInTheDocument();
    expect(last().query.page).toBe(3);

    await act(async () => last().answer({ rows: people(31, 10), total: 40 }));
    expect(await screen.findByText('Person 31')).toBeInTheDocument();
    expect(screen.getByText('showing page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(last().query.page).toBe(2);
  });

  it('searches from page 1 when Enter is pressed in the search box', async () => {
    const user = userEvent.setup();
    const { load, last } = manualLoader();
    renderList(load);
    await act(async () => last().answer({ rows: people(1, 15), total: 40 }));
    await screen.findByText('Person 1');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await act(async () => last().answer({ rows: people(16, 15), total: 40 }));
    await screen.findByText('Person 16');

    const box = screen.getByPlaceholderText('type text to search..');
    await user.type(box, 'Person 7{Enter}');
    expect(last().query).toMatchObject({ page: 1, searchKey: 'Person 7' });
    expect(screen.getByText('Loading Data')).toBeInTheDocument();
    await act(async () => last().answer({ rows: [{ id: 7, name: 'Person 7' }], total: 1 }));
    expect(await screen.findByText('showing page 1 of 1')).toBeInTheDocument();
  });

  it('never lets an older, slower answer replace the newer one', async () => {
    const user = userEvent.setup();
    const { load, calls, last } = manualLoader();
    renderList(load);
    await act(async () => last().answer({ rows: people(1, 15), total: 40 }));
    await screen.findByText('Person 1');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    const [, pageTwo, pageThree] = calls;
    expect(pageTwo?.signal?.aborted).toBe(true);

    await act(async () => pageThree!.answer({ rows: people(31, 10), total: 40 }));
    await act(async () => pageTwo!.answer({ rows: people(16, 15), total: 40 }));
    expect(await screen.findByText('Person 31')).toBeInTheDocument();
    expect(screen.queryByText('Person 16')).not.toBeInTheDocument();
    expect(screen.getByText('showing page 3 of 3')).toBeInTheDocument();
  });

  it('tries a failed load once more by itself, then shows the reason and fetches again on Retry', async () => {
    const user = userEvent.setup();
    const { load, last } = manualLoader();
    renderList(load);
    await act(async () => last().fail(new Error('Database unavailable')));
    // The second try comes by itself (a dropped connection often passes on the next one); the rows stay 'Loading Data'.
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(screen.getByText('Loading Data')).toBeInTheDocument();
    await act(async () => last().fail(new Error('Database unavailable')));
    expect(await screen.findByText('The list could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(load).toHaveBeenCalledTimes(3);
    expect(await screen.findByText('Loading Data')).toBeInTheDocument();
    await act(async () => last().answer({ rows: people(1, 2), total: 2 }));
    expect(await screen.findByText('Person 2')).toBeInTheDocument();
  });

  it("opens the chosen row's edit screen at its own address, storing nothing", async () => {
    const user = userEvent.setup();
    const { load, last } = manualLoader();
    renderList(load);
    await act(async () => last().answer({ rows: people(1, 2), total: 2 }));

    const row = (await screen.findByText('Person 2')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    await expectPath('/people/edit/2');
    expect(localStorage.length).toBe(0);
  });

  it('goes to the add screen from the add button', async () => {
    const user = userEvent.setup();
    const { load } = manualLoader();
    renderList(load);
    await user.click(screen.getByRole('button', { name: 'New Person' }));
    await expectPath('/people/new');
  });

  it('shows the tools beside the add button and hands them the current search', async () => {
    const user = userEvent.setup();
    const { load, last } = manualLoader();
    const exported: string[] = [];
    renderWithApp(
      <ListPage<Person>
        title={<>People</>}
        parent={<>Directory</>}
        columns={columns}
        load={load}
        tools={(list) => <button onClick={() => exported.push(list.searchKey)}>Export</button>}
      />,
    );
    await act(async () => last().answer({ rows: people(1, 2), total: 2 }));
    await screen.findByText('Person 2');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.type(screen.getByPlaceholderText('type text to search..'), '  Person 2 {Enter}');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(exported).toEqual(['', 'Person 2']);
  });

  it('selects rows by their checkboxes, every row of the page by the header one (none on the next click), and clears on paging', async () => {
    const user = userEvent.setup();
    const { load, last } = manualLoader();
    let chosen: Key[] = [];
    function Selectable() {
      const [selected, setSelected] = useState<Key[]>([]);
      chosen = selected;
      return <ListPage<Person> title={<>People</>} parent={<>Directory</>} columns={columns} load={load} selection={{ selected, onChange: setSelected }} />;
    }
    renderWithApp(<Selectable />);
    await act(async () => last().answer({ rows: people(1, 3), total: 18 }));
    const row = (await screen.findByText('Person 2')).closest('tr')!;
    await user.click(within(row).getByRole('checkbox', { name: 'Select this row' }));
    expect(chosen).toEqual([2]);
    // antd draws the header twice (one copy measures the columns): the first is the one shown.
    const all = screen.getAllByRole('checkbox', { name: 'Select every row of the page' })[0]!;
    await user.click(all);
    expect([...chosen].sort()).toEqual([1, 2, 3]);
    await user.click(all);
    expect(chosen).toEqual([]);

    await user.click(all);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(chosen).toEqual([]));
  });
});

interface Meeting {
  id: number;
  type: string;
  date: string;
  place: string | null;
}

const meetingColumns: ListColumn<Meeting>[] = [
  { key: 'type', title: <>Type</>, dataIndex: 'type' },
  { key: 'date', title: <>Date</>, dataIndex: 'date' },
  { key: 'place', title: <>Place</>, dataIndex: 'place' },
  { key: 'secret', title: <>Internal note</>, render: () => 'not for phones', card: false },
];

function meetingLoader() {
  const calls: { query: ListQuery; answer: (page: Page<Meeting> & { response?: Record<string, unknown> }) => void }[] = [];
  const load = jest.fn((query: ListQuery) => new Promise<Page<Meeting>>((resolve) => calls.push({ query, answer: resolve })));
  return { load, calls, last: () => calls[calls.length - 1]! };
}

const nextSunday = { id: 9, type: 'Sunday Service', date: '2026-12-06', place: 'Main hall' };

describe('ListPage date range (issue 28.3)', () => {
  it('asks by default from the list start to the far future, so a meeting planned for next Sunday is listed', async () => {
    const { load, last } = meetingLoader();
    renderWithApp(<ListPage<Meeting> title={<>Meetings</>} parent={<>Meetings</>} columns={meetingColumns} load={load} dates />);
    expect(last().query).toMatchObject({ page: 1, startdate: '2020-01-01', enddate: LIST_OPEN_END });
    await act(async () => last().answer({ rows: [nextSunday], total: 1 }));
    expect(await screen.findByText('Sunday Service')).toBeInTheDocument();
  });

  it('keeps its open ends within the dates the server accepts', () => {
    expect([LIST_EARLIEST_DATE, LIST_OPEN_END]).toEqual([DATE_RANGE.min, DATE_RANGE.max]);
  });

  it('lists the chosen dates from page 1, with the search kept; a reversed range is said and not asked; Clear dates opens it again', async () => {
    const user = userEvent.setup();
    const { load, last, calls } = meetingLoader();
    renderWithApp(<ListPage<Meeting> title={<>Meetings</>} parent={<>Meetings</>} columns={meetingColumns} load={load} dates />);
    await act(async () => last().answer({ rows: [nextSunday], total: 40 }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await act(async () => last().answer({ rows: [nextSunday], total: 40 }));
    await user.type(screen.getByPlaceholderText('type text to search..'), 'Sunday{Enter}');
    await act(async () => last().answer({ rows: [nextSunday], total: 40 }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(last().query).toMatchObject({ page: 2, searchKey: 'Sunday' });

    fireEvent.change(screen.getByRole('textbox', { name: 'From' }), { target: { value: '2019-06-01' } });
    expect(last().query).toMatchObject({ page: 1, searchKey: 'Sunday', startdate: '2019-06-01', enddate: LIST_OPEN_END });
    fireEvent.change(screen.getByRole('textbox', { name: 'To' }), { target: { value: '2027-01-31' } });
    expect(last().query).toMatchObject({ page: 1, startdate: '2019-06-01', enddate: '2027-01-31' });
    await act(async () => last().answer({ rows: [nextSunday], total: 1 }));

    const asked = calls.length;
    fireEvent.change(screen.getByRole('textbox', { name: 'To' }), { target: { value: '2018-01-01' } });
    expect(await screen.findByRole('alert')).toHaveTextContent("'To' is before 'From'");
    expect(calls).toHaveLength(asked);

    await user.click(screen.getByRole('button', { name: 'Clear dates' }));
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The open range of this search was read a moment ago: its answer (40 meetings) shows again at once.
    expect(await screen.findByText('showing page 1 of 3')).toBeInTheDocument();
    expect(
      calls.filter(({ query }) => query.searchKey === 'Sunday' && query.page === 1 && query.enddate === LIST_OPEN_END && query.startdate === '2020-01-01'),
    ).not.toHaveLength(0);
  });

  it('has no date range, and ends today, where the list has none', async () => {
    const { load, last } = meetingLoader();
    renderWithApp(<ListPage<Meeting> title={<>Meetings</>} parent={<>Meetings</>} columns={meetingColumns} load={load} />);
    expect(screen.queryByRole('textbox', { name: 'From' })).not.toBeInTheDocument();
    expect(last().query.enddate).not.toBe(LIST_OPEN_END);
    expect(last().query.enddate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('ListPage summary', () => {
  it("shows the answer's summary beside the pager: the total amount of everything matching", async () => {
    const { load, last } = meetingLoader();
    renderWithApp(
      <ListPage<Meeting>
        title={<>Money In</>}
        parent={<>Finance</>}
        columns={meetingColumns}
        load={load}
        summary={(list) => {
          const total = list.response?.total_amount;
          return typeof total === 'string' ? (
            <span data-testid="summary">
              Total: <MoneyText value={total} />
            </span>
          ) : null;
        }}
      />,
    );
    await act(async () => last().answer({ rows: [nextSunday], total: 31, response: { incomes: [nextSunday], total: 31, total_amount: '1234567.50' } }));
    expect(await screen.findByTestId('summary')).toHaveTextContent('Total: KES 1,234,567.50');
    expect(screen.getByText('showing page 1 of 3')).toBeInTheDocument();
  });
});

/** A phone's width: antd's `xs` query matches, `md` does not (Grid.useBreakpoint reads matchMedia). */
function atPhoneWidth() {
  return jest.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: /max-width/.test(query),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

/** A card's facts, 'label: value'. */
const factsOf = (card: HTMLElement) =>
  within(card)
    .getAllByRole('term')
    .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);

describe('ListPage on a phone (issue 28.6)', () => {
  let phone: jest.SpyInstance;
  beforeEach(() => {
    phone = atPhoneWidth();
  });
  afterEach(() => phone.mockRestore());

  it("shows each row as a card: its title, its facts as 'label: value', its actions and selection box, and no table", async () => {
    const user = userEvent.setup();
    const { load, last } = meetingLoader();
    let chosen: Key[] = [];
    function Selectable() {
      const [selected, setSelected] = useState<Key[]>([]);
      chosen = selected;
      return (
        <ListPage<Meeting>
          title={<>Meetings</>}
          parent={<>Meetings</>}
          columns={meetingColumns}
          load={load}
          editTo="/meetings/edit"
          actions={(row) => <button type="button">Attendance of {row.type}</button>}
          selection={{ selected, onChange: setSelected }}
        />
      );
    }
    renderWithApp(<Selectable />);
    expect(await screen.findByText('Loading Data')).toBeInTheDocument();
    await act(async () => last().answer({ rows: [nextSunday, { id: 10, type: 'Choir practice', date: '2026-12-09', place: null }], total: 2 }));

    const cards = within(await screen.findByRole('list', { name: 'Records' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(cards[0]!);
    expect(card.getByRole('heading', { name: 'Sunday Service' })).toBeInTheDocument();
    // The other columns as facts, but one left out of cards; a fact with no value (no place) is not shown.
    expect(factsOf(cards[0]!)).toEqual(['Date: 2026-12-06', 'Place: Main hall']);
    expect(factsOf(cards[1]!)).toEqual(['Date: 2026-12-09']);
    expect(card.getByRole('button', { name: 'Attendance of Sunday Service' })).toBeInTheDocument();

    await user.click(within(cards[1]!).getByRole('checkbox', { name: 'Select this row' }));
    expect(chosen).toEqual([10]);
    await user.click(screen.getByRole('checkbox', { name: 'Select every row of the page' }));
    expect([...chosen].sort()).toEqual([10, 9]);

    await user.click(card.getByRole('button', { name: 'Edit' }));
    await expectPath('/meetings/edit/9');
  });

  it('takes the title a list chooses, and says the list state in place of the cards', async () => {
    const { load, last } = meetingLoader();
    renderWithApp(
      <ListPage<Meeting> title={<>Meetings</>} parent={<>Meetings</>} columns={meetingColumns} load={load} cardTitle={(row) => `${row.type} on ${row.date}`} />,
    );
    await act(async () => last().answer({ rows: [], total: 0 }));
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
