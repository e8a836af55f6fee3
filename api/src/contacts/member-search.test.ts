import { phoneSearch } from './member-search';

describe('phoneSearch', () => {
  it.each([
    ['0712 345 678', { phoneLike: true, exact: '+254712345678' }],
    ['254712345678', { phoneLike: true, exact: '+254712345678' }],
    ['+44 20 7946 0958', { phoneLike: true, exact: '+442079460958' }],
    ['0712 34', { phoneLike: true, pattern: '%71234%' }],
    ['+254 7123', { phoneLike: true, pattern: '%7123%' }],
    ['00254-712', { phoneLike: true, pattern: '%712%' }],
    ['345-678', { phoneLike: true, pattern: '%345678%' }],
    ['0110', { phoneLike: true, pattern: '%110%' }],
    ['+254', { phoneLike: true }],
    ['07', { phoneLike: false }],
    ['amina', { phoneLike: false }],
    ['0712a', { phoneLike: false }],
    [undefined, { phoneLike: false }],
  ])('reads %j as %j', (searchKey, expected) => {
    expect(phoneSearch(searchKey)).toEqual(expected);
  });
});
