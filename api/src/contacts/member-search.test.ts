import { phoneSearch } from './member-search';

describe('phoneSearch', () => {
  it.each([
    ['0712 345 678', { phoneLike: true, exact: '+254712345678' }],
    ['254712345678', { phoneLike: true, exact: '+254712345678' }],
    ['+44 7400 123456', { phoneLike: true, exact: '+447400123456' }],
    // A landline is no number we store, but a stored one would still be found by its digits.
    ['+44 20 7946 0958', { phoneLike: true, pattern: '%442079460958%' }],
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

describe("phoneSearch in the partner's country", () => {
  it.each([
    ['UG', '0772 123 456', { phoneLike: true, exact: '+256772123456' }],
    ['UG', '256772123456', { phoneLike: true, exact: '+256772123456' }],
    ['UG', '+256 7721', { phoneLike: true, pattern: '%7721%' }],
    ['UG', '0772 12', { phoneLike: true, pattern: '%77212%' }],
    // For a Ugandan partner 254 is not the home code: the fragment keeps it.
    ['UG', '254 712', { phoneLike: true, pattern: '%254712%' }],
    ['KE', '0772 123 456', { phoneLike: true, exact: '+254772123456' }],
    ['TZ', '0754 123 456', { phoneLike: true, exact: '+255754123456' }],
  ])('%s reads %j as %j', (country, searchKey, expected) => {
    expect(phoneSearch(searchKey, country)).toEqual(expected);
  });
});
