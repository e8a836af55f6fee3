import { setImmediate as nextTurn } from 'node:timers/promises';
import { CALLS_PER_TURN, fileRecipients, MAX_LISTED_INVALID, MAX_UPLOAD_RECIPIENTS, typedRecipients } from './recipients';

// Some of these read 80,000 to 100,000 numbers in turns: a second or two alone, several times that on a CI machine
// running other test files beside this one (jest's 5 s default failed such a run, not a wrong result).
jest.setTimeout(60_000);

describe('typedRecipients', () => {
  it.each([
    ['0712345678, 0722000111', ['+254712345678', '+254722000111']],
    ['0712345678;0722000111\n0733000222\r\n', ['+254712345678', '+254722000111', '+254733000222']],
    ['0712345678 0722000111', ['+254712345678', '+254722000111']],
    ['0712 345 678', ['+254712345678']],
    ['+254 712 345 678 0722 000 111', ['+254712345678', '+254722000111']],
    ['0712 345 678 +256772123456', ['+254712345678', '+256772123456']],
  ])('reads %j', async (text, numbers) => {
    expect(await typedRecipients(text, 'KE')).toEqual({ numbers, invalid: [], invalidCount: 0, duplicates: 0 });
  });

  it('reads local numbers in the partner country', async () => {
    expect((await typedRecipients('0772 123 456', 'UG')).numbers).toEqual(['+256772123456']);
  });

  it('keeps each number once, in the order first given, and counts the repeats', async () => {
    expect(await typedRecipients('0722000111, 0712345678, +254 722 000 111, 254722000111', 'KE')).toMatchObject({
      numbers: ['+254722000111', '+254712345678'],
      duplicates: 2,
    });
  });

  it('lists what is not a number as given: a piece without any number whole, a leftover group alone', async () => {
    expect(await typedRecipients('abc def, 0712345678 12, 12345, abc def', 'KE')).toEqual({
      numbers: ['+254712345678'],
      invalid: ['abc def', '12', '12345'],
      invalidCount: 3,
      duplicates: 0,
    });
  });

  it(`lists at most ${MAX_LISTED_INVALID} invalid entries but counts them all`, async () => {
    const result = await typedRecipients(Array.from({ length: 150 }, (_, i) => `x${i}`).join(','), 'KE');
    expect(result.invalid).toHaveLength(MAX_LISTED_INVALID);
    expect(result.invalidCount).toBe(150);
  });
});

describe('fileRecipients', () => {
  it('takes the column headed like a phone, skipping its header and blank cells', async () => {
    const table = [[''], ['Name', 'Mobile Number', 'Town'], ['Amina', '0712345678', 'Nairobi'], ['Brian', '', 'Kisumu'], ['Carol', '+254 722 000 111']];
    expect(await fileRecipients(table, 'KE')).toMatchObject({ numbers: ['+254712345678', '+254722000111'], invalidCount: 0 });
  });

  it('takes the first column otherwise, its first row a header only when it has no digit', async () => {
    expect((await fileRecipients([['Numbers'], ['0712345678']], 'KE')).numbers).toEqual(['+254712345678']);
    expect(
      (
        await fileRecipients(
          [
            ['0712345678', 'Amina'],
            ['0722000111', 'Brian'],
          ],
          'KE',
        )
      ).numbers,
    ).toEqual(['+254712345678', '+254722000111']);
    expect(await fileRecipients([['07123'], ['0722000111']], 'KE')).toMatchObject({ numbers: ['+254722000111'], invalid: ['07123'] });
  });

  it(`refuses a file without numbers and one with more than ${MAX_UPLOAD_RECIPIENTS}`, async () => {
    await expect(fileRecipients([['Phone'], ['']], 'KE')).rejects.toThrow('The file has no phone numbers.');
    await expect(fileRecipients([], 'KE')).rejects.toThrow('The file has no phone numbers.');
    const tooMany = Array.from({ length: MAX_UPLOAD_RECIPIENTS + 1 }, () => ['0712345678']);
    await expect(fileRecipients(tooMany, 'KE')).rejects.toThrow('The file has more than 100,000 phone numbers.');
    expect(await fileRecipients(tooMany.slice(1), 'KE')).toMatchObject({ numbers: ['+254712345678'], duplicates: MAX_UPLOAD_RECIPIENTS - 1 });
  });
});

describe('reading in turns', () => {
  /** How many turns the event loop had while `read` ran: a chain of setImmediate callbacks counts them. */
  async function turnsDuring(read: () => unknown): Promise<number> {
    let done = false;
    let turns = 0;
    const counting = (async () => {
      while (!done) {
        await nextTurn();
        turns += 1;
      }
    })();
    try {
      await read();
    } finally {
      done = true;
    }
    await counting;
    return turns;
  }

  // Security review, "one upload stalls every partner": 100,000 numbers took a second of the server's thread in one go.
  it(`gives the event loop a turn every ${CALLS_PER_TURN} numbers of a file`, async () => {
    const table = [['Phone'], ...Array.from({ length: 20_000 }, (_, i) => [`07${String(10_000_000 + i).slice(-8)}`])];
    expect(await turnsDuring(() => fileRecipients(table, 'KE'))).toBeGreaterThanOrEqual(20_000 / CALLS_PER_TURN - 1);
  });

  it('and of a typed list, however its numbers are spaced', async () => {
    // 20,000 one-digit groups: each is tried with up to three more, 80,000 numbers parsed.
    expect(await turnsDuring(() => typedRecipients('1 '.repeat(20_000), 'KE'))).toBeGreaterThanOrEqual(20_000 / CALLS_PER_TURN - 1);
    expect(
      await turnsDuring(() => typedRecipients(Array.from({ length: 5_000 }, (_, i) => `07${String(10_000_000 + i).slice(-8)}`).join(','), 'KE')),
    ).toBeGreaterThanOrEqual(5_000 / CALLS_PER_TURN - 1);
  });
});
