import { describe, expect, it } from 'vitest';
import { articlesOf, moveNameArticleToFront, tidyNameArticle, trailingArticlePattern } from '../../../pipeline/normalise/name-articles.ts';
import type { Language } from '../../../model/countries.ts';

describe('moveNameArticleToFront', () => {
  it.each<[string, Language, string]>([
    ['Madrigueras (Las)', 'es', 'Las Madrigueras'],
    ['Miradero, (El)', 'es', 'El Miradero'],
    ['Alenes del Mar, Los', 'es', 'Los Alenes del Mar'],
    ['Cango (El)', 'es', 'El Cango'],
    ['Gaviotas(Las)', 'es', 'Las Gaviotas'],
    ['Fuente (la)', 'es', 'La Fuente'],
    ['Almendros ( Los )', 'es', 'Los Almendros'],
    ['Pinares del Sur, S.L. (Los)', 'es', 'Los Pinares del Sur, S.L.'],
    ['Cumbre B&B (La)', 'es', 'La Cumbre B&B'],
    ['Hostal del Pi (Els)', 'es', 'Els Hostal del Pi'],
    ['Hostellerie (L’)', 'fr', "L'Hostellerie"],
    ['Hostellerie du Lac (L\')', 'fr', "L'Hostellerie du Lac"],
    ['Moulin, Le', 'fr', 'Le Moulin'],
    ['Quinta do Vale (A)', 'pt', 'A Quinta do Vale'],
    ['Crescent Townhouse, The', 'en', 'The Crescent Townhouse'],
    ['MADROÑAL (EL)', 'es', 'EL MADROÑAL'],
    ['1900 (EL)', 'es', 'El 1900'], // no letters to tell the case by: the table's spelling
  ])('%s (%s) → %s', (name, language, expected) => {
    expect(moveNameArticleToFront(name, language)).toBe(expected);
  });

  it.each<[string, Language]>([
    ['Camping Río Ara (Huesca)', 'es'],
    ['Tía Lola, Casa', 'es'],
    ['Hôtel du Parc, Annecy', 'fr'],
    ['Moulin, Le', 'es'], // a French article is not read in Spanish
    ['Cango (El)', 'en'],
    ['Casa Sol, A', 'es'],
    ['(La)', 'es'],
    ['La Orotava', 'es'],
    ['Hotel La Palma', 'es'],
    ['Casa (La) del Monte', 'es'],
    ['Quinta do Vale (As) II', 'pt'],
  ])('%s (%s) stays as written', (name, language) => {
    expect(moveNameArticleToFront(name, language)).toBe(name);
  });
});

describe('tidyNameArticle', () => {
  it('records the repair with the name as written', () => {
    expect(tidyNameArticle('Madrigueras (Las)', 'es')).toEqual({
      value: 'Las Madrigueras',
      issues: [{ field: 'name', code: 'article-moved', value: 'Madrigueras (Las)', detail: 'read as "Las Madrigueras"' }],
    });
  });

  it('leaves other names and a missing name alone, without an issue', () => {
    expect(tidyNameArticle('Hotel Aguere', 'es')).toEqual({ value: 'Hotel Aguere', issues: [] });
    expect(tidyNameArticle(null, 'es')).toEqual({ value: null, issues: [] });
  });
});

describe('articlesOf', () => {
  it("reads a language's articles from the table", () => {
    expect(articlesOf('es', { es: ['el', 'la'] })).toEqual(['el', 'la']);
    expect(articlesOf('fr')).toContain("L'");
  });

  it.each<[string, Record<string, unknown>]>([
    ['no list', {}],
    ['not a list', { es: 'el' }],
    ['an entry that is no text', { es: ['el', 3] }],
    ['an empty entry', { es: ['el', ''] }],
    ['a blank entry', { es: ['el', '  '] }],
  ])('refuses a table with %s, naming the file and the language', (_, table) => {
    expect(() => articlesOf('es', table)).toThrow(new Error('data/names/articles.json: es must be a list of articles'));
  });
});

describe('trailingArticlePattern', () => {
  const pattern = trailingArticlePattern(['St.', "L'", 'A+']);

  it.each<[string, (string | undefined)[]]>([
    ['Mary, St.', [undefined, undefined, 'Mary', 'St.']],
    ['Hostellerie (L’)', ['Hostellerie', 'L’', undefined, undefined]],
    ["Hostellerie, L'", [undefined, undefined, 'Hostellerie', "L'"]],
    ['Casa, a+', [undefined, undefined, 'Casa', 'a+']],
  ])('reads %j as the name and the article, letters as written', (name, groups) => {
    expect(pattern.exec(name)?.slice(1)).toEqual(groups);
  });

  it.each(['Mary, Stx', 'Mary, St', 'Casa, AA', 'Hostellerie, L'])('reads %j as no article of the list: a sign in an article matches only itself', (name) => {
    expect(pattern.exec(name)).toBeNull();
  });
});
