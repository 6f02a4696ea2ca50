// Label-table edges the main tests leave open: every refusal's exact message, entry forms, pattern folding, phrase order.
import { describe, expect, it } from 'vitest';
import { LODGING_TYPES_BY_SPECIFICITY } from '../../model/place.ts';
import { compileLabelTable, entryLabel } from '../../pipeline/normalise/label-tables.ts';

const valid = {
  language: 'es',
  exact: { hotel: ['Hotel'] },
  headWords: { hotel: ['hotel'] },
  qualifiers: { none: ['boutique'] },
  quality: ['^\\d+ estrellas?$'],
  nonLodging: ['Bar'],
};
const compile = (raw: unknown) => compileLabelTable(raw, 't.json', 'es');

describe('compileLabelTable refusals, word for word', () => {
  const fields = 'language, notes, exact, headWords, qualifiers, quality, nonLodging';
  const cases: [string, unknown, string][] = [
    ['a list at the top level', [valid], 't.json: (top level): must be a JSON object'],
    ['null at the top level', null, 't.json: (top level): must be a JSON object'],
    ['an unknown field', { ...valid, extra: 1 }, `t.json: extra: unknown field (expected ${fields})`],
    ['notes that are not strings', { ...valid, notes: ['why', 3] }, 't.json: notes[1]: must be a non-empty string'],
    ['notes that are no list', { ...valid, notes: 'why' }, 't.json: notes: must be an array of strings'],
    ['exact that is no object', { ...valid, exact: ['Hotel'] }, 't.json: exact: must be an object of lodging key → labels'],
    ['an unknown key in exact', { ...valid, exact: { inn: ['Inn'] } }, `t.json: exact.inn: unknown lodging key (expected one of ${LODGING_TYPES_BY_SPECIFICITY.join(', ')})`],
    ['exact labels that are no list', { ...valid, exact: { hotel: 'Hotel' } }, 't.json: exact.hotel: must be an array of labels'],
    ['an empty exact label', { ...valid, exact: { hotel: ['Hotel', ''] } }, 't.json: exact.hotel[1]: must be a non-empty string or { "label": string, "note": string }'],
    ['a blank exact label', { ...valid, exact: { hotel: ['  '] } }, 't.json: exact.hotel[0]: must be a non-empty string or { "label": string, "note": string }'],
    ['an exact entry without a label', { ...valid, exact: { hotel: [{ note: 'x' }] } }, 't.json: exact.hotel[0]: must be a non-empty string or { "label": string, "note": string }'],
    ['a blank quality pattern', { ...valid, quality: ['x', ' '] }, 't.json: quality[1]: must be a non-empty string'],
    ['head words that are no object', { ...valid, headWords: ['hotel'] }, 't.json: headWords: must be an object of lodging key → words'],
    ['an unknown key in the head words', { ...valid, headWords: { inn: ['inn'] } }, 't.json: headWords.inn: unknown lodging key'],
    ['an unknown key in the qualifiers', { ...valid, qualifiers: { fancy: ['x'] } }, 't.json: qualifiers.fancy: unknown lodging key (or "none")'],
    ['a head word without letters', { ...valid, headWords: { hotel: ['hotel', '¿?'] } }, 't.json: headWords.hotel: "¿?" has no letters or digits'],
    ['a head word listed twice', { ...valid, headWords: { hotel: ['hotel'], hostel: ['Hotel'] } }, 't.json: headWords.hostel: "Hotel" is listed twice (also headWords.hotel "hotel")'],
  ];
  it.each(cases)('%s', (_name, raw, message) => {
    let thrown: unknown;
    try {
      compile(raw);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toBe(message);
    expect((thrown as Error).name).toBe('TableError');
  });
});

describe('label table entries', () => {
  it('reads a label written as a string or as { label, note }, and nothing else', () => {
    expect(entryLabel('Hotel')).toBe('Hotel');
    expect(entryLabel({ label: 'Hotel', note: 'why' })).toBe('Hotel');
    expect(entryLabel({ note: 'why' })).toBeUndefined();
    expect(entryLabel({ label: 3 })).toBeUndefined();
    expect(entryLabel(['Hotel'])).toBeUndefined();
    expect(entryLabel(null)).toBeUndefined();
  });

  it('folds the accents of a quality pattern and matches it regardless of case', () => {
    const table = compile({ ...valid, quality: ['^hôtel \\d étoiles?$'] });
    expect(table.quality[0]!.pattern.test('HOTEL 4 ETOILES')).toBe(true);
  });

  it('orders phrases longest first: by words, then by letters', () => {
    const table = compile({ ...valid, headWords: { hostel: ['albergue', 'albergue juvenil'], hotel: ['hotel', 'aparthotel'] } });
    expect(table.headWords.map((phrase) => phrase.entry)).toEqual(['albergue juvenil', 'aparthotel', 'albergue', 'hotel']);
  });
});
