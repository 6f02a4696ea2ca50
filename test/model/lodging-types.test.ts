// The spec's lodging types in specificity order: the most specific first, the plain `lodging` last.
import { describe, expect, it } from 'vitest';
import { isLodgingType, LODGING_TYPES_BY_SPECIFICITY } from '../../model/lodging-types.ts';
import { lodgingTypeSchema } from '../../model/place-schema.ts';

describe('lodging types', () => {
  it('are the Place schema’s, each once, lodging last', () => {
    expect([...LODGING_TYPES_BY_SPECIFICITY].sort()).toEqual([...lodgingTypeSchema.options].sort());
    expect(new Set(LODGING_TYPES_BY_SPECIFICITY).size).toBe(LODGING_TYPES_BY_SPECIFICITY.length);
    expect(LODGING_TYPES_BY_SPECIFICITY.at(-1)).toBe('lodging');
  });

  it('recognises exactly those keys', () => {
    expect(LODGING_TYPES_BY_SPECIFICITY.every(isLodgingType)).toBe(true);
    for (const value of ['Hotel', 'motel', '', null, 1]) expect(isLodgingType(value)).toBe(false);
  });
});
