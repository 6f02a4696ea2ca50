import { describe, expect, it } from 'vitest';
import { chainsOf, checkNameAgainstType, kindSuggestedByName, nameWordsOf, phrasesByFirstWord, phrasesOf } from '../../../pipeline/normalise/name-suggests.ts';
import type { CountryCode, LodgingType } from '../../../model/place.ts';

describe('kindSuggestedByName', () => {
  it.each<[string, LodgingType | null]>([
    ['AMY S B&B', 'bedAndBreakfast'],
    ['Boutique B. & B.', 'bedAndBreakfast'],
    ['Brakenberry B And B', 'bedAndBreakfast'],
    ['Springfield Bed and Breakfast', 'bedAndBreakfast'],
    ['Pearl Court Guest House', 'guesthouse'],
    ['Titanic Guesthouse', 'guesthouse'],
    ['Lagan Backpackers Hostel', 'hostel'],
    ['Riverside Apartments', 'apartment'],
    ['Camper Área Sierra', 'motorhomeArea'],
    ['Camping Área de Autocaravanas El Sol', 'motorhomeArea'],
    ['Casa Rural Goiena', 'ruralHouse'],
    ['Hostal Niño', 'guesthouse'],
    ['Gîte du Moulin', 'holidayHome'],
    ['Parque de Campismo de Mira', 'campsite'],
    ['Avenue House', null],
    ['Hostelería Bob', null],
    ['Bbb Hotel', null],
  ])('%s → %s', (name, expected) => {
    expect(kindSuggestedByName(name)).toBe(expected);
  });

  it('reads names as spaced, folded words', () => {
    expect(nameWordsOf('Boutique B. & B.')).toBe(' boutique b and b ');
  });
});

describe('checkNameAgainstType', () => {
  it.each<[string | null, LodgingType, LodgingType | null]>([
    ['Maryville House B & B', 'hotel', 'bedAndBreakfast'],
    ['Ravenhill Guest House', 'hotel', 'guesthouse'],
    ['Salvation Army Hostel', 'lodging', 'hostel'],
    ['Ashfield Bed & Breakfast', 'bedAndBreakfast', null],
    ['Windermere Guest House', 'bedAndBreakfast', null],
    ['Camping Sol', 'motorhomeArea', null],
    ['Lansdowne Hotel', 'hotel', null],
    [null, 'hotel', null],
  ])('%s labelled %s → %s', (name, lodgingType, suggested) => {
    const issues = checkNameAgainstType(name, lodgingType, 'gb');
    expect(issues.map((found) => found.group ?? null)).toEqual(suggested === null ? [] : [suggested]);
    for (const found of issues) expect(found).toMatchObject({ field: 'lodgingType', code: 'name-suggests', value: name });
  });
});

describe('name-suggests: edge cases found by mutation runs', () => {
  it.each([
    ['B&B', ' b and b '],
    ['Casa-Rural_Sol', ' casa rural sol '],
    ['Café  Ñu', ' cafe nu '],
    ['  Hostal 2 Estrellas!! ', ' hostal 2 estrellas '],
    ['hostal42', ' hostal42 '],
    // Letters and digits beyond ASCII after the fold are words too, and runs of other signs one space.
    ['Ξενώνας', ' ξενωνας '],
    ['Ξενώνας «Ήλιος» 3', ' ξενωνας ηλιος 3 '],
    ['Hostal Łódź', ' hostal lodz '],
    ['Albergue ٣', ' albergue ٣ '],
  ])('nameWordsOf(%j) → %j', (name, words) => {
    expect(nameWordsOf(name)).toBe(words);
  });

  // Several phrases: the most specific kind wins, whatever the order of the words or of the table.
  it.each<[string, LodgingType | null]>([
    ['Hostal&Camping', 'campsite'],
    ['Camping Hostal', 'campsite'],
    ['Hostal Camping', 'campsite'],
    ['Casa Rural Camping', 'campsite'],
    ['Guest House Campsite', 'campsite'],
    ['Campsite Guest House', 'campsite'],
    ['Pension Apartamentos', 'apartment'],
    ['Hotel Bed & Breakfast Youth Hostel', 'bedAndBreakfast'],
    // The English table comes first: a later, more specific phrase still wins.
    ['Guest House Camping', 'campsite'],
    ['Youth Hostel Casa Rural', 'ruralHouse'],
    // A phrase is whole words only.
    ['hostal42', null],
    ['Casa rural9', null],
    // A provider's missing value written out: a word of no phrase.
    ['undefined', null],
    ['Albergue «Ήλιος»', 'hostel'],
  ])('%j → %s', (name, expected) => {
    expect(kindSuggestedByName(name)).toBe(expected);
  });

  it('says which kind the name suggests and which the labels gave', () => {
    expect(checkNameAgainstType('Pearl Court Guest House', 'hotel', 'gb')).toEqual([
      {
        field: 'lodgingType',
        code: 'name-suggests',
        value: 'Pearl Court Guest House',
        detail: 'the name suggests guesthouse; the labels say hotel',
        group: 'guesthouse',
      },
    ]);
  });
});

describe('chains whose name carries a kind word (data/names/chains.json)', () => {
  const flagged = (name: string, lodgingType: LodgingType, country: CountryCode) =>
    checkNameAgainstType(name, lodgingType, country).map((found) => found.group ?? null);

  it.each<[string, LodgingType, CountryCode]>([
    ['B&B Hôtel Brest Port', 'hotel', 'fr'],
    ['B&B Hotel LE MANS Centre', 'hotel', 'fr'],
    ['HÔTEL B&B Centre Ville, parking gratuit', 'hotel', 'fr'],
    ['B&B HOTELS Madrid Fuenlabrada', 'hotel', 'es'],
    ['B&B Poitiers Centre', 'hotel', 'fr'],
    ['B&B Hôtel Lisboa', 'lodging', 'pt'],
  ])('%s labelled %s in %s: the chain name raises no flag', (name, lodgingType, country) => {
    expect(flagged(name, lodgingType, country)).toEqual([]);
  });

  it.each<[string, LodgingType, CountryCode, LodgingType]>([
    // The rest of the name is still read.
    ['B&B Hotel Camping Sol', 'hotel', 'fr', 'campsite'],
    // The short form counts as the chain only at the start, and only when the labels give the chain's kind.
    ['B&B Poitiers Centre', 'lodging', 'fr', 'bedAndBreakfast'],
    ['Sol Chic B&B', 'hotel', 'es', 'bedAndBreakfast'],
    // Where the chain does not run, its words are read as usual.
    ['B&B Hotel Belfast', 'hotel', 'gb', 'bedAndBreakfast'],
    ['B&B Lisburn Road', 'hotel', 'gb', 'bedAndBreakfast'],
    // After the short form of the chain, the rest of the name is still read.
    ['B&B Camping Sol', 'hotel', 'fr', 'campsite'],
  ])('%s labelled %s in %s → %s', (name, lodgingType, country, suggested) => {
    expect(flagged(name, lodgingType, country)).toEqual([suggested]);
  });

  it('reads a chain name only as whole words', () => {
    expect(flagged('B&B Hotelier Rouen', 'lodging', 'fr')).toEqual(['bedAndBreakfast']);
  });

  it("keeps the words either side of a chain's name apart", () => {
    // Joined, "Host" and "Al" would read "hostal".
    expect(flagged('Host B&B Hotel Al', 'hotel', 'es')).toEqual([]);
  });
});

describe('phrasesOf', () => {
  it("reads every language's phrases as name words, with their kind, and skips the notes", () => {
    const table = { notes: ['Words of a name.'], note: 'One more.', en: { bedAndBreakfast: ['B & B', 'Bed and Breakfast'] }, es: { hostel: ['Albergue'] } };
    expect(phrasesOf(table)).toEqual([
      { phrase: ' b and b ', key: 'bedAndBreakfast' },
      { phrase: ' bed and breakfast ', key: 'bedAndBreakfast' },
      { phrase: ' albergue ', key: 'hostel' },
    ]);
  });

  it('reads the committed table', () => {
    expect(phrasesOf()).toContainEqual({ phrase: ' casa rural ', key: 'ruralHouse' });
  });

  it('refuses a kind it does not know, naming the file and the kind', () => {
    expect(() => phrasesOf({ en: { hostel: ['hostel'], castle: ['castle'] } })).toThrow(new Error('data/names/name-words.json: unknown kind castle'));
  });
});

describe('phrasesByFirstWord', () => {
  it('lists the phrases under their first word, in table order', () => {
    const bAndB = { phrase: ' b and b ', key: 'bedAndBreakfast' } as const;
    const bnb = { phrase: ' bnb ', key: 'bedAndBreakfast' } as const;
    const bed = { phrase: ' bed and breakfast ', key: 'bedAndBreakfast' } as const;
    const b = { phrase: ' b ', key: 'hotel' } as const;
    expect([...phrasesByFirstWord([bAndB, bnb, bed, b])]).toEqual([
      ['b', [bAndB, b]],
      ['bnb', [bnb]],
      ['bed', [bed]],
    ]);
    expect(phrasesByFirstWord([])).toEqual(new Map());
  });
});

describe('chainsOf', () => {
  it('reads each chain with its names and short forms as name words, longest first', () => {
    const table = { chains: [{ kind: 'hotel', countries: ['fr'], names: ['B&B Hotel', 'B&B Hotels', 'Ibis'], leading: ['BB', 'B&B'] }] };
    expect(chainsOf(table)).toEqual([{ kind: 'hotel', countries: ['fr'], names: [' b and b hotels ', ' b and b hotel ', ' ibis '], leading: [' b and b ', ' bb '] }]);
  });

  it('reads the committed table', () => {
    expect(chainsOf()).toContainEqual(expect.objectContaining({ kind: 'hotel', leading: [' b and b '] }));
  });

  it('refuses a kind it does not know, naming the file and the kind', () => {
    const table = { chains: [{ kind: 'castle', countries: ['fr'], names: ['Castles'], leading: [] }] };
    expect(() => chainsOf(table)).toThrow(new Error('data/names/chains.json: unknown kind castle'));
  });
});
