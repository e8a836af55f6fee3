import type { GroupMember, ListQuery } from '@ushirika/shared/contract';
import { pageLoader, saveRecord, type Page } from '@ushirika/shared/api';
import { loadAllGroupMembers, saveGroupMembers } from './api';

// The server is the shared api module: these tests check which pages and bodies this module asks for.
jest.mock('@ushirika/shared/api', () => ({ ...jest.requireActual('@ushirika/shared/api'), pageLoader: jest.fn(), saveRecord: jest.fn() }));
const makeLoader = jest.mocked(pageLoader);
const save = jest.mocked(saveRecord);

const member = (id: number): GroupMember => ({
  MemberId: id,
  Member: { firstName: `First ${id}`, lastName: 'Last', gender: 'O', phone: `+2547000000${id}`, email: '' },
  createdAt: '2026-01-01T00:00:00Z',
});

/** A server holding `total` members that answers pages of the asked size. */
function serve(total: number) {
  const asked: { path: string; query: ListQuery }[] = [];
  makeLoader.mockImplementation(((path: string) =>
    async (query: ListQuery): Promise<Page<GroupMember>> => {
      asked.push({ path, query });
      const from = (query.page - 1) * query.pagesize;
      const rows = Array.from({ length: Math.max(0, Math.min(query.pagesize, total - from)) }, (_, i) => member(from + i + 1));
      return { rows, total };
    }) as typeof pageLoader);
  return asked;
}

describe('loadAllGroupMembers', () => {
  it('reads every page of 100 until it has the total', async () => {
    const asked = serve(230);
    const members = await loadAllGroupMembers(4);
    expect(members.map((m) => m.MemberId)).toEqual(Array.from({ length: 230 }, (_, i) => i + 1));
    expect(asked.map(({ path, query }) => [path, query.page, query.pagesize])).toEqual([
      ['groupmembers/4', 1, 100],
      ['groupmembers/4', 2, 100],
      ['groupmembers/4', 3, 100],
    ]);
  });

  it('asks once for an empty group', async () => {
    const asked = serve(0);
    expect(await loadAllGroupMembers(4)).toEqual([]);
    expect(asked).toHaveLength(1);
  });
});

describe('saveGroupMembers', () => {
  it('posts the group and the member ids joined with commas', async () => {
    save.mockResolvedValue({ status_msg: 'ok' });
    await saveGroupMembers({ id: 4, version: 3 }, [12, 40, 41]);
    expect(save).toHaveBeenCalledWith('groupmembers', { group: 4, selectedRecords: '12,40,41', version: 3 });
    await saveGroupMembers({ id: 4, version: 3 }, []);
    expect(save).toHaveBeenLastCalledWith('groupmembers', { group: 4, selectedRecords: '', version: 3 });
  });
});
