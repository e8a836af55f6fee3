import { cellReaders, excelShortenedMobile, isBlankCell, withCodes } from './cell-values';
import { CODED_COLUMNS } from './columns';

const readers = cellReaders('DMY', 'KE');
/** The value each text reads as ('' for a cell read as not given). */
const read = (field: keyof typeof readers, texts: readonly string[]) => texts.map((text) => readers[field](text)?.value ?? '');

describe('cell values', () => {
  it('reads gender words, English and Swahili', () => {
    expect(read('gender', ['M', 'male', 'Man', 'Me', 'Mwanaume', 'Kiume', 'f', 'FEMALE', 'Woman', 'Ke', 'Mwanamke', 'Kike', 'O', 'Other'])).toEqual([
      ...Array(6).fill('M'),
      ...Array(6).fill('F'),
      'O',
      'O',
    ]);
    expect(read('gender', ['Unknown', 'Unassigned', 'X'])).toEqual(['', '', 'X']);
  });

  it('reads membership words, of Planning Center, Breeze, ChurchCRM, Rock and Swahili', () => {
    expect(
      read('membershipStatus', [
        'Member',
        'Mshiriki',
        'Mwanachama',
        'Visitor',
        'Guest',
        'Mgeni',
        'Prospect',
        'Adherent',
        'Attender',
        'Regular Attender',
        'Attendee',
        'Former',
        'Former Member',
        'Inactive',
        'Non-Attender',
        '0',
      ]),
    ).toEqual([
      'member',
      'member',
      'member',
      'visitor',
      'visitor',
      'visitor',
      'visitor',
      'adherent',
      'adherent',
      'adherent',
      'adherent',
      'former',
      'former',
      'former',
      'former',
      '',
    ]);
  });

  it('reads marital words, English and Swahili', () => {
    expect(
      read('maritalStatus', [
        'Single',
        'Hajaoa',
        'Hajaolewa',
        'Married',
        'Ameoa',
        'Ameolewa',
        'Widowed',
        'Widow',
        'Widower',
        'Mjane',
        'Mgane',
        'Divorced',
        'Talaka',
        'Separated',
      ]),
    ).toEqual([
      'single',
      'single',
      'single',
      'married',
      'married',
      'married',
      'widowed',
      'widowed',
      'widowed',
      'widowed',
      'widowed',
      'divorced',
      'divorced',
      'separated',
    ]);
  });

  it('reads household roles, and the primary-contact column of Planning Center as head or nothing', () => {
    expect(
      read('householdRole', [
        'Head',
        'Head of Household',
        'Primary',
        'Spouse',
        'Wife',
        'Husband',
        'Child',
        'Son',
        'Daughter',
        'Adult',
        'Other',
        'Other Relative',
        'Non Relative',
      ]),
    ).toEqual(['head', 'head', 'head', 'spouse', 'spouse', 'spouse', 'child', 'child', 'child', 'other', 'other', 'other', 'other']);
    const primaryContact = withCodes(CODED_COLUMNS.householdprimarycontact!.codes, readers.householdRole);
    expect(['true', 'TRUE', 'yes', '1', 'false', 'FALSE', 'no', '0'].map((text) => primaryContact(text)?.value ?? '')).toEqual([
      'head',
      'head',
      'head',
      'head',
      '',
      '',
      '',
      '',
    ]);
    const perGender = withCodes(CODED_COLUMNS.pergender!.codes, readers.gender);
    expect(['1', '2', '0', 'F'].map((text) => perGender(text)?.value ?? '')).toEqual(['M', 'F', '', 'F']);
  });

  it('reads a Kenyan mobile in every spelling as E.164', () => {
    expect(read('mobile', ['0712 345 678', '712345678', '+254 712 345 678', '254712345678', '0712-345-678', '(0712) 345678', '2.54712345678E+11'])).toEqual(
      Array(7).fill('+254712345678'),
    );
  });

  it('says so when Excel shortened a mobile into a number, and keeps a number it cannot read for the form to refuse', () => {
    expect(readers.mobile('2.54712E+11')).toEqual({ value: '2.54712E+11', message: excelShortenedMobile('2.54712E+11') });
    expect(readers.mobile('7.12346E+08')).toEqual({ value: '7.12346E+08', message: excelShortenedMobile('7.12346E+08') });
    expect(readers.mobile('12345')).toEqual({ value: '12345' });
  });

  it('reads dates, and a database zero date as not given', () => {
    expect(read('dateOfBirth', ['03/11/1990', '0-0', '0000-00-00', 'soon'])).toEqual(['1990-11-03', '', '', 'soon']);
  });

  it('counts empty cells, dashes, dots and N/A as blank in every column', () => {
    expect(['', '-', '--', '—', '.', 'N/A', 'n/a', 'NA'].map(isBlankCell)).toEqual([true, true, true, true, true, true, true, true]);
    expect(['0', 'Nairobi', '-1'].map(isBlankCell)).toEqual([false, false, false]);
  });
});
