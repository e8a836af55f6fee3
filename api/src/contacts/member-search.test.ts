import { phoneSearch } from './member-search';

describe('phoneSearch', () => {
  it.each([
    ['0712 345 678', { phoneLike: true, exact: '+254712345678' }],
    ['254712345678', { phoneLike: true, exact: '+254712345678' }],
    ['+44 7400 123456', { phoneLike: true, exact: '+447400123456' }],
    // A landline is no number we store, but a stored one would still be found by its start.
    ['+44 20 7946 0958', { phoneLike: true, prefix: { start: '+442079460958', fragment: '%442079460958%' } }],
    // A number's start: the trunk 0, a + or 00, or the home calling code; separators dropped.
    ['0712 34', { phoneLike: true, prefix: { start: '+25471234', fragment: '%71234%' } }],
    ['0115 98', { phoneLike: true, prefix: { start: '+25411598', fragment: '%11598%' } }],
    ['+254 7123', { phoneLike: true, prefix: { start: '+2547123', fragment: '%7123%' } }],
    ['+254 (0)712', { phoneLike: true, prefix: { start: '+254712', fragment: '%712%' } }],
    ['00254-712', { phoneLike: true, prefix: { start: '+254712', fragment: '%712%' } }],
    ['254115', { phoneLike: true, prefix: { start: '+254115', fragment: '%115%' } }],
    ['0110', { phoneLike: true, prefix: { start: '+254110', fragment: '%110%' } }],
    ['+44 7400', { phoneLike: true, prefix: { start: '+447400', fragment: '%447400%' } }],
    // Other digits are a fragment, anywhere in the national number.
    ['345-678', { phoneLike: true, pattern: '%345678%' }],
    ['980 000', { phoneLike: true, pattern: '%980000%' }],
    // No national number starts with 0: after the trunk 0 or 00, another 0 is the middle of a number.
    ['000 111', { phoneLike: true, pattern: '%00111%' }],
    // Too few digits after the calling code or the trunk 0 to search by.
    ['+254', { phoneLike: true }],
    ['071', { phoneLike: true }],
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
    ['UG', '+256 7721', { phoneLike: true, prefix: { start: '+2567721', fragment: '%7721%' } }],
    ['UG', '0772 12', { phoneLike: true, prefix: { start: '+25677212', fragment: '%77212%' } }],
    // For a Ugandan partner 254 is not the home code: without a + it is a fragment, with one a Kenyan number's start.
    ['UG', '254 712', { phoneLike: true, pattern: '%254712%' }],
    ['UG', '+254 712', { phoneLike: true, prefix: { start: '+254712', fragment: '%254712%' } }],
    ['KE', '0772 123 456', { phoneLike: true, exact: '+254772123456' }],
    ['TZ', '0754 123 456', { phoneLike: true, exact: '+255754123456' }],
  ])('%s reads %j as %j', (country, searchKey, expected) => {
    expect(phoneSearch(searchKey, country)).toEqual(expected);
  });
});
