import { describe, expect, it } from 'vitest';
import { moveNameArticleToFront, tidyNameArticle } from '../../../pipeline/normalise/name-articles.ts';
import type { Language } from '../../../model/countries.ts';

describe('moveNameArticleToFront', () => {
  it.each<[string, Language, string]>([
    ['Madrigueras (Las)', 'es', 'Las Madrigueras'],
    ['Miradero, (El)', 'es', 'El Miradero'],
    ['Alenes del Mar, Los', 'es', 'Los Alenes del Mar'],
    ['Cango (El)', 'es', 'El Cango'],
    ['Aguilas(Las)', 'es', 'Las Aguilas'],
    ['Tinta (la)', 'es', 'La Tinta'],
    ['Tilos ( Los )', 'es', 'Los Tilos'],
    ['Viñedos de Marco, S.L. (Los)', 'es', 'Los Viñedos de Marco, S.L.'],
    ['Laguna B&B (La)', 'es', 'La Laguna B&B'],
    ['Hostal del Pi (Els)', 'es', 'Els Hostal del Pi'],
    ['Hostellerie (L’)', 'fr', "L'Hostellerie"],
    ['Hostellerie du Lac (L\')', 'fr', "L'Hostellerie du Lac"],
    ['Moulin, Le', 'fr', 'Le Moulin'],
    ['Quinta do Vale (A)', 'pt', 'A Quinta do Vale'],
    ['Crescent Townhouse, The', 'en', 'The Crescent Townhouse'],
    ['CANGO (EL)', 'es', 'EL CANGO'],
  ])('%s (%s) → %s', (name, language, expected) => {
    expect(moveNameArticleToFront(name, language)).toBe(expected);
  });

  it.each<[string, Language]>([
    ['Camping Victoria (Jaca)', 'es'],
    ['Uchan, Casa', 'es'],
    ['Radisson Blu Hotel, Lyon', 'fr'],
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
