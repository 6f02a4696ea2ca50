// Typing mistakes between words: Damerau edits, the allowance by word length, and beginnings typed with mistakes.
import { describe, expect, it } from 'vitest';
import { allowedEdits, boundedEditDistance, prefixEditDistance } from '../../../pipeline/snapshot/typo-distance.ts';

describe('typing mistakes', () => {
  it.each([
    ['aguere', 'aguere', 0],
    ['aguere', 'agere', 1], // a letter missing
    ['aguere', 'aguerre', 1], // an extra letter
    ['aguere', 'aguare', 1], // a letter replaced
    ['aguere', 'augere', 1], // two neighbours swapped
    ['aguere', 'gauree', 2],
    ['marina', 'mraina', 1],
    ['hotel', 'hostal', 2],
  ])('%s → %s: %i edits', (a, b, edits) => {
    expect(boundedEditDistance(a, b, 2)).toBe(edits);
    expect(boundedEditDistance(b, a, 2)).toBe(edits);
  });

  it('caps the distance at max + 1', () => {
    expect(boundedEditDistance('aguere', 'marina', 1)).toBe(2);
    expect(boundedEditDistance('a', 'abcd', 2)).toBe(3);
  });

  it('allows none up to 3 letters, one from 4 to 7, two from 8', () => {
    expect([1, 3, 4, 7, 8, 12].map(allowedEdits)).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('measures a beginning typed with a mistake against the best beginning of the word', () => {
    expect(prefixEditDistance('agur', 'aguere', 1)).toBe(1);
    expect(prefixEditDistance('aguer', 'aguere', 1)).toBe(0);
    expect(prefixEditDistance('xyzq', 'aguere', 1)).toBe(2);
  });
});
