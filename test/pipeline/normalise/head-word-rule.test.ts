// The head-word rule on labels that are NOT in any table: the noun naming the kind wins over qualifiers.
import { describe, expect, it } from 'vitest';
import { labelTables } from '../../../pipeline/normalise/bundled-label-tables.ts';
import { labelKey } from '../../../pipeline/normalise/label-key.ts';
import { classifyLabel } from '../../../pipeline/normalise/lodging-type.ts';
import { decideByHeadWord, findPhrases, moreSpecific } from '../../../pipeline/normalise/head-word-rule.ts';
import type { LabelTable, RulePhrase } from '../../../pipeline/normalise/label-tables.ts';
import type { LodgingType } from '../../../model/place.ts';

const cases: [string, LodgingType][] = [
  // Spanish: the noun first, then what qualifies it.
  ['Hostal rural con encanto', 'guesthouse'],
  ['Pensión familiar del centro', 'guesthouse'],
  ['Hotel boutique de diseño en el casco antiguo', 'hotel'],
  ['Albergue de peregrinos privado', 'hostel'],
  ['Apartamentos turísticos de lujo', 'apartment'],
  ['Camping familiar con piscina', 'campsite'],
  ['Alojamiento rural con encanto', 'ruralHouse'],
  ['Turismo rural en la sierra', 'ruralHouse'],
  ['Viviendas de uso turístico en la playa', 'holidayHome'],
  ['Hotel termal y de montaña', 'resort'],
  ['Casa de huéspedes en el centro', 'guesthouse'],
  ['Habitaciones con desayuno en casa particular', 'bedAndBreakfast'],
  ['Taberna con habitaciones', 'guesthouse'],
  ['Càmping de muntanya', 'campsite'],
  ['Alberg de la Vall', 'hostel'],
  ['Landetxea Gorbeia', 'ruralHouse'],
  // English: qualifiers before the noun; "with rooms" names lodging only where no noun does.
  ['Family-run country hotel', 'hotel'],
  ['Luxury boutique B&B', 'bedAndBreakfast'],
  ['Traditional coaching inn with rooms', 'guesthouse'],
  ['Tapas bar with rooms', 'guesthouse'],
  ['Dog-friendly holiday cottages', 'holidayHome'],
  ['Independent backpackers hostel', 'hostel'],
  ['Luxury self-catering lodges', 'holidayHome'],
  ['Thermal wellness hotel', 'resort'],
  ['Touring caravan and camping park', 'campsite'],
  ['Serviced apartments in the city centre', 'apartment'],
  // French.
  ["Chambres d'hôtes de charme en Provence", 'bedAndBreakfast'],
  ['Hôtel thermal de luxe', 'resort'],
  ['Gîte de séjour pour randonneurs', 'hostel'],
  ['Camping familial 3 étoiles', 'campsite'],
  ['Résidence de vacances avec piscine', 'apartment'],
  ['Auberge collective du lac', 'hostel'],
  ['Meublés de tourisme en bord de mer', 'holidayHome'],
  ['Hébergement rural en montagne', 'ruralHouse'],
  // Portuguese.
  ['Hotel de charme no centro histórico', 'hotel'],
  ['Alojamento local com piscina', 'holidayHome'],
  ['Quartos para alugar na praia', 'guesthouse'],
  ['Parque de campismo e caravanismo municipal', 'campsite'],
  ['Hotel termal do Gerês', 'resort'],
  ['Pensão residencial familiar', 'guesthouse'],
  ['Casas de turismo rural do Alentejo', 'ruralHouse'],
];

describe('the head-word rule classifies labels no table lists', () => {
  it.each(cases)('%j → %s', (label, key) => {
    const verdict = classifyLabel(label);
    expect(verdict?.key, verdict?.rule).toBe(key);
    expect(verdict?.rule).toMatch(/ (head word|qualifier) /);
  });

  it('none of these labels is an exact entry', () => {
    const exact = new Set(labelTables().flatMap((table) => [...table.exact.values()].map((e) => labelKey(e.entry))));
    expect(cases.filter(([label]) => exact.has(labelKey(label)))).toEqual([]);
  });

  it('a qualifier alone with no kind, or a non-lodging noun, is not lodging', () => {
    expect(classifyLabel('Boutique')?.kind).toBe('non-lodging');
    expect(classifyLabel('Escape room')?.kind).toBe('unknown');
    expect(classifyLabel('Restaurante de lujo')?.kind).toBe('unknown');
  });
});

// Edges of the phrase bookkeeping: a word a longer phrase used is not read again, by a shorter head or by a qualifier.
describe('edge cases: words already used by a phrase', () => {
  const phrase = (entry: string, key: LodgingType | null): RulePhrase => {
    const words = entry.split(' ');
    return { words, compact: words.join(''), key, entry };
  };
  // Longest first, as compileLabelTable orders them.
  const table: LabelTable = {
    language: 'fr',
    exact: new Map(),
    nonLodging: new Map(),
    quality: [],
    headWords: [
      phrase('auberge de jeunesse', 'hostel'),
      phrase('de jeunesse', 'campsite'),
      phrase('auberge', 'guesthouse'),
      phrase('jeunesse', 'resort'),
      phrase('hotel', 'hotel'),
    ],
    qualifiers: [phrase('de charme', null), phrase('rural', 'ruralHouse'), phrase('charme', 'bedAndBreakfast'), phrase('jeunesse', 'apartment')],
  };
  const read = (label: string) => {
    const { heads, qualifiers } = findPhrases(table, label);
    return { heads: heads.map((hit) => hit.rule), qualifiers: qualifiers.map((hit) => hit.rule) };
  };

  it.each<[string, string[], string[]]>([
    // The longer phrase takes its words: neither "auberge", "de jeunesse" nor "jeunesse" is read inside it.
    ['auberge de jeunesse', ['fr head word "auberge de jeunesse"'], []],
    // The word right after a matched phrase is still free.
    ['auberge de jeunesse hotel', ['fr head word "auberge de jeunesse"', 'fr head word "hotel"'], []],
    ['hotel auberge de jeunesse', ['fr head word "auberge de jeunesse"', 'fr head word "hotel"'], []],
    // Run together, the phrase is one word, and that word is used too.
    ['aubergedejeunesse rural', ['fr head word "auberge de jeunesse"'], ['fr qualifier "rural"']],
    // A phrase cut short by the label's end is no match; its first words are free for shorter phrases.
    ['hotel auberge de', ['fr head word "auberge"', 'fr head word "hotel"'], []],
    ['de jeunesse', ['fr head word "de jeunesse"'], []],
    // Each occurrence is read.
    ['hotel y hotel', ['fr head word "hotel"', 'fr head word "hotel"'], []],
    // A qualifier never reads a word a head used; a qualifier with no kind uses its words and names nothing.
    ['jeunesse rural', ['fr head word "jeunesse"'], ['fr qualifier "rural"']],
    ['hotel de charme rural', ['fr head word "hotel"'], ['fr qualifier "rural"']],
    ['hotel charme', ['fr head word "hotel"'], ['fr qualifier "charme"']],
    ['', [], []],
  ])('%j → heads %j, qualifiers %j', (label, heads, qualifiers) => {
    expect(read(label)).toEqual({ heads, qualifiers });
  });

  it('gives each hit its kind', () => {
    expect(findPhrases(table, 'auberge de jeunesse rural')).toEqual({
      heads: [{ key: 'hostel', rule: 'fr head word "auberge de jeunesse"' }],
      qualifiers: [{ key: 'ruralHouse', rule: 'fr qualifier "rural"' }],
    });
  });

  it.each<[LodgingType[], LodgingType[], LodgingType | null]>([
    [['hotel', 'campsite', 'guesthouse'], [], 'campsite'],
    [['campsite', 'hotel'], ['ruralHouse'], 'campsite'],
    [['lodging'], ['hotel', 'ruralHouse'], 'ruralHouse'],
    [['lodging'], [], 'lodging'],
    [[], ['guesthouse', 'apartment'], 'apartment'],
    [[], [], null],
  ])('decideByHeadWord: heads %j, qualifiers %j → %s', (heads, qualifiers, key) => {
    const hits = (keys: LodgingType[]) => keys.map((k) => ({ key: k, rule: k }));
    expect(decideByHeadWord([{ heads: hits(heads), qualifiers: hits(qualifiers) }])?.key ?? null).toBe(key);
  });

  it('moreSpecific follows the data rules\' order', () => {
    expect(moreSpecific('campsite', 'hotel')).toBe(true);
    expect(moreSpecific('hotel', 'campsite')).toBe(false);
    expect(moreSpecific('hotel', 'hotel')).toBe(false);
  });
});
