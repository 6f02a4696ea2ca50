// The label verdict cache: a label seen again gets the very same frozen verdict, and the cache is bounded at 20,000 labels.
import { describe, expect, it } from 'vitest';
import { classifyLodgingType, type LabelVerdict } from '../../../pipeline/normalise/lodging-type.ts';

const CACHE_LIMIT = 20_000;
let fillerCount = 0;
/** Classifies `count` labels never seen before, each taking one cache place. */
function classifyFreshLabels(count: number): void {
  for (let i = 0; i < count; i += 1) classifyLodgingType([`cache filler ${(fillerCount += 1)}`]);
}
function verdictOf(label: string): LabelVerdict | undefined {
  return classifyLodgingType([label]).verdicts[0];
}

describe('the label verdict cache', () => {
  it('hands out the same verdict object for a label seen again, after other labels', () => {
    const hotel = verdictOf('Hotel cache check');
    verdictOf('Hostal cache check');
    verdictOf('Camping cache check');
    expect(verdictOf('Hotel cache check')).toBe(hotel);
  });

  it('forgets the oldest label once 20,000 newer ones were classified, and not before', () => {
    classifyFreshLabels(CACHE_LIMIT + 10); // the cache now holds only fillers, and is full
    const kept = verdictOf('Pensión cache bound');
    classifyFreshLabels(CACHE_LIMIT - 1);
    expect(verdictOf('Pensión cache bound')).toBe(kept); // still one of the 20,000 newest
    classifyFreshLabels(1); // the 20,000th newer label pushes it out
    const again = verdictOf('Pensión cache bound');
    expect(again).not.toBe(kept); // evicted, classified afresh
    expect(again).toEqual(kept);
  });
});

describe('classifyLodgingType skips what is not a label', () => {
  it.each([[42], [null], [{ label: 'Hotel' }]])('ignores %j among the labels', (notALabel) => {
    const result = classifyLodgingType(['Hotel', notALabel as unknown as string]);
    expect(result.lodgingType).toBe('hotel');
    expect(result.verdicts).toHaveLength(1);
  });
});
