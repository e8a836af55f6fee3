import type { ContactImportPreset } from '@ushirika/shared/contract';
import { coveringPresets, fieldsFilledTwice, mappingOf, presetCovers, presetMapping, sameMapping, unfilledFields } from './mapping';

const preset = (id: number, name: string, mapping: ContactImportPreset['mapping'], createdAt = '2026-11-01T08:00:00Z'): ContactImportPreset => ({
  id,
  name,
  mapping,
  createdAt,
});

describe('the columns step’s matching', () => {
  it('sends every header of the file, an ignored column as null', () => {
    expect(
      mappingOf([
        { header: 'Jina', field: 'firstName' },
        { header: 'Maelezo', field: null },
      ]),
    ).toEqual({ Jina: 'firstName', Maelezo: null });
  });

  it('names the fields new contacts need that no column fills, and the fields two columns fill', () => {
    expect(unfilledFields({ Jina: 'firstName', Simu: 'mobile', Notes: null })).toEqual(['lastName']);
    expect(unfilledFields({ A: 'firstName', B: 'lastName', C: 'mobile' })).toEqual([]);
    expect(fieldsFilledTwice({ A: 'mobile', B: 'mobile', C: 'email', D: null, E: null })).toEqual(['mobile']);
  });

  it('offers the presets that know every header of the file, newest first, with their matching of those headers only', () => {
    const church = preset(1, 'ChurchCRM', { 'First Name': 'firstName', 'Last Name': 'lastName', Phone: 'mobile', Extra: null });
    const older = preset(2, 'Old sheet', { 'First Name': 'firstName', 'Last Name': 'lastName', Phone: 'email' }, '2026-01-01T08:00:00Z');
    const other = preset(3, 'Breeze', { 'First Name': 'firstName' });
    const headers = ['First Name', 'Last Name', 'Phone'];
    expect(presetCovers(other, headers)).toBe(false);
    expect(presetCovers(church, [])).toBe(false);
    expect(coveringPresets([older, other, church], headers).map((p) => p.name)).toEqual(['ChurchCRM', 'Old sheet']);
    expect(presetMapping(church, headers)).toEqual({ 'First Name': 'firstName', 'Last Name': 'lastName', Phone: 'mobile' });
  });

  it('tells two matchings apart by every header', () => {
    expect(sameMapping({ A: 'firstName', B: null }, { B: null, A: 'firstName' })).toBe(true);
    expect(sameMapping({ A: 'firstName', B: null }, { A: 'firstName', B: 'email' })).toBe(false);
    expect(sameMapping({ A: 'firstName' }, { A: 'firstName', B: null })).toBe(false);
  });
});
