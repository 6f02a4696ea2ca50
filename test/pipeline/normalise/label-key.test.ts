// Label keys: folding (case, accents, "&", punctuation), every plural rule of each language, and compact keys.
import { describe, expect, it } from 'vitest';
import { compactKey, labelKey, singularKey, singularKeys, type LabelLanguage } from '../../../pipeline/normalise/label-key.ts';

describe('labelKey', () => {
  it.each([
    ['B&B', 'b and b'],
    ['Apart-Hôtel', 'apart hotel'],
    ['  Casa   Rural!! ', 'casa rural'],
  ])('folds %j into %j', (label, key) => {
    expect(labelKey(label)).toBe(key);
  });
});

describe('singularKey: each rule makes the plural ending singular, and only at the end of a word', () => {
  // [language, word, singular]: a plural per rule, then a word holding the same letters mid-word, which stays.
  const cases: [LabelLanguage, string, string][] = [
    ['es', 'hoteles', 'hotel'],
    ['es', 'hostales', 'hostal'],
    ['es', 'pensiones', 'pension'],
    ['es', 'paradores', 'parador'],
    ['es', 'landetxeak', 'landetxea'],
    ['es', 'casas', 'casa'],
    ['es', 'albergues', 'albergue'],
    ['es', 'campings', 'camping'],
    ['es', 'telesilla', 'telesilla'],
    ['es', 'akelarre', 'akelarre'],
    ['es', 'kayak', 'kaya'],
    ['es', '4s', '4s'],
    ['es', 'express', 'express'],
    ['en', 'properties', 'property'],
    ['en', 'diesel', 'diesel'],
    ['en', 'boxes', 'box'],
    ['en', 'churches', 'church'],
    ['en', 'glasses', 'glass'],
    ['en', 'bushes', 'bush'],
    ['en', 'zest', 'zest'],
    ['en', 'houses', 'house'],
    ['en', 'inns', 'inn'],
    ['en', 'stays', 'stay'],
    ['en', 'hostel', 'hostel'],
    ['en', 'campus', 'campus'],
    ['en', 'days', 'day'],
    ['fr', 'chateaux', 'chateau'],
    ['fr', 'lieux', 'lieu'],
    ['fr', 'deuxieme', 'deuxieme'],
    ['fr', 'hopitaux', 'hopital'],
    ['fr', 'auxiliaire', 'auxiliaire'],
    ['fr', 'hotels', 'hotel'],
    ['fr', 'gites', 'gite'],
    ['fr', 'hostellerie', 'hostellerie'],
    ['fr', 'relais', 'relai'],
    ['pt', 'pensoes', 'pensao'],
    ['pt', 'caes', 'cao'],
    ['pt', 'poesia', 'poesia'],
    ['pt', 'locais', 'local'],
    ['pt', 'paisagem', 'paisagem'],
    ['pt', 'hoteis', 'hotel'],
    ['pt', 'seisena', 'seisena'],
    ['pt', 'lencois', 'lencol'],
    ['pt', 'boisserie', 'boisserie'],
    ['pt', 'azuis', 'azul'],
    ['pt', 'suisse', 'suisse'],
    ['pt', 'viagens', 'viagem'],
    ['pt', 'lugares', 'lugar'],
    ['pt', 'luzes', 'luz'],
    ['pt', 'arestas', 'aresta'],
    ['pt', 'apartamentos', 'apartamento'],
    ['pt', 'hostel', 'hostel'],
    ['pt', 'estrelas', 'estrela'],
    ['pt', 'nsala', 'nsala'],
    ['pt', 'ansiedade', 'ansiedade'],
  ];
  it.each(cases)('in %s reads %j as %j', (language, word, singular) => {
    expect(singularKey(word, language)).toBe(singular);
  });

  it('makes every word of a key singular', () => {
    expect(singularKey('casas rurales', 'es')).toBe('casa rural');
    expect(singularKeys('casas rurales')).toEqual(['casa rural', 'casa rurale']);
  });
});

describe('compactKey', () => {
  it.each([
    ['guest house', 'guesthouse'],
    ['casa rural', 'casarural'],
    ['hotel', 'hotel'],
  ])('joins %j into %j', (key, compact) => {
    expect(compactKey(key)).toBe(compact);
  });
});

// Boundaries the first mutation run found unpinned (input → output only).
describe('mutation boundaries', () => {
  describe('label keys', () => {
    it('leaves words with digits alone: "4s" stays "4s"', () => {
      expect(singularKey(labelKey('Hotel 4s'), 'es')).toBe('hotel 4s');
      expect(singularKey(labelKey('2 estrellas'), 'es')).toBe('2 estrella');
      expect(singularKey('a1s', 'en')).toBe('a1s');
    });
    it.each([
      ['Œuvre', 'oeuvre'],
      ['Cæsar', 'caesar'],
      ['Straße', 'strasse'],
      ['Bjørn', 'bjorn'],
      ['Łódź', 'lodz'],
      ['Đakovo', 'dakovo'],
    ])('folds the ligature or letter in %s', (label, key) => {
      expect(labelKey(label)).toBe(key);
    });
  });
});
