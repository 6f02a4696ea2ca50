// The label tables load, name only real lodging keys, agree with themselves, and reject mistakes at load.
import { describe, expect, it } from 'vitest';
import { LODGING_TYPES_BY_SPECIFICITY } from '../../model/place.ts';
import { compactKey, labelKey, singularKey, singularKeys } from '../../pipeline/normalise/label-key.ts';
import { LABEL_TABLES, compileLabelTable } from '../../pipeline/normalise/label-tables.ts';
import { classifyLabel } from '../../pipeline/normalise/lodging-type.ts';

describe('LABEL_TABLES', () => {
  it('loads the four languages in a fixed order, each with every section filled', () => {
    expect(LABEL_TABLES.map((table) => table.language)).toEqual(['es', 'en', 'fr', 'pt']);
    for (const table of LABEL_TABLES) {
      expect(table.exact.size, table.language).toBeGreaterThan(0);
      expect(table.keywords.length, table.language).toBeGreaterThan(0);
      expect(table.quality.length, table.language).toBeGreaterThan(0);
      expect(table.nonLodging.size, table.language).toBeGreaterThan(0);
    }
  });

  it('uses only the spec LodgingType keys', () => {
    for (const table of LABEL_TABLES) {
      const keys = [...table.exact.values(), ...table.keywords].map((entry) => entry.key);
      for (const key of keys) expect(LODGING_TYPES_BY_SPECIFICITY).toContain(key);
    }
  });

  it('classifies every exact entry of every table to its own key (no table contradicts another)', () => {
    const wrong = LABEL_TABLES.flatMap((table) =>
      [...table.exact.values()]
        .map(({ entry, key }) => ({ table: table.language, entry, key, got: classifyLabel(entry)?.key }))
        .filter(({ key, got }) => key !== got),
    );
    expect(wrong).toEqual([]);
  });

  it('classifies every keyword, alone, to its own key', () => {
    const wrong = LABEL_TABLES.flatMap((table) =>
      table.keywords
        .map(({ entry, key }) => ({ table: table.language, entry, key, got: classifyLabel(entry)?.key }))
        .filter(({ key, got }) => key !== got),
    );
    expect(wrong).toEqual([]);
  });

  it('classifies every non-lodging entry as non-lodging', () => {
    const wrong = LABEL_TABLES.flatMap((table) =>
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
    keywords: [{ contains: 'hotel', key: 'hotel' }],
    quality: ['^\\d+ estrellas?$'],
    nonLodging: ['Bar'],
  };
  const cases: [string, unknown, RegExp][] = [
    ['an unknown key in exact', { ...valid, exact: { hotels: ['Hotel'] } }, /test\.json: exact\.hotels: unknown lodging key/],
    ['an unknown key in a keyword', { ...valid, keywords: [{ contains: 'x', key: 'inn' }] }, /keywords\[0\]\.key: unknown lodging key "inn"/],
    ['an unknown field', { ...valid, keyword: [] }, /test\.json: keyword: unknown field/],
    ['a keyword with an unknown field', { ...valid, keywords: [{ contains: 'x', key: 'hotel', kye: 1 }] }, /keywords\[0\]\.kye/],
    ['the wrong language', { ...valid, language: 'fr' }, /language: must be "es"/],
    ['an invalid quality pattern', { ...valid, quality: ['^(\\d+'] }, /quality: "\^\(\\d\+" is not a valid pattern/],
    ['a plural listed beside its singular', { ...valid, exact: { hotel: ['Hotel', 'Hoteles'] } }, /"Hoteles" is the same label as exact\.hotel "Hotel"/],
    ['a label both lodging and non-lodging', { ...valid, nonLodging: ['HOTEL'] }, /nonLodging: "HOTEL" is the same label/],
    ['an entry without letters', { ...valid, exact: { hotel: ['Hotel', '***'] } }, /exact\.hotel: "\*\*\*" has no letters/],
    ['a non-string entry', { ...valid, nonLodging: ['Bar', 7] }, /nonLodging\[1\]: must be a non-empty string/],
    ['a keyword listed twice', { ...valid, keywords: [{ contains: 'hotel', key: 'hotel' }, { contains: 'Hoteles', key: 'hotel' }] }, /keywords\[1\]: "Hoteles" is listed twice/],
    ['a missing section', { language: 'es', exact: {}, keywords: [], quality: [] }, /nonLodging: must be an array/],
  ];
  it.each(cases)('%s', (_name, raw, message) => {
    expect(() => compileLabelTable(raw, 'test.json', 'es')).toThrow(message);
  });

  it('accepts the valid table', () => {
    expect(compileLabelTable(valid, 'test.json', 'es').exact.size).toBe(1);
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
