// The label tables load, name only real lodging keys, agree with themselves, and reject mistakes at load.
import { describe, expect, it } from 'vitest';
import { LODGING_TYPES_BY_SPECIFICITY } from '../../../model/place.ts';
import { compactKey, labelKey, singularKey, singularKeys } from '../../../pipeline/normalise/label-key.ts';
import { labelTables, rawLabelTables } from '../../../pipeline/normalise/bundled-label-tables.ts';
import { compileLabelTable, entryLabel } from '../../../pipeline/normalise/label-tables.ts';
import { checkLabelTables } from '../../../pipeline/labels/check-label-tables.ts';
import { classifyLabel } from '../../../pipeline/normalise/lodging-type.ts';

describe('labelTables()', () => {
  it('loads the four languages in a fixed order, each with every section filled', () => {
    expect(labelTables().map((table) => table.language)).toEqual(['es', 'en', 'fr', 'pt']);
    for (const table of labelTables()) {
      expect(table.exact.size, table.language).toBeGreaterThan(0);
      expect(table.headWords.length, table.language).toBeGreaterThan(0);
      expect(table.qualifiers.length, table.language).toBeGreaterThan(0);
      expect(table.quality.length, table.language).toBeGreaterThan(0);
      expect(table.nonLodging.size, table.language).toBeGreaterThan(0);
    }
  });

  it('uses only the spec LodgingType keys', () => {
    for (const table of labelTables()) {
      const keys = [...table.exact.values(), ...table.headWords].map((entry) => entry.key);
      for (const key of keys) expect(LODGING_TYPES_BY_SPECIFICITY).toContain(key);
      for (const qualifier of table.qualifiers) if (qualifier.key !== null) expect(LODGING_TYPES_BY_SPECIFICITY).toContain(qualifier.key);
    }
  });

  it('classifies every exact entry of every table to its own key (no table contradicts another)', () => {
    const wrong = labelTables().flatMap((table) =>
      [...table.exact.values()]
        .map(({ entry, key }) => ({ table: table.language, entry, key, got: classifyLabel(entry)?.key }))
        .filter(({ key, got }) => key !== got),
    );
    expect(wrong).toEqual([]);
  });

  it('classifies every head word, alone, to its own key or a more specific one another language gives it', () => {
    const wrong = labelTables().flatMap((table) =>
      table.headWords
        .map(({ entry, key }) => ({ table: table.language, entry, key, got: classifyLabel(entry) }))
        .filter(({ got }) => got?.kind !== 'lodging'),
    );
    expect(wrong).toEqual([]);
  });

  it('passes `lodging labels check`: no duplicates, conflicts or folded twins in or across the files', () => {
    expect(checkLabelTables(rawLabelTables())).toEqual([]);
  });

  it('classifies every non-lodging entry as non-lodging', () => {
    const wrong = labelTables().flatMap((table) =>
      [...table.nonLodging.values()]
        .map((entry) => ({ table: table.language, entry, got: classifyLabel(entry)?.kind }))
        .filter(({ got }) => got !== 'non-lodging'),
    );
    expect(wrong).toEqual([]);
  });
});

describe('compileLabelTable rejects a mistaken table at load, naming file and entry', () => {
  const valid = {
    language: 'es',
    exact: { hotel: ['Hotel'] },
    headWords: { hotel: ['hotel'] },
    qualifiers: { none: ['boutique'] },
    quality: ['^\\d+ estrellas?$'],
    nonLodging: ['Bar'],
  };
  const cases: [string, unknown, RegExp][] = [
    ['an unknown key in exact', { ...valid, exact: { hotels: ['Hotel'] } }, /test\.json: exact\.hotels: unknown lodging key/],
    ['an unknown key in the head words', { ...valid, headWords: { inn: ['x'] } }, /headWords\.inn: unknown lodging key/],
    ['"none" in the head words', { ...valid, headWords: { none: ['x'] } }, /headWords\.none: unknown lodging key/],
    ['an unknown field', { ...valid, keywords: [] }, /test\.json: keywords: unknown field/],
    ['an exact entry object with an unknown field', { ...valid, exact: { hotel: [{ label: 'Hotel', nota: 'x' }] } }, /exact\.hotel\[0\]\.nota: unknown field/],
    ['the wrong language', { ...valid, language: 'fr' }, /language: must be "es"/],
    ['an invalid quality pattern', { ...valid, quality: ['^(\\d+'] }, /quality: "\^\(\\d\+" is not a valid pattern/],
    ['a plural listed beside its singular', { ...valid, exact: { hotel: ['Hotel', 'Hoteles'] } }, /"Hoteles" is the same label as exact\.hotel "Hotel"/],
    ['a label both lodging and non-lodging', { ...valid, nonLodging: ['HOTEL'] }, /nonLodging: "HOTEL" is the same label/],
    ['an entry without letters', { ...valid, exact: { hotel: ['Hotel', '***'] } }, /exact\.hotel: "\*\*\*" has no letters/],
    ['a non-string entry', { ...valid, nonLodging: ['Bar', 7] }, /nonLodging\[1\]: must be a non-empty string/],
    ['a head word listed twice', { ...valid, headWords: { hotel: ['hotel', 'Hoteles'] } }, /headWords\.hotel: "Hoteles" is listed twice/],
    ['a qualifier that is also a head word', { ...valid, qualifiers: { none: ['Hotel'] } }, /qualifiers\.none: "Hotel" is listed twice/],
    ['a missing section', { language: 'es', exact: {}, headWords: {}, qualifiers: {}, quality: [] }, /nonLodging: must be an array/],
  ];
  it.each(cases)('%s', (_name, raw, message) => {
    expect(() => compileLabelTable(raw, 'test.json', 'es')).toThrow(message);
  });

  it('accepts the valid table, with a note beside a label', () => {
    expect(compileLabelTable(valid, 'test.json', 'es').exact.size).toBe(1);
    const noted = { ...valid, exact: { hotel: [{ label: 'Hotel', note: 'why' }] } };
    expect(compileLabelTable(noted, 'test.json', 'es').exact.get('hotel')).toEqual({ key: 'hotel', entry: 'Hotel' });
  });
});

describe('labelKey folds case, accents, punctuation and spacing', () => {
  const cases: [string, string][] = [
    ['HOTEL', 'hotel'],
    ['Hôtel', 'hotel'],
    ['  Casas   Rurales ', 'casas rurales'],
    ['Bed & Breakfast', 'bed and breakfast'],
    ['B&B', 'b and b'],
    ["Chambre d'hôtes", 'chambre d hotes'],
    ['Apart-hotel', 'apart hotel'],
    ['Multipropiedad (time-share)', 'multipropiedad time share'],
    ['Segunda categoría', 'segunda categoria'],
    ['1ª categoría', '1a categoria'],
    ['Área de serviço', 'area de servico'],
    ['Cabaña', 'cabana'],
    ['Œuvre', 'oeuvre'],
    ['***', ''],
  ];
  it.each(cases)('%j → %j', (label, key) => {
    expect(labelKey(label)).toBe(key);
  });
});

describe('singularKey folds plurals by each language rule', () => {
  const cases: [Parameters<typeof singularKey>[1], string, string][] = [
    ['es', 'hoteles', 'hotel'],
    ['es', 'casas rurales', 'casa rural'],
    ['es', 'albergues', 'albergue'],
    ['es', 'pensiones', 'pension'],
    ['es', 'apartahoteles', 'apartahotel'],
    ['es', 'agroturismos', 'agroturismo'],
    ['es', 'residencias universitarias', 'residencia universitaria'],
    ['es', 'llaves', 'llave'],
    ['es', 'muebles', 'mueble'],
    ['es', '4 estrellas', '4 estrella'],
    ['en', 'guest houses', 'guest house'],
    ['en', 'properties', 'property'],
    ['en', 'b and bs', 'b and b'],
    ['en', 'business', 'business'],
    ['fr', 'chambres d hotes', 'chambre d hote'],
    ['fr', 'chateaux', 'chateau'],
    ['fr', 'campings cars', 'camping car'],
    ['pt', 'pensoes', 'pensao'],
    ['pt', 'hoteis', 'hotel'],
    ['pt', 'alojamentos locais', 'alojamento local'],
    ['pt', 'viagens', 'viagem'],
    ['pt', 'parques de campismo', 'parque de campismo'],
    ['es', 'landetxeak', 'landetxea'],
    ['es', 'hotelak', 'hotela'],
  ];
  it.each(cases)('%s %j → %j', (language, key, singular) => {
    expect(singularKey(key, language)).toBe(singular);
  });

  it('singularKeys lists the distinct forms over all languages', () => {
    expect(singularKeys('hoteles')).toEqual(['hotel', 'hotele']);
    expect(singularKeys('hotel')).toEqual(['hotel']);
  });

  it('compactKey drops the spaces so compounds meet', () => {
    expect(compactKey('guest house')).toBe(compactKey('guesthouse'));
  });
});

// Label-table edges the main tests leave open: every refusal's exact message, entry forms, pattern folding, phrase order.
describe('edge cases', () => {
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
});
