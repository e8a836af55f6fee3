import { fileRecipients, MAX_LISTED_INVALID, MAX_UPLOAD_RECIPIENTS, typedRecipients } from './recipients';

describe('typedRecipients', () => {
  it.each([
    ['0712345678, 0722000111', ['+254712345678', '+254722000111']],
    ['0712345678;0722000111\n0733000222\r\n', ['+254712345678', '+254722000111', '+254733000222']],
    ['0712345678 0722000111', ['+254712345678', '+254722000111']],
    ['0712 345 678', ['+254712345678']],
    ['+254 712 345 678 0722 000 111', ['+254712345678', '+254722000111']],
    ['0712 345 678 +256772123456', ['+254712345678', '+256772123456']],
  ])('reads %j', (text, numbers) => {
    expect(typedRecipients(text, 'KE')).toEqual({ numbers, invalid: [], invalidCount: 0, duplicates: 0 });
  });

  it('reads local numbers in the partner country', () => {
    expect(typedRecipients('0772 123 456', 'UG').numbers).toEqual(['+256772123456']);
  });

  it('keeps each number once, in the order first given, and counts the repeats', () => {
    expect(typedRecipients('0722000111, 0712345678, +254 722 000 111, 254722000111', 'KE')).toMatchObject({
      numbers: ['+254722000111', '+254712345678'],
      duplicates: 2,
    });
  });

  it('lists what is not a number as given: a piece without any number whole, a leftover group alone', () => {
    expect(typedRecipients('abc def, 0712345678 12, 12345, abc def', 'KE')).toEqual({
      numbers: ['+254712345678'],
      invalid: ['abc def', '12', '12345'],
      invalidCount: 3,
      duplicates: 0,
    });
  });

  it(`lists at most ${MAX_LISTED_INVALID} invalid entries but counts them all`, () => {
    const result = typedRecipients(Array.from({ length: 150 }, (_, i) => `x${i}`).join(','), 'KE');
    expect(result.invalid).toHaveLength(MAX_LISTED_INVALID);
    expect(result.invalidCount).toBe(150);
  });
});

describe('fileRecipients', () => {
  it('takes the column headed like a phone, skipping its header and blank cells', () => {
    const table = [[''], ['Name', 'Mobile Number', 'Town'], ['Amina', '0712345678', 'Nairobi'], ['Brian', '', 'Kisumu'], ['Carol', '+254 722 000 111']];
    expect(fileRecipients(table, 'KE')).toMatchObject({ numbers: ['+254712345678', '+254722000111'], invalidCount: 0 });
  });

  it('takes the first column otherwise, its first row a header only when it has no digit', () => {
    expect(fileRecipients([['Numbers'], ['0712345678']], 'KE').numbers).toEqual(['+254712345678']);
    expect(
      fileRecipients(
        [
          ['0712345678', 'Amina'],
          ['0722000111', 'Brian'],
        ],
        'KE',
      ).numbers,
    ).toEqual(['+254712345678', '+254722000111']);
    expect(fileRecipients([['07123'], ['0722000111']], 'KE')).toMatchObject({ numbers: ['+254722000111'], invalid: ['07123'] });
  });

  it(`refuses a file without numbers and one with more than ${MAX_UPLOAD_RECIPIENTS}`, () => {
    expect(() => fileRecipients([['Phone'], ['']], 'KE')).toThrow('The file has no phone numbers.');
    expect(() => fileRecipients([], 'KE')).toThrow('The file has no phone numbers.');
    const tooMany = Array.from({ length: MAX_UPLOAD_RECIPIENTS + 1 }, () => ['0712345678']);
    expect(() => fileRecipients(tooMany, 'KE')).toThrow('The file has more than 100,000 phone numbers.');
    expect(fileRecipients(tooMany.slice(1), 'KE')).toMatchObject({ numbers: ['+254712345678'], duplicates: MAX_UPLOAD_RECIPIENTS - 1 });
  });
});
