// The held-out measurement: a fixed fifth of the exact labels, removed and classified by what is left.
import { describe, expect, it } from 'vitest';
import { isHeldOut, measureHoldout } from '../../../pipeline/labels/label-holdout.ts';
import { rawLabelTables } from '../../../pipeline/normalise/bundled-label-tables.ts';

describe('isHeldOut', () => {
  it('holds out the same labels on every call, about one in five', () => {
    const labels = Array.from({ length: 2000 }, (_, i) => `Label ${i}`);
    const held = labels.filter((label) => isHeldOut('es', label));
    expect(labels.filter((label) => isHeldOut('es', label))).toEqual(held);
    expect(held.length / labels.length).toBeGreaterThan(0.15);
    expect(held.length / labels.length).toBeLessThan(0.25);
  });

  it('depends on the language as well as the label', () => {
    const labels = Array.from({ length: 200 }, (_, i) => `Label ${i}`);
    expect(labels.filter((label) => isHeldOut('es', label))).not.toEqual(labels.filter((label) => isHeldOut('fr', label)));
  });
});

describe('measureHoldout', () => {
  it('classifies each held-out label with the rest of the tables, one result per language', () => {
    const results = measureHoldout(rawLabelTables());
    expect(results.map((result) => result.language)).toEqual(rawLabelTables().map((table) => table.language));
    for (const result of results) {
      expect(result.heldOut).toBeGreaterThan(0);
      expect(result.heldOut).toBeLessThan(result.labels);
      expect(result.correct + result.misses.length).toBe(result.heldOut);
      expect(result.accuracy).toBeCloseTo(result.correct / result.heldOut);
      for (const miss of result.misses) expect(miss.got).not.toBe(miss.expected);
    }
  });

  it('is harder when strict: a held-out head word no longer finds itself', () => {
    const plain = measureHoldout(rawLabelTables()).reduce((n, result) => n + result.correct, 0);
    const strict = measureHoldout(rawLabelTables(), { strict: true }).reduce((n, result) => n + result.correct, 0);
    expect(strict).toBeLessThanOrEqual(plain);
  });
});
