// The audit sampler's draws: shares in proportion to each export's size, and a seeded draw without repeats.
import { describe, expect, it } from 'vitest';
import { allocate, draw } from '../../bench/audit-sample.ts';
import { createRandom } from '../../pipeline/generate/prng.ts';

describe('allocate', () => {
  it('shares the count in proportion, the largest remainders taking what is left', () => {
    expect(allocate([1173, 484, 664, 492, 300, 37, 215], 300)).toEqual([105, 43, 59, 44, 27, 3, 19]);
    expect(allocate([1, 1, 1], 2)).toEqual([1, 1, 0]);
    expect(allocate([10, 30], 4)).toEqual([1, 3]);
  });

  it('never asks for more than there is, and gives nothing from nothing', () => {
    expect(allocate([2, 3], 300)).toEqual([2, 3]);
    expect(allocate([0, 0], 10)).toEqual([0, 0]);
    expect(allocate([5, 5], 0)).toEqual([0, 0]);
  });
});

describe('draw', () => {
  const items = Array.from({ length: 50 }, (_, index) => index);

  it('draws distinct items, the same ones for the same seed', () => {
    const first = draw(items, 20, createRandom(33));
    expect(new Set(first).size).toBe(20);
    expect(draw(items, 20, createRandom(33))).toEqual(first);
    expect(draw(items, 20, createRandom(34))).not.toEqual(first);
  });

  it('takes all when asked for more, and leaves its input as it was', () => {
    const copy = [...items];
    expect([...draw(items, 80, createRandom(1))].sort((a, b) => a - b)).toEqual(items);
    expect(items).toEqual(copy);
  });
});
