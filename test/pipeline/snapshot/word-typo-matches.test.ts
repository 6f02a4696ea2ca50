// The vocabulary walk for typing mistakes finds exactly the words a check of each word finds, in vocabulary order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedEditDistance, prefixEditDistance } from '../../../pipeline/snapshot/typo-distance.ts';
import { typoMatches } from '../../../pipeline/snapshot/word-typo-matches.ts';

/** What each word checked on its own finds. */
function oneByOne(words: readonly string[], typed: string, max: number, prefix: boolean, skip: ReadonlySet<string>): string[] {
  return words.filter((word) => !skip.has(word) && (prefix ? prefixEditDistance(typed, word, max) : boundedEditDistance(typed, word, max)) <= max);
}

const letters = fc.constantFrom('a', 'b', 'c', 'e', 'r', 'u');
const word = fc.array(letters, { minLength: 1, maxLength: 10 }).map((chars) => chars.join(''));

describe('typo matches over a sorted vocabulary', () => {
  it('equals checking every word, whole words and beginnings, one or two edits', () => {
    fc.assert(
      fc.property(fc.uniqueArray(word, { maxLength: 60 }), word, fc.integer({ min: 1, max: 2 }), fc.boolean(), (list, typed, max, prefix) => {
        const words = [...list].sort();
        const skip = new Set(words.filter((w) => w.startsWith(typed)));
        expect(typoMatches(words, typed, max, prefix, skip)).toEqual(oneByOne(words, typed, max, prefix, skip));
        expect(typoMatches(words, typed, max, prefix, new Set())).toEqual(oneByOne(words, typed, max, prefix, new Set()));
      }),
      { numRuns: 400 },
    );
  });

  it('finds a swapped, missing, extra or replaced letter and leaves far words out', () => {
    const words = ['aguare', 'aguere', 'aguerre', 'agere', 'augere', 'marina', 'mraina', 'zzz'].sort();
    expect(typoMatches(words, 'aguere', 1, false, new Set(['aguere']))).toEqual(['agere', 'aguare', 'aguerre', 'augere']);
    expect(typoMatches(words, 'mrain', 1, true, new Set())).toEqual(['marina', 'mraina']);
    expect(typoMatches(words, 'aguere', 0, false, new Set())).toEqual([]);
  });
});
