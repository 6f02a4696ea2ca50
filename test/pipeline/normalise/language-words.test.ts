// The words of each language are data: every file has every list, and the rules read what the files say.
import { describe, expect, it } from 'vitest';
import { alternation, mergeWordFiles, WORDS } from '../../../pipeline/normalise/language-words.ts';
import { parseHoursText } from '../../../pipeline/normalise/opening-hours.ts';
import { parseVerified } from '../../../pipeline/normalise/scalars.ts';

describe('language word files', () => {
  it('merge every language: Spanish, Catalan, Basque, English, French and Portuguese words side by side', () => {
    expect(WORDS.closed).toEqual(expect.arrayContaining(['cerrado', 'tancat', 'itxita', 'closed', 'fermé', 'fechado']));
    expect(WORDS.phoneExtensions).toEqual(expect.arrayContaining(['extensión', 'ext', 'poste', 'ramal']));
    expect(WORDS.countryNames.es).toEqual(expect.arrayContaining(['españa', 'espagne', 'espanha', 'spanien']));
  });

  it('refuse a file that lacks a list, naming it', () => {
    expect(() => mergeWordFiles([{ source: 'xx.json', raw: { language: 'xx', yes: ['ja'] } }])).toThrow(/xx\.json: no must be a list of words/);
  });

  it('alternation puts longer words first and matches nothing for an empty list', () => {
    expect(alternation(['de', 'desde las', 'desde'])).toBe('desde\\s+las|desde|de');
    expect(new RegExp(`^(?:${alternation([])})$`).test('')).toBe(false);
  });

  it('are what the rules read', () => {
    expect(parseHoursText('Tancat')).toEqual([]);
    expect(parseHoursText('de 9h à 12h et de 14h à 18h')).toEqual([
      { open: '09:00', close: '12:00' },
      { open: '14:00', close: '18:00' },
    ]);
    expect(parseVerified('sim').value).toBe(true);
    expect(parseVerified('não').value).toBe(false);
  });
});

// Word-file checks the main tests leave open: each kind of malformed list or country-name map, merging across files, escaping.
describe('edge cases', () => {
  const LISTS = [
    'yes', 'no', 'closed', 'open', 'hourUnits', 'perDay', 'rangeJoiners', 'rangeOpeners', 'rangeTo', 'rangeToArticles',
    'phoneJoiners', 'phoneExtensions', 'reviewWords', 'thousandWords', 'streetWords', 'streetAbbreviations',
  ];

  /** A complete, valid word file with one word per list, and the fields given. */
  function file(language: string, fields: Record<string, unknown> = {}): { language: string; [field: string]: unknown } {
    return { language, ...Object.fromEntries(LISTS.map((list) => [list, [`${list}-${language}`]])), countryNames: {}, ...fields };
  }

  describe('mergeWordFiles', () => {
    it('merges every list and every country name of several files, lower-casing words and keeping each once', () => {
      const words = mergeWordFiles([
        { source: 'a.json', raw: file('a', { yes: ['Ja', 'ja'], countryNames: { es: ['Spanien'], gb: ['England'] } }) },
        { source: 'b.json', raw: file('b', { countryNames: { es: ['Espagne', 'Spanien'] } }) },
      ]);
      expect(words.yes).toEqual(['ja', 'yes-b']);
      expect(words.streetAbbreviations).toEqual(['streetabbreviations-a', 'streetabbreviations-b']);
      expect(words.countryNames).toEqual({ es: ['Spanien', 'Espagne'], gb: ['England'] });
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['a list that is no list', { closed: 'cerrado' }, 'x.json: closed must be a list of words'],
      ['a word that is not text', { open: ['abierto', 3] }, 'x.json: open must be a list of words'],
      ['an empty word', { perDay: ['al día', '  '] }, 'x.json: perDay must be a list of words'],
      ['country names that are a list', { countryNames: ['españa'] }, 'x.json: countryNames must be an object'],
      ['country names that are null', { countryNames: null }, 'x.json: countryNames must be an object'],
      ['country names that are text', { countryNames: 'españa' }, 'x.json: countryNames must be an object'],
      ['a country whose names are no list', { countryNames: { es: 'españa' } }, 'x.json: countryNames.es must be a list'],
    ])('refuses %s, naming the file and the field', (_what, fields, message) => {
      expect(() => mergeWordFiles([{ source: 'x.json', raw: file('x', fields) }])).toThrow(message);
    });

    it('accepts a file whose lists are empty', () => {
      expect(mergeWordFiles([{ source: 'x.json', raw: file('x', { reviewWords: [] }) }]).reviewWords).toEqual([]);
    });
  });

  describe('alternation', () => {
    it('escapes every character that means something in a pattern', () => {
      const words = ['av.', 'c/', 'n.º', '(x)', 'a+b', 'a*', 'a?', '^a$', '{a}', 'a|b', '[a]', 'a\\b'];
      const pattern = new RegExp(`^(?:${alternation(words)})$`, 'u');
      for (const word of words) expect(pattern.test(word)).toBe(true);
      expect(pattern.test('avx')).toBe(false);
      expect(pattern.test('a')).toBe(false);
    });
  });
});
