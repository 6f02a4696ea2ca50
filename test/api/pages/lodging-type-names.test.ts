// The lodgingType names of the pages: one for every key, each a few plain words.
import { describe, expect, it } from 'vitest';
import { lodgingTypeName } from '../../../api/pages/lodging-type-names.ts';
import { LODGING_TYPES_BY_SPECIFICITY } from '../../../model/lodging-types.ts';

describe('lodgingTypeName', () => {
  it.each(LODGING_TYPES_BY_SPECIFICITY.map((type) => [type]))('names %s in words', (type) => {
    // A missing name falls back to the key ("guesthouse", "motorhomeArea"), which this shape refuses.
    expect(lodgingTypeName(type)).toMatch(/^[A-Z][a-z]+(?: [a-z]+)*$/);
  });

  it('says what a guesthouse and the catch-all are', () => {
    expect(lodgingTypeName('guesthouse')).toBe('Guest house');
    expect(lodgingTypeName('lodging')).toBe('Place to stay');
  });
});
