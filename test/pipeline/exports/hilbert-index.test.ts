// The Hilbert index: neighbours stay close along the curve, every cell has its own position, edges clamp.
import { describe, expect, it } from 'vitest';
import { hilbertIndex } from '../../../pipeline/exports/hilbert-index.ts';

describe('hilbertIndex', () => {
  it('maps the globe onto 0 .. 2^32 - 1, the corners and out-of-range values clamped', () => {
    for (const [lng, lat] of [[-180, -90], [180, 90], [-180, 90], [180, -90], [0, 0], [999, -999]] as const) {
      const index = hilbertIndex(lng, lat);
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(2 ** 32);
    }
    expect(hilbertIndex(-180, -90)).toBe(0);
  });

  it('gives distinct cells distinct positions (a bijection on a coarse sample)', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 64; i += 1) for (let j = 0; j < 64; j += 1) seen.add(hilbertIndex(-180 + (i + 0.5) * (360 / 64), -90 + (j + 0.5) * (180 / 64)));
    expect(seen.size).toBe(64 * 64);
  });

  it('keeps Madrid nearer to Toledo than to Lisbon along the curve', () => {
    const madrid = hilbertIndex(-3.7038, 40.4168);
    expect(Math.abs(madrid - hilbertIndex(-4.0273, 39.8628))).toBeLessThan(Math.abs(madrid - hilbertIndex(-9.1393, 38.7223)));
  });
});
